/**
 * The published build. `@pagemap/contracts` is private (installable nowhere), so its schemas and
 * types are bundled into dist — code by esbuild, declarations by tsup's rollup-dts pass — and the
 * tarball depends on `zod` alone. tsconfig.build.json maps `@pagemap/contracts` to its sources,
 * so both passes read it as part of this package instead of an external module.
 * Two folders as before: dist/cjs (CommonJS, the package's own module system) and dist/esm
 * (finished by scripts/write-esm-package.js).
 */
import { defineConfig, type Options } from 'tsup';

const shared: Options = {
  // The core, one entry per agent framework (each bundles the core it uses; the frameworks stay
  // external: they are the user's, as peer dependencies), and the example agent's command.
  entry: {
    index: 'src/index.ts',
    ai: 'src/ai.ts',
    langchain: 'src/langchain.ts',
    anthropic: 'src/anthropic.ts',
    cli: 'src/cli.ts',
  },
  tsconfig: 'tsconfig.build.json',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  external: ['zod', 'ai', '@langchain/core', '@anthropic-ai/sdk'],
  noExternal: ['@pagemap/contracts'],
  // One file per format, no shared chunks, `.js` in both folders.
  splitting: false,
  outExtension: () => ({ js: '.js' }),
};

export default defineConfig([
  // Declarations once: they have no default export, so the same file serves both folders
  // (the post-build script copies them), and the slow rollup-dts pass runs once.
  { ...shared, format: 'cjs', outDir: 'dist/cjs', clean: true, dts: true },
  { ...shared, format: 'esm', outDir: 'dist/esm', clean: true },
]);
