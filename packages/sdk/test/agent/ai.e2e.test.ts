/**
 * The AI SDK adapter driving the real stack (gateway + worker on Redis, Chromium, the loopback
 * shop): `generateText` with the AI SDK's own MockLanguageModelV4 playing a fixed script of tool
 * calls. Every request the model double receives is recorded: the password must never be in one.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { startStack, waitFor, type Stack } from '@pagemap/test-utils';
import { generateText, stepCountIs, streamText } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { Pagemap } from '../../src';
import { pagemapTools } from '../../src/ai';
import { SHOP_PASSWORD, startShopSite, type ShopSite } from './shop-site';

let stack: Stack;
let site: ShopSite;
let client: Pagemap;

beforeAll(async () => {
  site = await startShopSite();
  stack = await startStack({ workers: 1, gateways: 1 });
  const { apiKey } = await stack.tenant({ plan: 'scale' });
  client = new Pagemap({ apiKey, baseUrl: stack.url });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.server.close();
});

type Step = (call: LanguageModelV4CallOptions) => Promise<{ tool: string; input: object } | string>;

/** A model double that plays `steps` in order and keeps every request it got. */
function scriptedModel(steps: Step[]) {
  const calls: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (call): Promise<LanguageModelV4GenerateResult> => {
      calls.push(call);
      const next = await steps[calls.length - 1]!(call);
      const usage = {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      if (typeof next === 'string')
        return {
          content: [{ type: 'text', text: next }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      return {
        content: [
          {
            type: 'tool-call',
            toolCallId: `call-${calls.length}`,
            toolName: next.tool,
            input: JSON.stringify(next.input),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

const toolNames = (call: LanguageModelV4CallOptions) => (call.tools ?? []).map((t) => t.name).sort();
const toolOf = (call: LanguageModelV4CallOptions, name: string) =>
  call.tools?.find((t) => t.name === name) as
    | { description?: string; inputSchema: { properties: Record<string, { enum?: string[] }>; required: string[] } }
    | undefined;
/** The last tool result the model was sent, parsed. */
function lastToolResult(call: LanguageModelV4CallOptions): {
  ok: boolean;
  error?: { code: string };
  page?: { tools: string[]; page_content?: string; title: string };
} {
  const msg = [...call.prompt].reverse().find((m) => m.role === 'tool');
  const part = msg?.content.find((p) => p.type === 'tool-result') as
    | { output: { type: string; value: unknown } }
    | undefined;
  if (!part) throw new Error('no tool result in the prompt');
  return part.output.value as ReturnType<typeof lastToolResult>;
}

test('search, follow a result, read it, sign in with a placeholder password, read the orders; session closed at the end', async () => {
  const pagemap = pagemapTools({ client, secrets: { '127.0.0.1': { username: 'alice', password: SHOP_PASSWORD } } });
  const [searchesBefore, loginsBefore] = [site.searches.length, site.logins.length];
  let sessionId: string | undefined;
  const { model, calls } = scriptedModel([
    async () => ({ tool: 'browse', input: { url: site.server.url('/shop') } }),
    async () => ((sessionId = pagemap.browser.sessionId), { tool: 'search', input: { query: 'kettle' } }),
    async () => ({ tool: 'follow_link', input: { link: 'Blue kettle' } }),
    async () => ({ tool: 'read_page', input: {} }),
    async () => ({ tool: 'follow_link', input: { link: 'Sign in to buy' } }),
    async () => ({ tool: 'login', input: { username: '{{secret:username}}', password: '{{secret:password}}' } }),
    async () => ({ tool: 'read_page', input: {} }),
    async () => 'Order 1001 is the blue kettle.',
  ]);
  let text: string;
  try {
    ({ text } = await generateText({
      model,
      tools: pagemap.tools,
      stopWhen: stepCountIs(12),
      prompt: 'Find my order.',
    }));
  } finally {
    await pagemap.close();
  }
  expect(text).toBe('Order 1001 is the blue kettle.');
  expect(calls).toHaveLength(8);

  // The tool list follows the page: the shop's search, then the results' links, then the login form.
  expect(toolNames(calls[0]!)).toEqual(['browse']);
  expect(toolNames(calls[1]!)).toEqual(['browse', 'follow_link', 'navigate', 'read_page', 'search']);
  expect(toolOf(calls[1]!, 'search')!.inputSchema.required).toEqual(['query']);
  expect(toolNames(calls[2]!)).not.toContain('search');
  expect(toolOf(calls[2]!, 'follow_link')!.inputSchema.properties.link!.enum).toEqual(['Blue kettle']);
  expect(lastToolResult(calls[4]!).page!.page_content).toContain('boils 1.7 litres');
  const login = toolOf(calls[5]!, 'login')!;
  expect(login.description).toContain('{{secret:password}}');
  expect(lastToolResult(calls[7]!).page!.page_content).toContain('Order 1001');

  // The calls reached the page: the search query, and the real password (filled in outside the model).
  expect(site.searches.slice(searchesBefore)).toEqual(['kettle']);
  expect(site.logins.slice(loginsBefore)).toHaveLength(1);
  expect(new URLSearchParams(site.logins.at(-1)).get('password')).toBe(SHOP_PASSWORD);
  // …and never the model: not in any request it received, though the placeholder was.
  const everything = JSON.stringify(calls);
  expect(everything).not.toContain(SHOP_PASSWORD);
  expect(everything).toContain('{{secret:password}}');

  // One session for the run, closed at the end.
  expect(sessionId).toBeDefined();
  await expect(client.browse({ session_id: sessionId! })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
}, 120_000);

test('ELEMENT_GONE and an expired session come back as tool results, and the run recovers', async () => {
  const pagemap = pagemapTools({ client });
  let firstSession: string | undefined;
  const { model, calls } = scriptedModel([
    async () => ({ tool: 'browse', input: { url: site.server.url('/shop/notes') } }),
    async (call) => {
      // The page drops its form after the model got its tools (the page re-rendered).
      expect(toolNames(call)).toContain('add_note');
      site.dropNotesForm();
      await waitFor(() => site.server.hits('/shop/notes/removed') > 0, 20_000, 'the notes form to be removed');
      return { tool: 'add_note', input: { note: 'milk' } };
    },
    async (call) => {
      expect(lastToolResult(call)).toMatchObject({ ok: false, error: { code: 'ELEMENT_GONE' } });
      expect(lastToolResult(call).page!.tools).not.toContain('add_note');
      // The session expires behind the agent's back.
      firstSession = pagemap.browser.sessionId;
      await client.closeSession(firstSession!);
      return { tool: 'read_page', input: {} };
    },
    async (call) => {
      expect(lastToolResult(call)).toMatchObject({ ok: false, error: { code: 'SESSION_EXPIRED' } });
      return { tool: 'read_page', input: {} };
    },
    async () => 'done',
  ]);
  try {
    await generateText({ model, tools: pagemap.tools, stopWhen: stepCountIs(8), prompt: 'Add a note.' });
    expect(calls).toHaveLength(5);
    const recovered = lastToolResult(calls[4]!);
    expect(recovered.ok).toBe(true);
    expect(recovered.page!.title).toBe('Notes');
    expect(pagemap.browser.sessionId).not.toBe(firstSession);
  } finally {
    await pagemap.close();
  }
}, 120_000);

test("streamText: a multi-step stream gets the new page's tools at each step", async () => {
  const pagemap = pagemapTools({ client });
  const seen: string[][] = [];
  const moves = [
    { tool: 'browse', input: { url: site.server.url('/shop') } },
    { tool: 'search', input: { query: 'toaster' } },
    'Found the red toaster.',
  ];
  const model = new MockLanguageModelV4({
    doStream: async (call) => {
      seen.push(toolNames(call));
      const move = moves[seen.length - 1]!;
      const usage = {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      };
      const parts =
        typeof move === 'string'
          ? [
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: move },
              { type: 'text-end' as const, id: 't' },
              { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
            ]
          : [
              {
                type: 'tool-call' as const,
                toolCallId: `s-${seen.length}`,
                toolName: move.tool,
                input: JSON.stringify(move.input),
              },
              { type: 'finish' as const, finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage },
            ];
      return { stream: convertArrayToReadableStream([{ type: 'stream-start' as const, warnings: [] }, ...parts]) };
    },
  });
  try {
    const result = streamText({ model, tools: pagemap.tools, stopWhen: stepCountIs(5), prompt: 'Find a toaster.' });
    expect(await result.text).toBe('Found the red toaster.');
  } finally {
    await pagemap.close();
  }
  expect(seen[0]).toEqual(['browse']);
  expect(seen[1]).toContain('search');
  expect(seen[2]).not.toContain('search');
  expect(seen[2]).toContain('follow_link');
  expect(site.searches).toContain('toaster');
}, 120_000);

test('a session that expired for real (idle time-out) is reopened and the run goes on', async () => {
  // A stack whose sessions expire after one idle second; the test waits for the expiry itself.
  const idle = await startStack({ workers: 1, gateways: 1, workerEnv: { PAGEMAP_SESSION_IDLE_S: '1' } });
  try {
    const { tenant, apiKey } = await idle.tenant({ plan: 'scale' });
    const pagemap = pagemapTools({ pagemap: { apiKey, baseUrl: idle.url } });
    const { model, calls } = scriptedModel([
      async () => ({ tool: 'browse', input: { url: site.server.url('/shop') } }),
      async () => {
        const id = pagemap.browser.sessionId;
        await waitFor(
          async () => !(await idle.directory.openSessions(tenant.id)).some((s) => s.sessionId === id),
          30_000,
          'the idle session to expire',
        );
        return { tool: 'search', input: { query: 'kettle' } };
      },
      async (call) => {
        expect(lastToolResult(call)).toMatchObject({ ok: false, error: { code: 'SESSION_EXPIRED' } });
        return { tool: 'search', input: { query: 'kettle' } };
      },
      async (call) => {
        expect(lastToolResult(call)).toMatchObject({ ok: true, page: { title: 'Results for kettle' } });
        return 'done';
      },
    ]);
    try {
      await generateText({ model, tools: pagemap.tools, stopWhen: stepCountIs(6), prompt: 'Search.' });
    } finally {
      await pagemap.close();
    }
    expect(calls).toHaveLength(4);
  } finally {
    await idle.stop();
  }
}, 120_000);
