/**
 * A click answers with the page as the click left it: the quiet wait after it runs in the click's
 * own message (page-script/quiet.ts), and the page map after a click reads the page's listeners
 * again (listeners.ts keeps the marks when they did not change). What the agent sees must be what
 * the page shows once it is quiet, whatever the click did.
 */
import { extractPageMap, runTool, type PageMap } from '../src';
import { openPage, servePage, tool, useEnv } from './helpers';

const env = useEnv();

const options = (m: PageMap): string[] => tool(m, 'click')?.params[0]?.options ?? [];

beforeAll(() => {
  servePage(
    env(),
    '/cs-frame.html',
    `<!doctype html><title>Frame</title><main><p id="out">none</p>
    <button type="button" onclick="requestAnimationFrame(() => { document.getElementById('out').textContent = 'drawn late' })">Draw later</button>
    <button type="button" onclick="location.href = '/cs-next.html'">Go on</button>
    </main>`,
  );
  servePage(env(), '/cs-next.html', '<!doctype html><title>Next</title><main><p>The next page.</p></main>');
  servePage(
    env(),
    '/cs-listeners.html',
    `<!doctype html><title>Listeners</title><main>
    <div id="a">Apples</div><div id="b">Pears</div><p id="said">-</p>
    <button type="button" id="arm">Arm pears</button>
    <button type="button" id="disarm">Disarm apples</button>
    <script>
      const say = (t) => () => { document.getElementById('said').textContent = t; };
      const apples = say('apples');
      document.getElementById('a').addEventListener('click', apples);
      document.getElementById('arm').addEventListener('click', () => document.getElementById('b').addEventListener('click', say('pears')));
      document.getElementById('disarm').addEventListener('click', () => document.getElementById('a').removeEventListener('click', apples));
    </script></main>`,
  );
});

test('a click whose effect is drawn in the next frame answers with the page drawn', async () => {
  const p = await openPage(env(), '/cs-frame.html');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const out = await runTool(p.page, map, { tool: 'draw_later', params: {} }, { timeoutMs: 5000 });
    expect(out.result.success).toBe(true);
    expect(out.navigated).toBe(false);
    expect(await p.page.$eval('#out', (e) => e.textContent)).toBe('drawn late');
  } finally {
    await p.close();
  }
});

test('a button that leaves the page answers on the next page, clicked once', async () => {
  const p = await openPage(env(), '/cs-frame.html');
  let nextLoads = 0;
  p.page.on('request', (r) => {
    if (r.url().endsWith('/cs-next.html')) nextLoads += 1;
  });
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const out = await runTool(p.page, map, { tool: 'go_on', params: {} }, { timeoutMs: 5000 });
    expect(out.result.success).toBe(true);
    expect(out.navigated).toBe(true);
    const after = await extractPageMap(p.page, { includeContent: false });
    expect(after.title).toBe('Next');
    expect(nextLoads).toBe(1);
  } finally {
    await p.close();
  }
});

test('listener-only targets follow the listeners: kept while unchanged, added and dropped as they change', async () => {
  const p = await openPage(env(), '/cs-listeners.html');
  try {
    let map = await extractPageMap(p.page, { includeContent: false });
    expect(options(map)).toEqual(expect.arrayContaining(['Apples']));
    expect(options(map)).not.toContain('Pears');
    // Nothing changed: the next reading offers the same, and the target still clicks.
    map = await extractPageMap(p.page, { includeContent: false });
    expect(options(map)).toContain('Apples');
    expect(
      (await runTool(p.page, map, { tool: 'click', params: { target: 'Apples' } }, { timeoutMs: 5000 })).result.success,
    ).toBe(true);
    expect(await p.page.$eval('#said', (e) => e.textContent)).toBe('apples');
    map = await extractPageMap(p.page, { includeContent: false });
    expect(options(map)).toContain('Apples');
    // A click that gives another element a listener: offered after it.
    await runTool(p.page, map, { tool: 'arm_pears', params: {} }, { timeoutMs: 5000 });
    map = await extractPageMap(p.page, { includeContent: false });
    expect(options(map)).toEqual(expect.arrayContaining(['Apples', 'Pears']));
    // One that takes a listener away: no longer offered.
    await runTool(p.page, map, { tool: 'disarm_apples', params: {} }, { timeoutMs: 5000 });
    map = await extractPageMap(p.page, { includeContent: false });
    expect(options(map)).not.toContain('Apples');
    expect(options(map)).toContain('Pears');
  } finally {
    await p.close();
  }
});

test('a page prepared without the bridge still settles after a click (the probe in the page)', async () => {
  const ctx = await env().browser.createBrowserContext();
  try {
    const page = await ctx.newPage();
    await page.goto(env().server.url('/cs-frame.html'), { waitUntil: 'load' });
    const map = await extractPageMap(page, { includeContent: false });
    const out = await runTool(page, map, { tool: 'draw_later', params: {} }, { timeoutMs: 5000 });
    expect(out.result.success).toBe(true);
    expect(await page.$eval('#out', (e) => e.textContent)).toBe('drawn late');
  } finally {
    await ctx.close();
  }
});
