/**
 * The adapters as a user outside this repository gets them: the packed tarball installed with
 * npm into one fresh project per framework, next to that framework alone (the others are
 * optional peers and must not be needed), then type-checked strictly as ES module and CommonJS
 * code, and loaded by Node both ways. Dependencies come from the npm cache or registry.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const run = (file: string, args: string[], cwd: string) =>
  exec(file, args, {
    cwd,
    timeout: 240_000,
    killSignal: 'SIGKILL',
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
const SDK_DIR = join(__dirname, '..', '..');
/** The package name, spliced into the user code below (kept out of literal imports, which the repository's dependency check reads). */
const SDK = '@pagemap/sdk';
const WORKSPACE = join(SDK_DIR, '..', '..');
const npm = (args: string[], cwd: string) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], cwd);

/** Per framework: the package it installs, and code a user writes (valid as ESM and as CommonJS). */
const PROJECTS = {
  ai: {
    deps: ['ai@^7'],
    code: `import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { Pagemap } from '${SDK}';
import { pagemapTools, type ToolOutcome } from '${SDK}/ai';

export async function findOrder(model: LanguageModel): Promise<string> {
  const pagemap = pagemapTools({ client: new Pagemap({ apiKey: 'pm_x' }), secrets: { 'shop.example': { password: 'pw' } } });
  try {
    const { text } = await generateText({ model, tools: pagemap.tools, stopWhen: stepCountIs(8), prompt: 'Find my order.' });
    return text;
  } finally {
    await pagemap.close();
  }
}
export const first: Promise<ToolOutcome> = pagemapTools({ pagemap: { apiKey: 'pm_x' } }).browser.open('https://shop.example/');
`,
    load: "Object.keys(m.pagemapTools({ pagemap: { apiKey: 'k' } }).tools).join(',')",
    loaded: 'browse',
    // Its docs page's examples use a model provider, installed after the checks above.
    docs: 'agents-ai-sdk.md',
    docsDeps: ['@ai-sdk/anthropic@^4'],
  },
  langchain: {
    deps: ['@langchain/core@^1'],
    code: `import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { pagemapLangChainTools, runLangChainAgent } from '${SDK}/langchain';

export async function findOrder(model: BaseChatModel): Promise<string> {
  const { text } = await runLangChainAgent({ model, goal: 'Find my order.', startUrl: 'https://shop.example/', pagemap: { apiKey: 'pm_x' } });
  return text;
}
export const tools: DynamicStructuredTool[] = pagemapLangChainTools({ secrets: () => ({ password: 'pw' }) }).tools();
`,
    load: "m.pagemapLangChainTools({ pagemap: { apiKey: 'k' } }).tools().map((t) => t.name).join(',')",
    loaded: 'browse',
    docs: 'agents-langchain.md',
    docsDeps: ['@langchain/anthropic@^1'],
  },
  anthropic: {
    deps: ['@anthropic-ai/sdk@^1.12.0'],
    code: `import Anthropic from '@anthropic-ai/sdk';
import { anthropicTools, createAgentBrowser, runAnthropicAgent } from '${SDK}/anthropic';

export async function findOrder(): Promise<string> {
  const { text } = await runAnthropicAgent({ anthropic: new Anthropic(), model: 'claude-sonnet-4-5', goal: 'Find my order.', startUrl: 'https://shop.example/' });
  return text;
}
export const tools: Anthropic.Messages.Tool[] = anthropicTools(createAgentBrowser({ pagemap: { apiKey: 'pm_x' } }));
`,
    load: "m.anthropicTools(m.createAgentBrowser({ pagemap: { apiKey: 'k' } })).map((t) => t.name).join(',')",
    loaded: 'browse',
    // Its docs page's examples need nothing but this framework.
    docs: 'agents-anthropic.md',
    docsDeps: [],
  },
} as const satisfies Record<
  string,
  { deps: readonly string[]; code: string; load: string; loaded: string; docs: string; docsDeps: readonly string[] }
>;

let tmp: string;
let tarball: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'pagemap-sdk-frameworks-'));
  const { stdout } = await npm(['pack', '--json', '--pack-destination', tmp], SDK_DIR);
  tarball = join(tmp, (JSON.parse(stdout) as [{ filename: string }])[0].filename);
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Type-checks `files` in `app` strictly (NodeNext: .mts as ESM, .cts as CommonJS); answers tsc's output. */
async function typecheck(app: string, files: string[]): Promise<string> {
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        esModuleInterop: true,
        // The frameworks' own declarations are theirs to check; ours are checked through use.
        skipLibCheck: true,
        typeRoots: [join(WORKSPACE, 'node_modules', '@types')],
        types: ['node'],
      },
      files,
    }),
  );
  const tsc = require.resolve('typescript/bin/tsc', { paths: [WORKSPACE] });
  const res = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], app).catch((err: { stdout?: string }) => err);
  return res.stdout ?? '';
}

/** The ```ts blocks of a docs page, written as .mts files in `app`; answers their names. */
function writeDocBlocks(app: string, page: string): string[] {
  const blocks = [...readFileSync(join(WORKSPACE, 'docs', page), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)];
  return blocks.map((b, i) => {
    writeFileSync(join(app, `doc-${i + 1}.mts`), b[1]!);
    return `doc-${i + 1}.mts`;
  });
}

describe.each(Object.entries(PROJECTS))('%s', (name, project) => {
  const app = () => join(tmp, name);

  test('installs with that framework alone, type-checks strictly as ESM and CommonJS, and loads both ways', async () => {
    mkdirSync(app());
    writeFileSync(join(app(), 'package.json'), JSON.stringify({ name: `uses-${name}`, private: true }));
    await npm(['install', '--prefer-offline', tarball, ...project.deps], app());
    // Only this framework: the other adapters' frameworks are optional and stay out.
    const others = ['ai', '@langchain/core', '@anthropic-ai/sdk'].filter((d) => !project.deps[0].startsWith(d));
    for (const other of others) expect([other, existsSync(join(app(), 'node_modules', other))]).toEqual([other, false]);

    writeFileSync(join(app(), 'agent.mts'), project.code);
    writeFileSync(join(app(), 'agent.cts'), project.code);
    expect(await typecheck(app(), ['agent.mts', 'agent.cts'])).toBe('');

    const esm = await run(
      process.execPath,
      ['--input-type=module', '-e', `import * as m from '${SDK}/${name}'; console.log(${project.load});`],
      app(),
    );
    const cjs = await run(
      process.execPath,
      ['-e', `const m = require('${SDK}/${name}'); console.log(${project.load});`],
      app(),
    );
    expect([esm.stdout.trim(), cjs.stdout.trim()]).toEqual([project.loaded, project.loaded]);
  }, 240_000);

  if (name === 'ai')
    test('the pagemap command, without the Anthropic SDK installed, says how to get it (exit 2)', async () => {
      const bin = join(app(), 'node_modules', '.bin', 'pagemap');
      const res = await run(process.execPath, [bin, 'agent', 'a goal', '--url', 'http://127.0.0.1:9/'], app()).catch(
        (err: { code?: number; stderr?: string }) => err,
      );
      expect(res).toMatchObject({ code: 2 });
      expect((res as { stderr: string }).stderr).toContain('npm install @anthropic-ai/sdk');
    });

  test(`the examples of docs/${project.docs} type-check against the tarball`, async () => {
    if (project.docsDeps.length > 0) await npm(['install', '--prefer-offline', ...project.docsDeps], app());
    const files = writeDocBlocks(app(), project.docs);
    expect(files.length).toBeGreaterThan(1);
    expect(await typecheck(app(), files)).toBe('');
  }, 240_000);
});
