/**
 * The SDK as a user outside this repository gets it: `npm pack` of this package, the tarball
 * installed with npm into a fresh project in the OS temp dir (no workspace, no pnpm links), and
 * the README's quickstart block run from there against a live gateway + worker, browsing the
 * loopback fixture site. The tarball's only dependency (zod) comes from the npm cache or registry.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FIXTURE_USERS, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';

const exec = promisify(execFile);
/** Every child is bounded: a stuck npm or script fails the test, never holds jest open. */
const run = (file: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; maxBuffer?: number } = {}) =>
  exec(file, args, { timeout: 240_000, killSignal: 'SIGKILL', encoding: 'utf8', ...opts });
const SDK_DIR = join(__dirname, '..');
const WORKSPACE = join(SDK_DIR, '..', '..');

let stack: Stack;
let site: FixtureServer;
let key: string;
let tmp: string;
let app: string;

/** npm with its own noise off; the project's Node on PATH first. */
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });

/** The first ```js block after "## Quickstart" in the README. */
function readmeQuickstart(): string {
  const readme = readFileSync(join(SDK_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart'));
  const m = /```js\n([\s\S]*?)```/.exec(section);
  if (!m) throw new Error('README.md has no ```js block under "## Quickstart"');
  return m[1]!;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'pagemap-sdk-pack-'));
  app = join(tmp, 'app');
  const packing = (async () => {
    const { stdout } = await npm(['pack', '--json', '--pack-destination', tmp], SDK_DIR);
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pagemap-sdk-user', private: true }));
    await npm(['install', '--prefer-offline', join(tmp, filename)], app);
  })();
  site = await startFixtureServer();
  stack = await startStack({ workers: 1, gateways: 1 });
  ({ apiKey: key } = await stack.tenant());
  await packing;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball depends on zod alone and its code names no private package', () => {
  expect(app.startsWith(WORKSPACE)).toBe(false);
  const installed = join(app, 'node_modules', '@pagemap', 'sdk');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  expect(manifest.dependencies).toEqual({ zod: expect.stringMatching(/^\d/) });
  // The agent frameworks are optional peers (one subpath each): none is installed with the SDK.
  expect(Object.keys(manifest.peerDependencies ?? {}).sort()).toEqual(['@anthropic-ai/sdk', '@langchain/core', 'ai']);
  expect(Object.values(manifest.peerDependenciesMeta ?? {})).toEqual([
    { optional: true },
    { optional: true },
    { optional: true },
  ]);
  expect(manifest.optionalDependencies).toBeUndefined();
  // What npm installed: the SDK and zod, nothing from the workspace.
  expect(
    readdirSync(join(app, 'node_modules'))
      .filter((d) => !d.startsWith('.'))
      .sort(),
  ).toEqual(['@pagemap', 'zod']);
  expect(readdirSync(join(app, 'node_modules', '@pagemap'))).toEqual(['sdk']);
  const importsPrivate = /(?:from\s*|require\(\s*|import\(\s*)['"]@pagemap\//;
  for (const f of ['dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/esm/index.js', 'dist/esm/index.d.ts']) {
    expect([f, importsPrivate.test(readFileSync(join(installed, f), 'utf8'))]).toEqual([f, false]);
  }
});

test('the README quickstart runs from the installed tarball against a live stack', async () => {
  writeFileSync(join(app, 'quickstart.mjs'), readmeQuickstart());
  const { stdout } = await run(process.execPath, ['quickstart.mjs', site.url('/login.html')], {
    cwd: app,
    env: {
      PATH: process.env.PATH ?? '',
      PAGEMAP_API_KEY: key,
      PAGEMAP_BASE_URL: stack.url,
      SITE_PASSWORD: FIXTURE_USERS.alice,
    },
  });
  // session id + title + tool names; the login's result and the page after it; usage.
  expect(stdout).toMatch(/^[A-Za-z0-9_-]{22,} Sign in — Fixture Shop \[.*'(login|sign_in)'.*\]$/m);
  expect(stdout).toMatch(/success: true,\s+error: null/);
  expect(stdout).toContain('Your account');
  expect(stdout).toMatch(/used: [2-9]/);
}, 60_000);

test('CommonJS require and the bundled schemas work from the tarball', async () => {
  const script = [
    "const { Pagemap, BrowserSession, BrowseResponse, SessionNotFoundError, PagemapApiError } = require('@pagemap/sdk');",
    "const parsed = BrowseResponse.safeParse({ session_id: 'x'.repeat(22), expires_at: '2026-01-01T00:00:00Z', url: 'u', title: 't', summary: 's', tools: [], future_field: 1 });",
    "console.log(typeof Pagemap, typeof BrowserSession, parsed.success, new SessionNotFoundError({ status: 404, code: 'SESSION_NOT_FOUND', message: 'gone', usage: {} }) instanceof PagemapApiError);",
  ].join('\n');
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: app });
  expect(stdout.trim()).toBe('function function true true');
});

test('the bundled declarations type-check the quickstart (strict, library checks on)', async () => {
  writeFileSync(join(app, 'quickstart.mts'), readmeQuickstart());
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        // Node's own types only (the quickstart reads process.env); the SDK's and zod's come from ./node_modules.
        typeRoots: [join(WORKSPACE, 'node_modules', '@types')],
        types: ['node'],
      },
      files: ['quickstart.mts'],
    }),
  );
  const tsc = require.resolve('typescript/bin/tsc', { paths: [WORKSPACE] });
  const res = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app }).catch(
    (err: { stdout?: string; code?: number }) => err,
  );
  expect(res.stdout ?? '').toBe('');
}, 120_000);
