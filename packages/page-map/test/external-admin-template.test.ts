/**
 * An admin template written by others: Start Bootstrap's SB Admin 2 (npm
 * `startbootstrap-sb-admin-2`, Bootstrap 4, jQuery and DataTables), served unchanged at the
 * browser's 800-pixel width.
 * - The user menu's toggle shows only an avatar at this width: the name beside it ("Douglas
 *   McGee") is shown on wide screens only. A control that shows no words and has no other name goes
 *   by the words it holds, so the menu can be opened by the name a person knows it by; before, it
 *   was no click target at all.
 * - The Logout dialog fades in: its backdrop's transition runs first and only then is the dialog
 *   shown. A tool is not done while a transition it started runs, so the click answers with the
 *   dialog on screen; before, it answered during the fade, with the dialog not shown yet.
 * - A search box above a paged table (DataTables) has no button: the pager's "Next", a link in a
 *   list of links, is no submit of it, and the "Show entries" list beside it is a tool of its own.
 *   Before, both fields made one `search` tool that pressed "Next" after typing, and choosing how
 *   many entries to show required a search.
 */
import { dirname } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(dirname(require.resolve('startbootstrap-sb-admin-2/package.json')));

test('the avatar-only user menu is a click target by the name it holds, and clicking it opens the menu', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    expect(await p.page.evaluate(() => innerWidth)).toBeLessThan(992); // the name is not shown at this width
    const click = p.map.tools.find((t) => t.tool.name === 'click')!.tool;
    expect(click.params[0]!.options).toContain('Douglas McGee');
    const out = await p.run('click', { target: 'Douglas McGee' });
    expect(out.result.success).toBe(true);
    await p.page.waitForSelector('[aria-labelledby=userDropdown].show');
  } finally {
    await p.close();
  }
});

test("a search box above a paged table is sent without the pager's Next, and the entries list is its own tool", async () => {
  const p = await openExternal(env(), '/tables.html');
  try {
    const search = p.map.tools.find((t) => t.tool.params.some((q) => /Search:/.test(q.description)))!.tool;
    expect(search.params.map((q) => q.name)).toEqual(['query']);
    expect(search.description).not.toMatch(/Next/);
    const entries = p.map.tools.find((t) => t.tool.params.some((q) => /Show entries/.test(q.description)))!.tool;
    expect(entries.name).not.toBe(search.name);
    const param = entries.params.find((q) => /Show entries/.test(q.description))!;
    expect((await p.run(entries.name, { [param.name]: '25' })).result.success).toBe(true);
    expect(await p.page.$$eval('#dataTable tbody tr', (rows) => rows.length)).toBe(25);

    const out = await p.run(search.name, { query: 'Tokyo' });
    expect(out.result.success).toBe(true);
    const shown = await p.page.evaluate(() => ({
      page: document.querySelector('#dataTable_paginate .active')?.textContent?.trim(),
      rows: [...document.querySelectorAll('#dataTable tbody tr')].map((tr) => tr.textContent ?? ''),
    }));
    expect(shown.page).toBe('1');
    expect(shown.rows.length).toBeGreaterThan(0);
    for (const row of shown.rows) expect(row).toContain('Tokyo');
  } finally {
    await p.close();
  }
});

test('a click that opens a dialog behind a fading backdrop answers once the dialog is shown', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    expect((await p.run('click', { target: 'Douglas McGee' })).result.success).toBe(true);
    const map = await extractPageMap(p.page, { includeContent: false });
    const out = await runTool(p.page, map, { tool: 'click', params: { target: 'Logout' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await p.page.$eval('#logoutModal', (m) => m.classList.contains('show'))).toBe(true);
  } finally {
    await p.close();
  }
});
