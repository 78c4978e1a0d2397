/**
 * Autocomplete fields (page-script/suggestions.ts) through runTool in real Chromium: an exact
 * suggestion is picked before sending, a form waiting for a pick is not sent, a search box that
 * merely suggests is sent as typed.
 */
import type { Page } from 'puppeteer-core';
import { extractPageMap, runTool, type PageMap } from '../src';
import { openPage, servePage, useEnv } from './helpers';

const env = useEnv();

/** A station picker: suggestions after typing (at once, or debounced), the pick's code in a hidden field. */
const picker = (debounceMs: number, withHidden = true) => `<!doctype html><title>Tickets</title>
<form action="/suggest/sent" method="get" role="search">
  <label for="to">Destination</label>
  <input id="to" name="to_text" role="combobox" aria-autocomplete="list" aria-controls="list" aria-expanded="false" autocomplete="off">
  <ul id="list" role="listbox" hidden></ul>
  ${withHidden ? '<input type="hidden" name="code" id="code">' : ''}
  <button>Find trains</button>
</form>
<script>
  const ALL = [['Lisboa Oriente', 'LO1'], ['Lisboa Santa Apolonia', 'LSA'], ['Lille Europe', 'LE2']];
  const input = document.getElementById('to'), list = document.getElementById('list'), code = document.getElementById('code');
  let t = 0;
  function show() {
    const v = input.value.trim().toLowerCase();
    list.innerHTML = '';
    if (code) code.value = '';
    for (const [name, id] of ALL.filter(([n]) => v.length >= 2 && n.toLowerCase().startsWith(v))) {
      const li = document.createElement('li');
      li.setAttribute('role', 'option');
      li.textContent = name;
      li.addEventListener('mousedown', () => { input.value = name; if (code) code.value = id; list.hidden = true; input.setAttribute('aria-expanded', 'false'); });
      list.appendChild(li);
    }
    list.hidden = list.children.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
  }
  input.addEventListener('input', () => { clearTimeout(t); ${debounceMs ? `t = setTimeout(show, ${debounceMs});` : 'show();'} });
</script>`;

beforeAll(() => {
  const { server } = env();
  servePage(env(), '/suggest/now', picker(0));
  servePage(env(), '/suggest/debounced', picker(200));
  servePage(env(), '/suggest/search', picker(0, false));
  server.route('GET', '/suggest/sent', (_req, res, url) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Sent ${url.searchParams.get('to_text')} ${url.searchParams.get('code') ?? '-'}</title>`,
    );
  });
});

async function withForm<T>(
  path: string,
  fn: (page: Page, map: PageMap, tool: string, param: string) => Promise<T>,
): Promise<T> {
  const p = await openPage(env(), path);
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const form = map.tools.find((t) => t.binding.kind === 'form')!;
    return await fn(p.page, map, form.tool.name, form.tool.params[0]!.name);
  } finally {
    await p.close();
  }
}

test('a suggestion that reads exactly as the typed value is picked before the form is sent', async () => {
  for (const path of ['/suggest/now', '/suggest/debounced']) {
    await withForm(path, async (page, map, tool, param) => {
      const out = await runTool(page, map, { tool, params: { [param]: 'Lisboa Oriente' } }, { timeoutMs: 5000 });
      expect(out).toMatchObject({ result: { success: true }, navigated: true });
      expect(await page.title()).toBe('Sent Lisboa Oriente LO1');
    });
  }
});

const clickOptions = (map: PageMap): string[] =>
  map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];

test('a form waiting for a pick is not sent; its suggestions are offered to click, and then its submit button', async () => {
  await withForm('/suggest/now', async (page, map, tool, param) => {
    // Untouched, the form's button belongs to the form's tool.
    expect(clickOptions(map)).not.toContain('Find trains');
    const out = await runTool(page, map, { tool, params: { [param]: 'Lisboa' } }, { timeoutMs: 5000 });
    expect(out).toMatchObject({ result: { success: true }, navigated: false });
    expect(await page.title()).toBe('Tickets');
    const after = await extractPageMap(page, { includeContent: false });
    expect(clickOptions(after)).toEqual(expect.arrayContaining(['Lisboa Oriente', 'Lisboa Santa Apolonia']));
    const pick = await runTool(
      page,
      after,
      {
        tool: 'click',
        params: { [after.tools.find((t) => t.tool.name === 'click')!.tool.params[0]!.name]: 'Lisboa Santa Apolonia' },
      },
      { timeoutMs: 5000 },
    );
    expect(pick.result.success).toBe(true);
    expect(await page.$eval('#code', (e) => (e as HTMLInputElement).value)).toBe('LSA');
    // Typed into and not sent: sending it is one click away, as for a person.
    const picked = await extractPageMap(page, { includeContent: false });
    expect(clickOptions(picked)).toContain('Find trains');
    const click = picked.tools.find((t) => t.tool.name === 'click')!;
    const sent = await runTool(
      page,
      picked,
      { tool: 'click', params: { [click.tool.params[0]!.name]: 'Find trains' } },
      { timeoutMs: 5000 },
    );
    expect(sent).toMatchObject({ result: { success: true }, navigated: true });
    expect(await page.title()).toBe('Sent Lisboa Santa Apolonia LSA');
  });
});

test('a search box that merely suggests is sent as typed', async () => {
  await withForm('/suggest/search', async (page, map, tool, param) => {
    const out = await runTool(page, map, { tool, params: { [param]: 'Lisboa' } }, { timeoutMs: 5000 });
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(await page.title()).toBe('Sent Lisboa -');
  });
});
