/**
 * The shared page-map cache cannot carry one tenant's state to another — through the whole stack
 * (gateway → BullMQ → worker → Chromium → Redis cache).
 *
 * Each probe is a channel a security review used to leak tenant A's private text to tenant B,
 * whose page has the same URL and structure: a POSTed form, localStorage, sessionStorage, a
 * cookie written by script, a URL fragment, and a tool batch in the open request. For each, B's
 * whole answer (headers and body) must not hold a byte of A's secret, and A, after a new action,
 * must get the summary of what its page shows now, never an older one from the cache.
 */
import { randomBytes } from 'node:crypto';
import { api, startFixtureServer, startStack, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { gatewaysReady } from './helpers';

let stack: Stack;
let site: FixtureServer;
let keyA: string;
let keyB: string;

type Channel = 'local' | 'session' | 'cookie';

/** Reads and writes the note through one browser channel; the page shows it in a long sentence. */
function storagePage(channel: Channel): string {
  const read = {
    local: "localStorage.getItem('note')",
    session: "sessionStorage.getItem('note')",
    cookie: '(document.cookie.match(/(?:^|; )note=([^;]*)/) || [])[1]',
  }[channel];
  const write = {
    local: "localStorage.setItem('note', v)",
    session: "sessionStorage.setItem('note', v)",
    cookie: "document.cookie = 'note=' + v + '; path=/'",
  }[channel];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title></head><body><main>
<h1>Your notes</h1><p id="out"></p></main><script>
function show() { var v = ${read}; document.getElementById('out').textContent = 'The private note kept for this visitor reads ' + (v || 'nothing at all yet') + ' right now.'; }
show();
navigator.modelContext.registerTool({ name: 'save_note', description: 'Save a private note.',
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The note' } }, required: ['text'] },
  async execute(args) { var v = args.text; ${write}; show(); return { content: [{ type: 'text', text: 'Saved.' }] }; } });
</script></body></html>`;
}

/** A parcel tracker: the same URL and structure before and after the form is posted. */
function parcelPage(number: string | null): string {
  const text = number
    ? `Parcel ${number} is on its way to Jane Private at 12 Hidden Lane this afternoon.`
    : 'Enter a tracking number below to see where your parcel is right now.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Track a parcel</title></head><body><main>
<h1>Track a parcel</h1><p>${text}</p>
<form method="post" action="/cache/parcel" toolname="track" tooldescription="Track a parcel by its number.">
<label>Number <input name="number" toolparamdescription="Tracking number" required></label><button type="submit">Track</button></form>
</main></body></html>`;
}

const FRAGMENT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invite</title></head><body><main>
<h1>Invite</h1><p id="out"></p></main><script>
document.getElementById('out').textContent = 'The invitation code you arrived with is ' + (location.hash.slice(1) || 'missing from the link') + ' for this visit.';
</script></body></html>`;

function secret(label: string): string {
  return `${label}-${randomBytes(6).toString('hex')}`;
}

async function browse(key: string, body: Record<string, unknown>) {
  const res = await api(stack.url, 'POST', '/v1/browse', { key, body });
  expect([res.status, res.body?.error]).toEqual([200, undefined]);
  return { ...res, whole: `${JSON.stringify(Object.fromEntries(res.headers.entries()))} ${JSON.stringify(res.body)}` };
}

beforeAll(async () => {
  site = await startFixtureServer();
  for (const channel of ['local', 'session', 'cookie'] as const)
    site.route('GET', `/cache/${channel}`, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(storagePage(channel));
    });
  site.route('GET', '/cache/parcel', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(parcelPage(null));
  });
  site.route('POST', '/cache/parcel', (_req, res, _url, body) => {
    const number = new URLSearchParams(body).get('number') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(parcelPage(number));
  });
  site.route('GET', '/cache/invite', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FRAGMENT_PAGE);
  });
  stack = await startStack({ workers: 1, gateways: 1, env: { PAGEMAP_OUTBOUND_ALLOW: '127.0.0.1/32' } });
  keyA = (await stack.tenant({ plan: 'scale' })).apiKey;
  keyB = (await stack.tenant({ plan: 'scale' })).apiKey;
  await gatewaysReady(stack);
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
});

test.each(['local', 'session', 'cookie'] as const)(
  'a note saved to %s storage never reaches another tenant, and its writer never gets a stale summary',
  async (channel) => {
    const url = site.url(`/cache/${channel}`);
    // A stranger's view first: it may be shared.
    expect((await browse(keyB, { url })).body.summary).toContain('nothing at all yet');

    // A writes a note in the open request itself (a tool batch on a fresh open).
    const first = secret('NOTE1');
    const a = await browse(keyA, { url, tools: [{ tool: 'save_note', params: { text: first } }] });
    expect(a.body.summary).toContain(first);
    expect(a.headers.get('x-cache')).toBe('MISS');
    expect((await browse(keyB, { url })).whole).not.toContain(first);

    // A writes again, then reloads the page: the page reads the note back from the browser.
    const second = secret('NOTE2');
    const id = a.body.session_id as string;
    const again = await browse(keyA, { session_id: id, tools: [{ tool: 'save_note', params: { text: second } }] });
    expect([again.body.summary, again.headers.get('x-cache')]).toEqual([expect.stringContaining(second), 'MISS']);
    const reloaded = await browse(keyA, { session_id: id, tools: [{ tool: 'navigate', params: { url } }] });
    expect([reloaded.body.summary, reloaded.headers.get('x-cache')]).toEqual([expect.stringContaining(second), 'MISS']);

    const b = await browse(keyB, { url });
    for (const s of [first, second]) expect(b.whole).not.toContain(s);
    expect(b.body.summary).toContain('nothing at all yet');
  },
  60_000,
);

test('a parcel number POSTed by one tenant (tool batch in the open request) is never served to another', async () => {
  const url = site.url('/cache/parcel');
  const number = secret('TRK');
  const a = await browse(keyA, { url, tools: [{ tool: 'track', params: { number } }] });
  expect(a.body.summary).toContain(number);
  expect(a.headers.get('x-cache')).toBe('MISS');

  const b = await browse(keyB, { url });
  expect(b.whole).not.toContain(number);
  expect(b.whole).not.toContain('Jane Private');

  // A tracks another parcel in the same session: the answer is about the new one.
  const next = secret('TRK');
  const again = await browse(keyA, {
    session_id: a.body.session_id,
    tools: [{ tool: 'track', params: { number: next } }],
  });
  expect([again.body.summary, again.headers.get('x-cache')]).toEqual([expect.stringContaining(next), 'MISS']);
  expect(again.body.summary).not.toContain(number);
  expect((await browse(keyB, { url })).whole).not.toContain(next);
}, 60_000);

test('a secret in a URL fragment is neither cached nor served to another tenant', async () => {
  const code = secret('INVITE');
  const a = await browse(keyA, { url: `${site.url('/cache/invite')}#${code}` });
  expect(a.body.summary).toContain(code);
  // Twice: the second answer would be the first one that could come from the cache.
  const a2 = await browse(keyA, { url: `${site.url('/cache/invite')}#${code}` });
  expect(a2.headers.get('x-cache')).toBe('MISS');
  const b = await browse(keyB, { url: site.url('/cache/invite') });
  expect(b.whole).not.toContain(code);
  expect(b.body.summary).toContain('missing from the link');
}, 60_000);

test('a page opened twice without any action is shared: the cache still serves strangers', async () => {
  const url = site.url('/article.html');
  expect((await browse(keyA, { url })).headers.get('x-cache')).toBe('MISS');
  expect((await browse(keyB, { url })).headers.get('x-cache')).toBe('HIT');
}, 60_000);
