/**
 * The Anthropic tool-use loop driving the real stack, the model being a local stand-in of the
 * Messages API behind the Anthropic SDK's baseURL (every request recorded); and the example
 * agent `pagemap agent` run as a process the same way.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Anthropic from '@anthropic-ai/sdk';
import { startStack, type Stack } from '@pagemap/test-utils';
import { Pagemap } from '../../src';
import { createAgentBrowser, runAnthropicAgent } from '../../src/anthropic';
import { startMessagesStub, type MessagesStub, type StubRequest } from './messages-stub';
import { SHOP_PASSWORD, startShopSite, type ShopSite } from './shop-site';

const exec = promisify(execFile);
const CLI = join(__dirname, '..', '..', 'dist', 'cjs', 'cli.js');

let stack: Stack;
let site: ShopSite;
let apiKey: string;
let client: Pagemap;
const stubs: MessagesStub[] = [];

beforeAll(async () => {
  site = await startShopSite();
  stack = await startStack({ workers: 1, gateways: 1 });
  ({ apiKey } = await stack.tenant({ plan: 'scale' }));
  client = new Pagemap({ apiKey, baseUrl: stack.url });
}, 90_000);

afterAll(async () => {
  await Promise.all(stubs.map((s) => s.close()));
  await stack?.stop();
  await site?.server.close();
});

async function stub(script: Parameters<typeof startMessagesStub>[0]): Promise<MessagesStub> {
  const s = await startMessagesStub(script);
  stubs.push(s);
  return s;
}

const toolNames = (req: StubRequest) => (req.json.tools ?? []).map((t) => t.name).sort();
/** The outcome in the last tool_result block of a request. */
function lastOutcome(req: StubRequest): { ok: boolean; error?: { code: string }; page?: { page_content?: string } } {
  const last = req.json.messages.at(-1)!.content as { type: string; content: string }[];
  return JSON.parse(last.find((b) => b.type === 'tool_result')!.content);
}

test('a full run through the tool-use loop: search, follow, read, log in with a placeholder, read; session closed', async () => {
  const messages = await stub([
    { tool: 'search', input: { query: 'kettle' } },
    { tool: 'follow_link', input: { link: 'Blue kettle' } },
    { tool: 'read_page', input: {} },
    { tool: 'follow_link', input: { link: 'Sign in to buy' } },
    { tool: 'login', input: { username: '{{secret:username}}', password: '{{secret:password}}' } },
    { tool: 'read_page', input: {} },
    'Order 1001 is the blue kettle.',
  ]);
  const [searchesBefore, loginsBefore] = [site.searches.length, site.logins.length];
  const sessions = new Set<string>();
  const result = await runAnthropicAgent({
    anthropic: new Anthropic({ apiKey: 'test-key', baseURL: messages.url, maxRetries: 0 }),
    model: 'stub-model',
    goal: 'Find my last order.',
    startUrl: site.server.url('/shop'),
    client: {
      browse: async (input, options) => {
        const page = await client.browse(input, options);
        sessions.add(page.session_id);
        return page;
      },
      closeSession: (id, options) => client.closeSession(id, options),
    },
    secrets: { '127.0.0.1': { username: 'alice', password: SHOP_PASSWORD } },
  });
  expect(result.text).toBe('Order 1001 is the blue kettle.');
  const reqs = messages.requests;
  expect(reqs).toHaveLength(7);
  expect(toolNames(reqs[0]!)).toEqual(['browse', 'follow_link', 'navigate', 'read_page', 'search']);
  expect(toolNames(reqs[1]!)).not.toContain('search');
  expect(toolNames(reqs[4]!)).toContain('login');
  expect(reqs[4]!.json.tools!.find((t) => t.name === 'login')!.description).toContain('{{secret:password}}');
  expect(toolNames(reqs[5]!)).not.toContain('login');
  expect(lastOutcome(reqs[3]!).page!.page_content).toContain('boils 1.7 litres');
  expect(lastOutcome(reqs[6]!).page!.page_content).toContain('Order 1001');

  expect(site.searches.slice(searchesBefore)).toEqual(['kettle']);
  expect(site.logins.length).toBe(loginsBefore + 1);
  expect(new URLSearchParams(site.logins.at(-1)).get('password')).toBe(SHOP_PASSWORD);
  const sent = reqs.map((r) => r.body).join('\n');
  expect(sent).not.toContain(SHOP_PASSWORD);
  expect(sent).toContain('{{secret:password}}');

  expect(sessions.size).toBe(1);
  await expect(client.browse({ session_id: [...sessions][0]! })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
}, 120_000);

test('a failing model ends the run with its error, and the session is closed anyway', async () => {
  const sessions: string[] = [];
  const err = await runAnthropicAgent({
    // Nothing listens there: the model call fails after the start page was opened.
    anthropic: new Anthropic({ apiKey: 'test-key', baseURL: 'http://127.0.0.1:1', maxRetries: 0 }),
    model: 'stub-model',
    goal: 'Anything.',
    startUrl: site.server.url('/shop'),
    client: {
      browse: async (input, options) => {
        const page = await client.browse(input, options);
        sessions.push(page.session_id);
        return page;
      },
      closeSession: (id, options) => client.closeSession(id, options),
    },
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.APIConnectionError);
  expect(sessions).toHaveLength(1);
  await expect(client.browse({ session_id: sessions[0]! })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
}, 60_000);

test('a placeholder outside a credential field is refused: no secret rides in a URL or a search', async () => {
  const browser = createAgentBrowser({ client, secrets: { '127.0.0.1': { password: SHOP_PASSWORD } } });
  try {
    await browser.open(site.server.url('/shop'));
    const leak = site.server.url('/shop/leak');
    const navigated = await browser.call('navigate', { url: `${leak}?p={{secret:password}}` });
    expect(navigated).toMatchObject({ ok: false, error: { code: 'SECRET_NOT_ALLOWED' } });
    const searched = await browser.call('search', { query: '{{secret:password}}' });
    expect(searched).toMatchObject({ ok: false, error: { code: 'SECRET_NOT_ALLOWED' } });
    const browsed = await browser.call('browse', { url: `${leak}?p={{secret:password}}` });
    expect(browsed).toMatchObject({ ok: false, error: { code: 'SECRET_NOT_ALLOWED' } });
    expect(site.server.hits('/shop/leak')).toBe(0);
    expect(site.searches).not.toContain(SHOP_PASSWORD);
  } finally {
    await browser.close();
  }
}, 60_000);

test('browse after the session expired opens the page asked for in a new session', async () => {
  const browser = createAgentBrowser({ client });
  try {
    await browser.open(site.server.url('/shop'));
    const expired = browser.sessionId!;
    await client.closeSession(expired);
    const next = await browser.open(site.server.url('/shop/item/kettle'));
    expect(next).toMatchObject({ ok: true, page: { title: 'Blue kettle' } });
    expect(browser.sessionId).not.toBe(expired);
  } finally {
    await browser.close();
  }
}, 60_000);

test('aborting the run closes its session', async () => {
  const controller = new AbortController();
  const browser = createAgentBrowser({ client, signal: controller.signal });
  const opened = await browser.open(site.server.url('/shop'));
  expect(opened.ok).toBe(true);
  const id = browser.sessionId!;
  controller.abort(new Error('user stopped the run'));
  await expect(browser.call('read_page')).rejects.toThrow('user stopped the run');
  // The close started by the abort has finished once the session is gone.
  await expect(browser.close()).resolves.toBeUndefined();
  await expect(client.browse({ session_id: id })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
}, 60_000);

test('`pagemap agent "<goal>" --url <start>` runs the example agent against a Messages API stand-in', async () => {
  const messages = await stub([
    (req) => ({
      tool: toolNames(req).includes('follow_link') ? 'follow_link' : 'read_page',
      input: { link: 'Blue kettle' },
    }),
    { tool: 'read_page', input: {} },
    (req) => `Read: ${lastOutcome(req).page?.page_content?.includes('1.7 litres') ? 'kettle page' : 'nothing'}`,
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-agent-'));
  try {
    const secrets = join(dir, 'secrets.json');
    writeFileSync(secrets, JSON.stringify({ '127.0.0.1': { password: SHOP_PASSWORD } }));
    const { stdout, stderr } = await exec(
      process.execPath,
      [
        CLI,
        'agent',
        'Read about the blue kettle.',
        '--url',
        site.server.url('/shop/search?q=kettle'),
        '--secrets',
        secrets,
      ],
      {
        timeout: 60_000,
        killSignal: 'SIGKILL',
        env: {
          PATH: process.env.PATH ?? '',
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: messages.url,
          PAGEMAP_API_KEY: apiKey,
          PAGEMAP_BASE_URL: stack.url,
        },
      },
    );
    expect(stdout.trim()).toBe('Read: kettle page');
    expect(stderr).toContain('→ follow_link {"link":"Blue kettle"}');
    expect(messages.requests).toHaveLength(3);
    expect(messages.requests[0]!.json.model).toBe('claude-sonnet-4-5');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);

test('`pagemap agent` without ANTHROPIC_API_KEY or --url says what is missing (exit 2)', async () => {
  const res = await exec(process.execPath, [CLI, 'agent', 'goal', '--url', 'http://127.0.0.1:9/'], {
    env: { PATH: process.env.PATH ?? '' },
  }).catch((e: { code: number; stderr: string }) => e);
  expect(res).toMatchObject({ code: 2 });
  expect((res as { stderr: string }).stderr).toContain('ANTHROPIC_API_KEY is not set');
  const noUrl = await exec(process.execPath, [CLI, 'agent', 'goal'], { env: { PATH: process.env.PATH ?? '' } }).catch(
    (e: { code: number; stderr: string }) => e,
  );
  expect(noUrl).toMatchObject({ code: 2 });
  expect((noUrl as { stderr: string }).stderr).toContain('--url must be an absolute http(s) URL');
});
