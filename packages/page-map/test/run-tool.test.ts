/**
 * runTool end to end in real Chromium against the fixture site: fills, submits, waits, and
 * classifies login outcomes. Credential values must never appear in any result.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, runTool, type PageMap, type ToolRunOutcome } from '../src';
import { acceptPosts, openPage, servePage, useEnv } from './helpers';

const env = useEnv();
const PASSWORD = 'correct-horse-battery-staple';
const WRONG = 'wrong-password-9f8e7d';

async function withPage<T>(path: string, fn: (page: Page, map: PageMap) => Promise<T>): Promise<T> {
  const p = await openPage(env(), path);
  try {
    return await fn(p.page, await extractPageMap(p.page, { includeContent: false }));
  } finally {
    await p.close();
  }
}

function noSecrets(out: ToolRunOutcome): void {
  const s = JSON.stringify(out);
  expect(s).not.toContain(PASSWORD);
  expect(s).not.toContain(WRONG);
}

const run = (
  page: Page,
  map: PageMap,
  tool: string,
  params?: Record<string, string | number | boolean | string[]>,
  timeoutMs = 8000,
) => runTool(page, map, { tool, ...(params ? { params } : {}) }, { timeoutMs });

describe('login flows', () => {
  test('single-step login signs in and keeps the cookie', async () => {
    await withPage('/login.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: PASSWORD });
      noSecrets(out);
      expect(out).toMatchObject({ result: { success: true, error: null }, navigated: true, login: true });
      expect(page.url()).toMatch(/\/account$/);
      expect((await page.cookies()).map((c) => c.name)).toContain('sid');
    });
  });

  test('wrong password → LOGIN_REJECTED', async () => {
    await withPage('/login.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: WRONG });
      noSecrets(out);
      expect(out.result.error?.code).toBe('LOGIN_REJECTED');
      expect(out.login).toBe(true);
    });
  });

  test('two-step login: username, then password on the next page', async () => {
    await withPage('/login-two-step.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: PASSWORD });
      noSecrets(out);
      expect(out.result).toEqual({ tool: 'login', success: true, error: null });
      expect(page.url()).toMatch(/\/account$/);
    });
    await withPage('/login-two-step.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: WRONG });
      noSecrets(out);
      expect(out.result.error?.code).toBe('LOGIN_REJECTED');
    });
  });

  test('password-only form', async () => {
    await withPage('/login-password-only.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'ignored', password: PASSWORD });
      expect(out.result.success).toBe(true);
    });
  });

  // A CAPTCHA ends the sign-in whatever the values: it wins over the email field refusing "alice".
  test.each([
    ['/login-captcha.html', 'alice@example.com'],
    ['/login-hcaptcha.html', 'alice@example.com'],
    ['/login-captcha.html', 'alice'],
  ])('CAPTCHA widget → CAPTCHA_REQUIRED (%s, username %s)', async (path, username) => {
    await withPage(path, async (page, map) => {
      const out = await run(page, map, 'login', { username, password: PASSWORD });
      noSecrets(out);
      expect(out.result.error?.code).toBe('CAPTCHA_REQUIRED');
    });
  });

  test('one-time code step → TWO_FACTOR_REQUIRED, then verify_code completes it', async () => {
    await withPage('/login-otp.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: PASSWORD });
      noSecrets(out);
      expect(out.result.error?.code).toBe('TWO_FACTOR_REQUIRED');
      const next = await extractPageMap(page, { includeContent: false });
      const verify = next.tools.find((t) => t.tool.name === 'verify_code');
      expect(verify?.tool.params.map((p) => p.name)).toEqual(['code']);
      const done = await run(page, next, 'verify_code', { code: '123456' });
      expect(done.result.success).toBe(true);
      expect(page.url()).toMatch(/\/account$/);
    });
  });

  test('approval on another device → TWO_FACTOR_REQUIRED; new device check → NEW_DEVICE_CHECK', async () => {
    await withPage('/login-approve.html', async (page, map) => {
      expect((await run(page, map, 'login', { username: 'alice', password: PASSWORD })).result.error?.code).toBe(
        'TWO_FACTOR_REQUIRED',
      );
    });
    await withPage('/login-newdevice.html', async (page, map) => {
      expect((await run(page, map, 'login', { username: 'alice', password: PASSWORD })).result.error?.code).toBe(
        'NEW_DEVICE_CHECK',
      );
    });
  });

  test('div-built login widget (fetch + redirect): success and rejection', async () => {
    await withPage('/div-login.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: WRONG });
      noSecrets(out);
      expect(out.result.error?.code).toBe('LOGIN_REJECTED');
    });
    await withPage('/div-login.html', async (page, map) => {
      const out = await run(page, map, 'login', { username: 'alice', password: PASSWORD });
      expect(out.result.success).toBe(true);
      expect(page.url()).toMatch(/\/account$/);
    });
  });
});

describe('params and errors', () => {
  test('unknown tool, missing / unknown / bad params are per-tool errors naming the param, never the value', async () => {
    await withPage('/multi-form.html', async (page, map) => {
      expect((await run(page, map, 'no_such_tool')).result.error?.code).toBe('UNKNOWN_TOOL');
      const missing = await run(page, map, 'contact', { name: 'Bo' });
      expect(missing.result.error?.code).toBe('INVALID_PARAMS');
      expect(missing.result.error?.message).toContain('email');
      const unknown = await run(page, map, 'search', { query: 'x', colour: 'red' });
      expect(unknown.result.error?.code).toBe('INVALID_PARAMS');
      expect(unknown.result.error?.message).toContain('colour');
      const badEnum = await run(page, map, 'add_to_cart', { size: 'secret-size-value' });
      expect(badEnum.result.error?.code).toBe('INVALID_PARAMS');
      expect(badEnum.result.error?.message).not.toContain('secret-size-value');
      expect(page.url()).toMatch(/multi-form/); // nothing ran
    });
  });

  test("a field's maxlength is the param's max_length: a longer value is refused before anything is typed, not sent cut short", async () => {
    const posts = acceptPosts(env(), '/short-ids/session', 'Signed in');
    servePage(
      env(),
      '/short-ids/login',
      '<!doctype html><title>Online banking</title><form method="post" action="/short-ids/session"><label>Access ID <input name="AccessID" maxlength="8"></label><label>Passcode <input type="password" name="Passcode" maxlength="12"></label><button>Log in</button></form>',
    );
    await withPage('/short-ids/login', async (page, map) => {
      const login = map.tools.find((t) => t.tool.name === 'login')!.tool;
      expect(login.params.find((p) => p.name === 'username')?.max_length).toBe(8);
      expect(login.params.find((p) => p.name === 'password')?.max_length).toBe(12);
      const tooLong = await run(page, map, 'login', { username: 'alice', password: PASSWORD });
      noSecrets(tooLong);
      expect(tooLong.result.error?.code).toBe('INVALID_PARAMS');
      expect(tooLong.result.error?.message).toMatch(/"password".*at most 12 characters/);
      expect(await page.$eval('input[name=Passcode]', (e) => (e as HTMLInputElement).value)).toBe('');
      expect(posts).toEqual([]);
      // Within the limit, the same tool signs in with exactly what was given.
      const fits = await run(page, map, 'login', { username: 'alice', password: 'short-pw-12' });
      expect(fits.result.success).toBe(true);
      expect(posts).toHaveLength(1);
      expect(new URLSearchParams(posts[0]).get('Passcode')).toBe('short-pw-12');
    });
  });

  test('select, number and radio are filled (add_to_cart)', async () => {
    await withPage('/multi-form.html', async (page, map) => {
      const out = await run(page, map, 'add_to_cart', { size: '500 g', quantity: 3, grind: 'Espresso' });
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(await page.$eval('#cart', (e) => e.textContent)).toBe('500/3/espresso');
    });
  });

  test('textarea, select and checkbox (contact)', async () => {
    await withPage('/multi-form.html', async (page, map) => {
      const out = await run(page, map, 'contact', {
        name: 'Bo',
        email: 'bo@example.com',
        topic: 'Wholesale',
        message: 'Hello',
        copy: true,
      });
      expect(out.result.success).toBe(true);
      expect(await page.$eval('#fields', (e) => e.textContent)).toBe('copy,email,message,name,topic');
    });
  });
});

describe('shadow DOM, iframes, SPA re-renders, WebMCP', () => {
  test('search inside an open shadow root', async () => {
    await withPage('/shadow.html', async (page, map) => {
      const out = await run(page, map, 'search', { query: 'lenses' });
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(await page.title()).toBe('Results for lenses');
    });
  });

  test('form inside a same-origin iframe', async () => {
    await withPage('/iframe.html', async (page, map) => {
      const out = await run(page, map, 'send_feedback', { email: 'a@b.c', message: 'Broken' });
      expect(out.result.success).toBe(true);
      const frame = page.frames().find((f) => f.url().endsWith('/feedback'));
      expect(frame).toBeDefined();
      expect(out.navigated).toBe(false); // the iframe navigated, not the page
    });
  });

  test('SPA: a tool survives a full re-render; a removed form is ELEMENT_GONE', async () => {
    await withPage('/spa.html', async (page, map) => {
      expect((await run(page, map, 'refresh_list')).result.success).toBe(true); // every node replaced
      const out = await run(page, map, 'add_task', { new_task: 'Buy milk' }); // the stale map still works
      expect(out).toMatchObject({ result: { success: true }, navigated: false });
      expect(await page.$$eval('li', (l) => l.map((x) => x.textContent))).toContain('Buy milk');
      expect((await run(page, map, 'archive_list')).result.success).toBe(true);
      const gone = await run(page, map, 'add_task', { new_task: 'Too late' });
      expect(gone.result.error?.code).toBe('ELEMENT_GONE');
      expect(gone.result.error?.message).not.toContain('Too late');
    });
  });

  test('WebMCP: imperative tool runs the page handler; declarative form submits; page errors are redacted', async () => {
    await withPage('/webmcp.html', async (page, map) => {
      const out = await run(page, map, 'add_to_wishlist', { dish: 'Soup', spicy: true });
      expect(out.result.success).toBe(true);
      expect(await page.$eval('#wish', (e) => e.textContent)).toBe('Soup (spicy)');
      const failed = await run(page, map, 'fail_always', { note: 'private-note-123' });
      expect(failed.result.error?.code).toBe('TOOL_FAILED');
      expect(failed.result.error?.message).not.toContain('private-note-123');
      const booked = await run(page, map, 'book_table', { guest_name: 'Ada', date: '2030-01-02', party_size: '3' });
      expect(booked).toMatchObject({ result: { success: true }, navigated: true });
      expect(await page.$eval('#party', (e) => e.textContent)).toBe('3');
    });
  });
});

describe('standalone fields', () => {
  test('a field with no form and no button is filled, nothing is sent; a lone select is chosen', async () => {
    servePage(
      env(),
      '/standalone/editor',
      `<!doctype html><title>Notes</title><h1>Meeting notes</h1>
<textarea id="doc" aria-label="Notes">First line</textarea>
<label for="sort">Sort by</label><select id="sort"><option>Newest</option><option>Oldest</option></select>
<p><button type="button" id="save">Save</button></p><ol id="items"><li>a</li><li>b</li></ol>
<script>
  let typed = 0;
  document.getElementById('doc').addEventListener('input', () => { typed += 1; document.title = 'Notes (' + typed + ' edits)'; });
  document.getElementById('sort').addEventListener('change', (e) => { document.getElementById('items').dataset.order = e.target.value; });
</script>`,
    );
    await withPage('/standalone/editor', async (page, map) => {
      const fill = map.tools.find((t) => t.tool.name === 'fill_notes');
      const choose = map.tools.find((t) => t.tool.name === 'choose_sort_by');
      expect(fill?.tool.params.map((p) => p.name)).toEqual(['notes']);
      expect(choose?.tool.params[0]?.options).toEqual(['Newest', 'Oldest']);
      const out = await run(page, map, 'fill_notes', { notes: 'Agenda: budget' });
      expect(out).toMatchObject({ result: { success: true }, navigated: false });
      expect(await page.$eval('#doc', (e) => (e as HTMLTextAreaElement).value)).toBe('Agenda: budget');
      expect(await page.title()).toMatch(/edits\)$/); // the page saw typing
      expect((await run(page, map, 'choose_sort_by', { sort_by: 'Oldest' })).result.success).toBe(true);
      expect(await page.$eval('#items', (e) => (e as HTMLElement).dataset.order)).toBe('Oldest');
    });
  });
});

describe('navigate and follow_link', () => {
  test('follow_link by text and by URL; navigate asks checkUrl first', async () => {
    await withPage('/links.html', async (page, map) => {
      const out = await run(page, map, 'follow_link', { link: 'How Lighthouses Work' });
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(page.url()).toMatch(/article\.html$/);
      const refused = await runTool(
        page,
        map,
        { tool: 'navigate', params: { url: 'https://accounts.idp.test/' } },
        {
          timeoutMs: 3000,
          checkUrl: (u) => (u.includes('idp.test') ? { code: 'NOT_ALLOWED', message: 'identity provider' } : null),
        },
      );
      expect(refused.result.error?.code).toBe('NOT_ALLOWED');
      expect(page.url()).toMatch(/article\.html$/);
      const nav = await run(page, map, 'navigate', { url: '/search.html' });
      expect(nav.navigated).toBe(true);
      expect(await page.title()).toBe('Search the Fixture Library');
      expect((await run(page, map, 'follow_link', { link: 'no such link at all' })).result.error?.code).toBe(
        'INVALID_PARAMS',
      );
      expect((await run(page, map, 'navigate', { url: 'javascript:alert(1)' })).result.error?.code).toBe(
        'INVALID_PARAMS',
      );
    });
  });

  test('a form answered by Post/Redirect/Get waits for the page behind the redirect', async () => {
    const { server } = env();
    servePage(
      env(),
      '/prg/form',
      '<!doctype html><title>Order</title><form method="post" action="/prg/order"><label>Quantity <input name="qty"></label><button>Place order</button></form>',
    );
    // A slow answer: the tool is already waiting for the navigation when the redirect arrives.
    server.route('POST', '/prg/order', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 300));
      res.writeHead(303, { location: '/prg/done', 'set-cookie': 'cart=1; Path=/' });
      res.end();
    });
    // The page behind the redirect is slow: the tool must not answer before it arrives.
    server.route('GET', '/prg/done', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 400));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Order placed</title><p>Thank you.</p>');
    });
    await withPage('/prg/form', async (page, map) => {
      const form = map.tools.find((t) => t.binding.kind === 'form')!;
      const out = await run(page, map, form.tool.name, { qty: '2' });
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(page.url()).toMatch(/\/prg\/done$/);
      expect(await page.title()).toBe('Order placed');
    });
  });

  test('a client-side route change (pushState, no new document) answers as soon as the view is drawn', async () => {
    servePage(
      env(),
      '/router/home',
      `<!doctype html><title>Acme</title><header><a onclick="go('pricing')" style="cursor:pointer">Pricing</a> <a onclick="go('docs')" style="cursor:pointer">Docs</a></header><h1 id="h">Home</h1>
<script>function go(v) { history.pushState({ v }, '', '#/' + v); document.getElementById('h').textContent = v; }</script>`,
    );
    await withPage('/router/home', async (page, map) => {
      const out = await run(page, map, 'click', { target: 'Pricing' }, 5000);
      expect(out.result).toEqual({ tool: 'click', success: true, error: null });
      expect(out.navigated).toBe(false);
      expect(page.url()).toMatch(/#\/pricing$/);
      expect(await page.$eval('#h', (e) => e.textContent)).toBe('pricing');
    });
    // A route to another path is another page for the agent: `navigated`, so a batch stops there.
    servePage(
      env(),
      '/router/app',
      `<!doctype html><title>Acme</title><button onclick="history.pushState({}, '', '/router/pricing'); document.getElementById('h').textContent = 'Pricing';">Pricing</button><h1 id="h">Home</h1>`,
    );
    await withPage('/router/app', async (page, map) => {
      const out = await run(page, map, 'pricing', undefined, 5000);
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(page.url()).toMatch(/\/router\/pricing$/);
    });
  });

  test('a slow page ends in TOOL_TIMEOUT within the budget', async () => {
    await withPage('/index.html', async (page, map) => {
      // The page answers after 5 s: a TOOL_TIMEOUT (not a success) says the 800 ms budget ended it.
      const out = await runTool(page, map, { tool: 'navigate', params: { url: '/slow?ms=5000' } }, { timeoutMs: 800 });
      expect(out.result.error?.code).toBe('TOOL_TIMEOUT');
    });
  });
});
