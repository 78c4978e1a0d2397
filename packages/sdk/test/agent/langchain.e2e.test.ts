/**
 * The LangChain adapter driving the real stack: `runLangChainAgent` with a scripted chat model
 * built on LangChain's own FakeChatModel. The model double keeps every message list it was sent
 * and every tool set it was bound to: the password must be in none of them.
 */
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { FakeChatModel } from '@langchain/core/utils/testing';
import { startStack, type Stack } from '@pagemap/test-utils';
import { Pagemap } from '../../src';
import { runLangChainAgent } from '../../src/langchain';
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

type Move = { tool: string; args: Record<string, unknown> } | string;

/** A fake chat model that answers with `moves` in order, recording what it was sent. */
class ScriptedChatModel extends FakeChatModel {
  readonly requests: BaseMessage[][] = [];
  readonly toolSets: string[][] = [];
  readonly boundTools: StructuredToolInterface[][] = [];
  constructor(private readonly moves: Move[]) {
    super({});
  }
  override bindTools(tools: StructuredToolInterface[]) {
    this.boundTools.push(tools);
    this.toolSets.push(tools.map((t) => t.name).sort());
    return this as unknown as ReturnType<NonNullable<FakeChatModel['bindTools']>>;
  }
  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.requests.push([...messages]);
    const move = this.moves[this.requests.length - 1] ?? 'out of moves';
    const message =
      typeof move === 'string'
        ? new AIMessage(move)
        : new AIMessage({
            content: '',
            tool_calls: [{ id: `call-${this.requests.length}`, name: move.tool, args: move.args, type: 'tool_call' }],
          });
    return { generations: [{ text: typeof move === 'string' ? move : '', message }] };
  }
}

/** The JSON outcome of the last tool message in a request. */
function lastOutcome(messages: BaseMessage[]): {
  ok: boolean;
  error?: { code: string };
  page?: { page_content?: string };
} {
  const tool = [...messages].reverse().find((m) => m.getType() === 'tool');
  return JSON.parse(String(tool?.content));
}

test('a full run: search, follow a result, read, log in with a placeholder password, read; session closed', async () => {
  const model = new ScriptedChatModel([
    { tool: 'search', args: { query: 'kettle' } },
    { tool: 'follow_link', args: { link: 'Blue kettle' } },
    { tool: 'read_page', args: {} },
    { tool: 'follow_link', args: { link: 'Sign in to buy' } },
    { tool: 'login', args: { username: '{{secret:username}}', password: '{{secret:password}}' } },
    { tool: 'read_page', args: {} },
    'Order 1001 is the blue kettle.',
  ]);
  const [searchesBefore, loginsBefore] = [site.searches.length, site.logins.length];
  const sessionsSeen = new Set<string>();
  const result = await runLangChainAgent({
    model,
    goal: 'Find my last order.',
    startUrl: site.server.url('/shop'),
    client: {
      browse: async (input, options) => {
        const page = await client.browse(input, options);
        sessionsSeen.add(page.session_id);
        return page;
      },
      closeSession: (id, options) => client.closeSession(id, options),
    },
    secrets: { '127.0.0.1': { username: 'alice', password: SHOP_PASSWORD } },
  });
  expect(result.text).toBe('Order 1001 is the blue kettle.');
  expect(result.steps).toBe(7);

  // The tools follow the page.
  expect(model.toolSets[0]).toEqual(['browse', 'follow_link', 'navigate', 'read_page', 'search']);
  expect(model.toolSets[1]).not.toContain('search');
  expect(model.toolSets[4]).toContain('login');
  expect(model.toolSets[5]).not.toContain('login');
  const login = model.boundTools[4]!.find((t) => t.name === 'login')!;
  expect(login.description).toContain('{{secret:password}}');
  expect(lastOutcome(model.requests[3]!).page!.page_content).toContain('boils 1.7 litres');
  expect(lastOutcome(model.requests[6]!).page!.page_content).toContain('Order 1001');

  // The page got the real password; the model never did.
  expect(site.searches.slice(searchesBefore)).toEqual(['kettle']);
  expect(site.logins.length).toBe(loginsBefore + 1);
  expect(new URLSearchParams(site.logins.at(-1)).get('password')).toBe(SHOP_PASSWORD);
  const sent =
    JSON.stringify(model.requests) + JSON.stringify(model.boundTools.map((ts) => ts.map((t) => t.description)));
  expect(sent).not.toContain(SHOP_PASSWORD);
  expect(sent).toContain('{{secret:password}}');

  // One session, closed at the end.
  expect(sessionsSeen.size).toBe(1);
  await expect(client.browse({ session_id: [...sessionsSeen][0]! })).rejects.toMatchObject({
    code: 'SESSION_NOT_FOUND',
  });
}, 120_000);

test('a secret scoped to another site is refused as a tool result, and nothing is posted', async () => {
  const model = new ScriptedChatModel([
    { tool: 'login', args: { username: 'alice', password: '{{secret:password}}' } },
    'I may not use that password here.',
  ]);
  const loginsBefore = site.logins.length;
  const result = await runLangChainAgent({
    model,
    goal: 'Sign in.',
    startUrl: site.server.url('/shop/login'),
    client,
    // The page is on 127.0.0.1; this password belongs to `localhost`, another site.
    secrets: { localhost: { password: SHOP_PASSWORD } },
  });
  expect(result.text).toBe('I may not use that password here.');
  expect(lastOutcome(model.requests[1]!)).toMatchObject({ ok: false, error: { code: 'SECRET_NOT_ALLOWED' } });
  expect(site.logins.length).toBe(loginsBefore);
  expect(JSON.stringify(model.requests)).not.toContain(SHOP_PASSWORD);
}, 120_000);
