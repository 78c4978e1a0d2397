/**
 * JSON Editor's own test pages (the `@json-editor/json-editor` package): forms drawn from a JSON
 * Schema with no `<form>` and no send button, arrays as rows or tables of fields with "Add …",
 * "Delete", "Move up" and "Move down" beside them.
 * - Before, a page whose schema arrives over AJAX after the load event was mapped without its form.
 * - Before, each table row was a form "sent" with its "Move down", its box had a tag "Move upMove
 *   down" (its row's buttons), and its "Delete" was told by the buttons' words, "Delete (DeleteMove
 *   down)", or by a list's first option, "Delete (cat)".
 * - Before, each field of a panel, and each box of a group of boxes, was a tool of its own.
 */
import { runTool, type PageMap } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { clickOptionsAfter, sourcePages } from './source-pages';

const { withPage } = sourcePages('json-editor');

const clickOptions = (map: PageMap) => map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
const toolWith = (map: PageMap, param: string) =>
  map.tools.find((t) => t.tool.params.some((p) => p.name === param))?.tool;
const valueOf = (page: Page) =>
  page.evaluate(() => JSON.stringify((window as unknown as { editor: { getValue(): unknown } }).editor.getValue()));

test('a form drawn from schemas fetched after the load event is in the first page map', async () => {
  await withPage('tests/pages/tabs.html', async (_page, map) => {
    expect(toolWith(map, 'city')).toBeDefined();
    // Each pet's row is told by the name typed in it, not by its buttons or its list's first option.
    expect(clickOptions(map)).toEqual(expect.arrayContaining(['Delete (Spot)', 'Delete (Whiskers)']));
    const descriptions = map.tools.flatMap((t) => t.tool.params.map((p) => p.description));
    expect(descriptions.filter((d) => d.includes('added to the list'))).toEqual([]);
  });
});

test("a panel's fields with no send button are one tool that sends nothing", async () => {
  await withPage('tests/pages/tabs.html', async (_page, map) => {
    const person = toolWith(map, 'age');
    expect(person?.params.map((p) => p.name)).toEqual(expect.arrayContaining(['city', 'gender']));
    expect(person?.params.map((p) => p.name)).not.toContain('send');
    expect(person?.params.map((p) => p.name)).not.toContain('action');
  });
});

test("a table of fields is one tool, each field told by its row; its rows' buttons and its Add send nothing", async () => {
  await withPage('tests/pages/table.html', async (page, map) => {
    const first = await clickOptionsAfter(page, map, { tool: 'click', params: { target: 'Add Node' } });
    const { next } = await clickOptionsAfter(page, first.next, { tool: 'click', params: { target: 'Add Node' } });
    const table = toolWith(next, 'node_2');
    expect(table?.params.map((p) => [p.name, p.description])).toEqual([
      ['node', 'I am a node (in "row 1")'],
      ['node_2', 'I am a node (in "row 2")'],
    ]);
    expect(next.tools.filter((t) => t.tool.params.some((p) => p.name === 'send')).map((t) => t.tool.name)).toEqual([]);
    const out = await runTool(page, next, { tool: table!.name, params: { node_2: 'beta' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await valueOf(page)).toBe('[{"node":""},{"node":"beta"}]');
  });
});

test('boxes each in a wrapper of their own under one heading are one tool', async () => {
  await withPage('tests/pages/array-checkboxes.html', async (page, map) => {
    const { next } = await clickOptionsAfter(page, map, { tool: 'click', params: { target: 'Add Checkbox' } });
    const boxes = toolWith(next, '2');
    expect(boxes?.params.map((p) => p.name)).toEqual(['1', '2', '3', '4', '5']);
    const out = await runTool(page, next, { tool: boxes!.name, params: { '2': true, '4': true } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await valueOf(page)).toBe('[["2","4"]]');
  });
});
