/**
 * simple-datatables' own demo pages (the `simple-datatables` package, served unchanged).
 * - Its checkbox column draws each row's box as a character ("☐", "☑") in a span that a click
 *   listener on the table toggles: no input, no role. Before, the rows had no tool at all and the
 *   page map listed none of them.
 * - Its search box sits above the table with no button of its own; its pager's "…" says no word,
 *   as a magnifier does. Before, the search tool was "sent" with that "…".
 * - Its "entries per page" beside the search box: before, the search's query was required, so it
 *   could not be changed alone.
 * - Its column chooser is a button that shows only "▦". Before, it was no click target (its text is
 *   no word) and was taken as the search's send button.
 * - Its editor hears double-clicks on the table, not on the cells, and draws a box in the cell
 *   without focusing it. Before, no cell was an edit_text target.
 */
import { extractPageMap, runTool, type PageMap } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { clickOptionsAfter, sourcePages } from './source-pages';

const { withPage } = sourcePages('simple-datatables');

/** What the library itself holds for the row of `name`: its first cell is the box's value. */
const heldFor = (page: Page, name: string) =>
  page.evaluate((n) => {
    const dt = (window as unknown as { datatable: { data: { data: { cells: { data: unknown }[] }[] } } }).datatable;
    return dt.data.data.find((r) => r.cells[1]!.data === n)?.cells[0]!.data;
  }, name);

const toggleTool = (map: PageMap) => map.tools.find((t) => t.tool.name === 'toggle_item')?.tool;

test("a box drawn as a character is its row's toggle_item, read from and written to the table's own data", async () => {
  await withPage('demos/17-checkbox-column/index.html', async (page, map) => {
    const tool = toggleTool(map);
    expect(tool).toBeDefined();
    const rows = tool!.params.find((p) => p.name === 'item')!.options ?? [];
    // Each row by its words, the glyph left out of them.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => !/[☐☑]/u.test(r))).toBe(true);
    const name = rows[1]!.split(' | ')[0]!;
    expect(await heldFor(page, name)).toBe(false);

    const out = await runTool(
      page,
      map,
      { tool: 'toggle_item', params: { item: name, checked: true } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(true);
    expect(await heldFor(page, name)).toBe(true);
    // The page map shows the row's new state.
    const next = await extractPageMap(page, { includeContent: true });
    expect(next.markdown).toContain(`☑ ${name} |`);

    // Asked for the state it already holds, the box is left alone.
    const again = await runTool(
      page,
      next,
      { tool: 'toggle_item', params: { item: name, checked: true } },
      { timeoutMs: 8000 },
    );
    expect(again.result.success).toBe(true);
    expect(await heldFor(page, name)).toBe(true);
  });
});

test('a drawn box that does not take the click fails the tool instead of answering success', async () => {
  await withPage('demos/17-checkbox-column/index.html', async (page, map) => {
    const rows = toggleTool(map)!.params.find((p) => p.name === 'item')!.options ?? [];
    const name = rows[0]!.split(' | ')[0]!;
    // A fault: the click never reaches the table's listener (stopped on its way down).
    await page.evaluate(() => document.addEventListener('click', (e) => e.stopPropagation(), { capture: true }));
    const out = await runTool(
      page,
      map,
      { tool: 'toggle_item', params: { item: name, checked: true } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(false);
    expect(out.result.error?.code).toBe('FIELD_NOT_SET');
    expect(await heldFor(page, name)).toBe(false);
  });
});

test('the table\'s search is sent by typing alone, never by the pager\'s "…"', async () => {
  await withPage('demos/1-simple/index.html', async (page, map) => {
    const search = map.tools.find((t) => t.tool.name === 'search')?.tool;
    expect(search).toBeDefined();
    expect(search!.description).not.toContain('…');
    // A first name from the table's third page, which the first page does not show (the library
    // matches any of a query's words: one word makes every row shown hold it).
    const name = await page.evaluate(() => {
      const dt = (window as unknown as { dt?: { data: { data: { cells: { text?: string; data: unknown }[] }[] } } }).dt;
      const cell = dt?.data.data[25]?.cells[0];
      return String(cell?.text ?? cell?.data ?? '').split(' ')[0]!;
    });
    expect(name).not.toBe('');
    const out = await runTool(page, map, { tool: 'search', params: { query: name } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#demo-table tbody tr')).map((r) => r.textContent ?? ''),
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((r) => r.includes(name))).toBe(true);
  });
});

test('a setting beside the search box is changed alone: the search takes send: false without a query', async () => {
  await withPage('demos/1-simple/index.html', async (page, map) => {
    const search = map.tools.find((t) => t.tool.name === 'search')?.tool;
    expect(search?.params.map((p) => p.name)).toEqual(expect.arrayContaining(['query', 'per_page', 'send']));
    const out = await runTool(
      page,
      map,
      { tool: 'search', params: { per_page: '15', send: false } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(true);
    const state = await page.evaluate(() => ({
      perPage: (window as unknown as { dt: { options: { perPage: number } } }).dt.options.perPage,
      rows: document.querySelectorAll('#demo-table tbody tr').length,
      query: (document.querySelector('.datatable-input') as HTMLInputElement).value,
    }));
    expect(state).toEqual({ perPage: 15, rows: 15, query: '' });
  });
});

test('a button that is only a menu\'s sign ("▦") is the click target "Menu", not the search\'s send', async () => {
  await withPage('demos/23-column-filter-button/index.html', async (page, map) => {
    expect(map.tools.find((t) => t.tool.name === 'search')?.tool.description).not.toContain('▦');
    const { next, options } = await clickOptionsAfter(page, map, { tool: 'click', params: { target: 'Menu' } });
    expect(options).toContain('Menu');
    // The menu it opened: one box per column, each a row of toggle_item.
    const columns = next.tools.find((t) => t.tool.name === 'toggle_item')?.tool.params[0]?.options ?? [];
    expect(columns).toEqual(expect.arrayContaining(['Name', 'Type', 'OEM']));
    const out = await runTool(
      page,
      next,
      { tool: 'toggle_item', params: { item: 'Type', checked: false } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(true);
    const hidden = await page.evaluate(() =>
      (
        window as unknown as { dataTable: { columns: { settings: { hidden?: boolean }[] } } }
      ).dataTable.columns.settings.map((c) => !!c.hidden),
    );
    expect(hidden.slice(1, 3)).toEqual([true, false]);
  });
});

/** The editing demo's record of `name`: its cells' texts as the library holds them. */
const recordOf = (page: Page, name: string) =>
  page.evaluate((n) => {
    type Cell = { text?: string; data: unknown };
    const t = (window as unknown as { table: { data: { data: { cells: Cell[] }[] } } }).table;
    const text = (c: Cell) => String(c.text ?? c.data);
    return t.data.data.find((r) => text(r.cells[0]!) === n)?.cells.map(text);
  }, name);

test('a table that edits its cells on double-click (one listener on the table) offers each cell to edit_text', async () => {
  await withPage('demos/15-editing/index.html', async (page, map) => {
    const edit = map.tools.find((t) => t.tool.name === 'edit_text')?.tool;
    const cells = edit?.params.find((p) => p.name === 'target')?.options ?? [];
    const record = (await recordOf(page, 'Unity Pugh'))!;
    expect(cells).toEqual(expect.arrayContaining([record[0], record[2]]));
    const out = await runTool(
      page,
      map,
      { tool: 'edit_text', params: { target: record[2]!, text: 'Valparaíso' } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(true);
    expect((await recordOf(page, 'Unity Pugh'))![2]).toBe('Valparaíso');
  });
});

test("the box a cell's double-click opens is named by its column and sent by no header or pager button", async () => {
  await withPage('demos/15-editing/index.html', async (page, map) => {
    const record = (await recordOf(page, 'Unity Pugh'))!;
    const opened = await runTool(page, map, { tool: 'edit_text', params: { target: record[2]! } }, { timeoutMs: 8000 });
    expect(opened.result.success).toBe(true);
    const next = await extractPageMap(page, { includeContent: false });
    const holder = next.tools.find((t) => t.tool.params.some((p) => p.name === 'city'))?.tool;
    expect(holder).toBeDefined();
    // No param chooses a button to send with: the sort headers and the pager are none of its own.
    expect(holder!.params.map((p) => p.name)).not.toContain('action');
    expect(holder!.description).toMatch(/nothing is sent/);
  });
});
