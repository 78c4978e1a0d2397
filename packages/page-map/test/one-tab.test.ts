/**
 * One page per session: a form, link or script that would open a new tab opens in the session's
 * page, so the agent sees the result; a target that names a frame of the page still fills that
 * frame. Real Chromium, fixture pages.
 */
import { extractPageMap, runTool } from '../src';
import { openPage, servePage, useEnv } from './helpers';

const env = useEnv();

const PAGE = `<!doctype html><meta charset="utf-8"><title>Catalogue</title><main><h1>Library catalogue</h1>
<form action="/tabs/results" method="post" target="_blank"><label>Search the catalogue <input name="q"></label><button>Search</button></form>
<button id="room" onclick="window.open('/tabs/results?room=1', '_blank', 'noopener')">Open the reading room</button>
<div class="card" onclick="document.getElementById('hidden-link').click()">Maps of the coast <a id="hidden-link" href="/tabs/results?card=maps" target="_blank" hidden>maps</a></div>
<form action="/tabs/results" method="post" target="preview"><label>Preview a title <input name="title"></label><button>Preview</button></form>
<iframe name="preview" src="about:blank" width="300" height="100"></iframe></main>`;

function serve(): string[] {
  const seen: string[] = [];
  const answer = (what: string, res: import('node:http').ServerResponse) => {
    seen.push(what);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Results: ${what}</title><p>${what}</p>`);
  };
  env().server.route('POST', '/tabs/results', (_req, res, _url, body) => answer(body, res));
  env().server.route('GET', '/tabs/results', (_req, res, url) => answer(url.search, res));
  servePage(env(), '/tabs/page', PAGE);
  return seen;
}

async function afterTool(tool: string, params: Record<string, string>): Promise<{ title: string; pages: number }> {
  const p = await openPage(env(), '/tabs/page');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const out = await runTool(p.page, map, { tool, params }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    return { title: await p.page.title(), pages: (await p.page.browserContext().pages()).length };
  } finally {
    await p.close();
  }
}

test('a form with target="_blank" sends its POST in the session\'s page', async () => {
  const seen = serve();
  expect(await afterTool('search', { query: 'lighthouses' })).toEqual({ title: 'Results: q=lighthouses', pages: 1 });
  expect(seen).toEqual(['q=lighthouses']);
});

test('window.open(url) from a button, and a script clicking a target="_blank" link, open in the session\'s page', async () => {
  serve();
  expect(await afterTool('click', { target: 'Open the reading room' })).toEqual({
    title: 'Results: ?room=1',
    pages: 1,
  });
  expect(await afterTool('click', { target: 'Maps of the coast' })).toEqual({ title: 'Results: ?card=maps', pages: 1 });
});

test('a target that names a frame of the page still sends the form into that frame', async () => {
  const seen = serve();
  const p = await openPage(env(), '/tabs/page');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const preview = map.tools.find((t) => t.tool.params.some((q) => q.name === 'title'))!;
    await runTool(p.page, map, { tool: preview.tool.name, params: { title: 'Tide tables' } }, { timeoutMs: 8000 });
    expect(await p.page.title()).toBe('Catalogue');
    const frame = p.page.frames().find((f) => f.name() === 'preview')!;
    await frame.waitForFunction(() => document.title.startsWith('Results'), { timeout: 5000 });
    expect(seen).toEqual(['title=Tide+tables']);
  } finally {
    await p.close();
  }
});
