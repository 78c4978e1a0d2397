/**
 * The browser's own form validation: a submission it refuses (a required field empty, a URL or
 * email that is not one, text too short, a page's custom rule) sends nothing, and the tool says
 * which param and why instead of "success". A site whose click handler sends the form itself is
 * not second-guessed. Messages never carry a value given. Real Chromium, fixture pages.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, runTool, type PageMap } from '../src';
import { acceptPosts, openPage, servePage, useEnv } from './helpers';

const env = useEnv();
let posts: string[] = [];

beforeAll(() => {
  posts = acceptPosts(env(), '/valid/sent', 'Sent');
  servePage(
    env(),
    '/valid/contact',
    `<!doctype html><meta charset="utf-8"><title>Contact</title><main><h1>Contact us</h1><form action="/valid/sent" method="post">
    <label>Name <input name="name" required></label>
    <label>Website <input name="site" type="url"></label>
    <label>Message <textarea name="msg" required minlength="10"></textarea></label>
    <label>Promo code <input name="promo" id="promo"></label>
    <button>Send</button></form></main>
    <script>promo.addEventListener('input', () => promo.setCustomValidity(promo.value && promo.value !== 'SPRING' ? 'The code ' + promo.value + ' is not valid.' : ''));</script>`,
  );
  servePage(
    env(),
    '/valid/ajax',
    `<!doctype html><title>Newsletter</title><form id="f" action="/valid/sent" method="post"><label>Email <input name="email" type="email" required></label><label>Phone <input name="phone" pattern="[0-9]+"></label><button id="b">Subscribe</button></form>
    <script>b.addEventListener('click', (e) => { e.preventDefault(); fetch('/valid/sent', { method: 'POST', body: new URLSearchParams(new FormData(f)).toString() }).then(() => { document.title = 'Subscribed'; }); });</script>`,
  );
  servePage(
    env(),
    '/valid/frame-form',
    '<!doctype html><title>Feedback</title><form action="/valid/sent" method="post"><label>Your site <input name="site" type="url"></label><label>Comment <textarea name="msg"></textarea></label><button>Send feedback</button></form>',
  );
  servePage(
    env(),
    '/valid/framed',
    '<!doctype html><title>Help</title><main><h1>Help</h1><iframe src="/valid/frame-form" width="500" height="300"></iframe></main>',
  );
  servePage(
    env(),
    '/valid/login',
    '<!doctype html><title>Sign in</title><form action="/valid/sent" method="post"><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="pw"></label><button>Sign in</button></form>',
  );
});

async function run(
  path: string,
  tool: (m: PageMap) => string,
  params: Record<string, string>,
): Promise<{ out: Awaited<ReturnType<typeof runTool>>; page: Page; close: () => Promise<void> }> {
  const p = await openPage(env(), path);
  const map = await extractPageMap(p.page, { includeContent: false });
  const out = await runTool(p.page, map, { tool: tool(map), params }, { timeoutMs: 8000 });
  return { out, page: p.page, close: p.close };
}

const formTool = (m: PageMap) =>
  m.tools.find((t) => t.tool.params.some((q) => q.name === 'msg' || q.name === 'email'))!.tool.name;

test.each([
  [
    'a URL that is not one',
    { name: 'Ann', site: 'ann-lee-pottery', msg: 'A question about glazes' },
    '"site" is not a valid URL',
  ],
  ['a message shorter than its minimum', { name: 'Ann', msg: 'Hi there' }, '"msg" needs at least 10 characters'],
])('%s: nothing is sent, INVALID_PARAMS names the param and the rule', async (_what, params, says) => {
  posts.length = 0;
  const r = await run('/valid/contact', formTool, params);
  try {
    expect(r.out.result.error).toEqual({ code: 'INVALID_PARAMS', message: expect.stringContaining(says) });
    expect(r.out.navigated).toBe(false);
    expect(posts).toEqual([]);
    for (const v of Object.values(params)) expect(r.out.result.error!.message).not.toContain(v);
  } finally {
    await r.close();
  }
});

test("a page's own rule (setCustomValidity) is passed on without the value given", async () => {
  posts.length = 0;
  const r = await run('/valid/contact', formTool, { name: 'Ann', msg: 'A question about glazes', promo: 'WINTER-99' });
  try {
    expect(r.out.result.error?.code).toBe('INVALID_PARAMS');
    expect(r.out.result.error?.message).toContain('"promo" was refused by the page: The code [redacted] is not valid.');
    expect(posts).toEqual([]);
  } finally {
    await r.close();
  }
});

test('valid values are sent as before', async () => {
  posts.length = 0;
  const r = await run('/valid/contact', formTool, {
    name: 'Ann',
    site: 'https://ann.example',
    msg: 'A question about glazes',
  });
  try {
    expect(r.out).toMatchObject({ result: { success: true }, navigated: true });
    expect(posts).toHaveLength(1);
  } finally {
    await r.close();
  }
});

test("a site whose click handler sends the form itself is not second-guessed by the browser's rules", async () => {
  posts.length = 0;
  const r = await run('/valid/ajax', formTool, { email: 'ann@example.com', phone: 'after 6 pm' }); // the pattern is the markup's only
  try {
    expect(r.out.result.success).toBe(true);
    await r.page.waitForFunction(() => document.title === 'Subscribed', { timeout: 5000 });
    expect(posts).toEqual(['email=ann%40example.com&phone=after+6+pm']);
  } finally {
    await r.close();
  }
});

test('a login whose email-type username is given no email address says so instead of "no response"', async () => {
  posts.length = 0;
  const r = await run('/valid/login', () => 'login', { username: 'annlee', password: 'Kiln-Fire-1200' });
  try {
    expect(r.out.result.error).toEqual({
      code: 'INVALID_PARAMS',
      message: 'The page would not send the form: "username" is not a valid email address.',
    });
    expect(posts).toEqual([]);
  } finally {
    await r.close();
  }
});

test('a form in a same-origin frame is watched too: its refusal is reported, not taken for success', async () => {
  posts.length = 0;
  const r = await run('/valid/framed', formTool, { site: 'not-a-url', msg: 'A question about glazes' });
  try {
    expect(r.out.result.error).toEqual({
      code: 'INVALID_PARAMS',
      message: 'The page would not send the form: "site" is not a valid URL (it needs http:// or https://).',
    });
    expect(posts).toEqual([]);
  } finally {
    await r.close();
  }
});
