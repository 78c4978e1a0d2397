/**
 * Forms in frames from another origin (frames.ts) in real Chromium: the top page's script cannot
 * enter them (another site runs in another renderer), so they are read by the script run inside
 * each frame. Their tools say which site the values go to, and filling reaches the frame's form.
 * The fixture site answers on 127.0.0.1;
 * the same server named `localhost` is another site, as a widget's host would be.
 */
import { extractPageMap, runTool } from '../src';
import { startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import { openPage, servePage, useEnv } from './helpers';

const env = useEnv();
/** The fixture server under another site's name. */
const other = (path: string) => `http://localhost:${env().server.port}${path}`;
const sent: Array<Record<string, string>> = [];

/** A third origin (another port), for the tracking frames pages carry. */
let trackers: FixtureServer;
afterAll(async () => {
  await trackers?.close();
});

beforeAll(async () => {
  trackers = await startFixtureServer();
  trackers.route('GET', '/pixel', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><form action="/subscribe"><label>Email <input type="email" name="email"></label><button>Subscribe</button></form>',
    );
  });
  const { server } = env();
  const host = (frameSrc: string) => `<!doctype html><title>Host page</title>
<main><h1>Visit us</h1><p>Write to us with the form below.</p>
<iframe src="${frameSrc}" width="500" height="400" title="Contact"></iframe></main>`;
  servePage(env(), '/frames/host', host(other('/frames/contact')));
  servePage(
    env(),
    '/frames/contact',
    `<!doctype html><title>Contact widget</title>
<form action="/frames/sent" method="get">
  <h2>Contact us</h2>
  <label>Your name <input name="name" required></label>
  <label>Email <input type="email" name="email" required></label>
  <label>Message <textarea name="message"></textarea></label>
  <button>Send message</button>
</form>`,
  );
  servePage(env(), '/frames/sign-in-host', host(other('/frames/sign-in')));
  const signIn = (error: string) => `<!doctype html><title>Sign in</title>
<form action="/frames/session" method="post">
  <h2>Member sign in</h2>${error ? `<p role="alert">${error}</p>` : ''}
  <label>Username <input name="user" autocomplete="username"></label>
  <label>Password <input type="password" name="pass" autocomplete="current-password"></label>
  <button>Sign in</button>
</form>`;
  servePage(env(), '/frames/sign-in', signIn(''));
  // Post/Redirect/Get, as most sign-ins answer, with a slow page behind the redirect: the outcome
  // must be read on that page, not on the form just sent.
  server.route('POST', '/frames/session', (_req, res, _url, body) => {
    const form = new URLSearchParams(body);
    const ok = form.get('user') === 'alice' && form.get('pass') === 'open-sesame';
    res.writeHead(303, { location: ok ? '/frames/welcome' : '/frames/sign-in-failed' });
    res.end();
  });
  const slowly = (html: string) => async (_req: unknown, res: import('node:http').ServerResponse) => {
    await new Promise((r) => setTimeout(r, 300));
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html);
  };
  server.route('GET', '/frames/welcome', slowly('<!doctype html><title>Welcome</title><p>Signed in as alice.</p>'));
  server.route('GET', '/frames/sign-in-failed', slowly(signIn('Invalid username or password.')));
  // A consent manager that draws its banner in a frame of its own, over the page, and tells the
  // page the choice by message.
  servePage(
    env(),
    '/frames/consent-host',
    `<!doctype html><title>News today</title>
<main><h1>Headlines</h1><p>The long read of the day, behind a consent banner.</p></main>
<iframe id="cmp" src="${other('/frames/consent')}" style="position:fixed;inset:0;width:100%;height:100%;border:0"></iframe>
<script>addEventListener('message', (e) => { if (e.data && e.data.consent) { document.title = 'Consent: ' + e.data.consent; document.getElementById('cmp').remove(); } });</script>`,
  );
  servePage(
    env(),
    '/frames/consent',
    `<!doctype html><title>Privacy</title>
<div role="dialog" aria-label="Privacy settings"><h2>We value your privacy</h2>
<p>We and our partners use cookies to measure and improve our service.</p>
<button onclick="parent.postMessage({ consent: 'all' }, '*')">Accept all</button>
<button onclick="parent.postMessage({ consent: 'necessary' }, '*')">Reject all</button></div>`,
  );
  // Ahead of the widget, more tracking frames than are ever read (1×1 or hidden), each holding a form.
  const pixels = Array.from(
    { length: 5 },
    (_, i) =>
      `<iframe src="${trackers.url(`/pixel?n=${i}`)}" width="1" height="1"${i === 4 ? ' style="display:none"' : ''}></iframe>`,
  ).join('');
  servePage(
    env(),
    '/frames/tracked-host',
    `<!doctype html><title>Host page</title>${pixels}
<main><h1>Visit us</h1><iframe src="${other('/frames/contact')}" width="500" height="400" title="Contact"></iframe></main>`,
  );
  server.route('GET', '/frames/sent', (_req, res, url) => {
    sent.push(Object.fromEntries(url.searchParams));
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Thanks</title><p>Thanks, we will write back.</p>');
  });
});

test("a form in a cross-origin frame is a tool that names the frame's site, and filling it sends the frame's form", async () => {
  const p = await openPage(env(), '/frames/host');
  try {
    const frame = p.page.frames().find((f) => f.url().startsWith(other('/')))!;
    // Another site: the page's own document cannot reach it.
    expect(await p.page.evaluate(() => document.querySelector('iframe')!.contentDocument)).toBeNull();
    const map = await extractPageMap(p.page, { includeContent: false });
    const contact = map.tools.find((t) => t.binding.kind === 'form')!;
    expect(contact).toBeDefined();
    expect(contact.tool.params.map((x) => x.name)).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    expect(contact.tool.description).toContain(`in a frame from localhost:${env().server.port}`);

    const out = await runTool(
      p.page,
      map,
      { tool: contact.tool.name, params: { name: 'Ana Lima', email: 'ana@example.com', message: 'Hello there' } },
      { timeoutMs: 5000 },
    );
    expect(out.result.success).toBe(true);
    await frame.waitForFunction(() => document.title === 'Thanks', { timeout: 5000 });
    expect(sent.at(-1)).toEqual({ name: 'Ana Lima', email: 'ana@example.com', message: 'Hello there' });
    // The top page stayed where it was.
    expect(await p.page.title()).toBe('Host page');
  } finally {
    await p.close();
  }
});

test('a sign-in widget in a cross-origin frame is the login tool; its outcome is read in the frame', async () => {
  const p = await openPage(env(), '/frames/sign-in-host');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const login = map.tools.find((t) => t.tool.name === 'login')!;
    expect(login.tool.params.map((x) => x.name)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login.tool.description).toContain(`in a frame from localhost:${env().server.port}`);

    const wrong = await runTool(
      p.page,
      map,
      { tool: 'login', params: { username: 'alice', password: 'not-it' } },
      { timeoutMs: 5000 },
    );
    expect(wrong.result).toMatchObject({ success: false, error: { code: 'LOGIN_REJECTED' } });
    const again = await extractPageMap(p.page, { includeContent: false });
    const right = await runTool(
      p.page,
      again,
      { tool: 'login', params: { username: 'alice', password: 'open-sesame' } },
      { timeoutMs: 5000 },
    );
    expect(right.result.success).toBe(true);
    const frame = p.page.frames().find((f) => f.url().startsWith(other('/')))!;
    expect(await frame.title()).toBe('Welcome');
    expect(await p.page.title()).toBe('Host page');
  } finally {
    await p.close();
  }
});

test("a consent banner drawn in a cross-origin frame is the page's overlay, and dismissing it clicks in the frame", async () => {
  const p = await openPage(env(), '/frames/consent-host');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    expect(map.overlay).toMatchObject({ kind: 'cookie_consent', tool: 'dismiss_overlay' });
    const dismiss = map.tools.find((t) => t.tool.name === 'dismiss_overlay')!;
    expect(dismiss.tool.params[0]!.options).toEqual(expect.arrayContaining(['Accept all', 'Reject all']));
    const out = await runTool(
      p.page,
      map,
      { tool: 'dismiss_overlay', params: { choice: 'Reject all' } },
      { timeoutMs: 5000 },
    );
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => document.title.startsWith('Consent:'), { timeout: 5000 });
    expect(await p.page.title()).toBe('Consent: necessary');
    // Gone with its frame: the page is read without it.
    expect((await extractPageMap(p.page, { includeContent: false })).overlay).toBeNull();
  } finally {
    await p.close();
  }
});

test('only frames a person can see are read: tracking pixels ahead of a widget neither hide it nor add tools', async () => {
  const p = await openPage(env(), '/frames/tracked-host');
  try {
    expect(p.page.frames().filter((f) => f.url().startsWith(trackers.origin))).toHaveLength(5);
    const map = await extractPageMap(p.page, { includeContent: false });
    const forms = map.tools.filter((t) => t.binding.kind === 'form');
    expect(forms.map((t) => t.tool.description)).toEqual([
      expect.stringContaining(`in a frame from localhost:${env().server.port}`),
    ]);
  } finally {
    await p.close();
  }
});
