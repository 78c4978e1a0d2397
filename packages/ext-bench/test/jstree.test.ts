/**
 * jsTree's own demo page (the `jstree` package: src/jstree-build.ts): seven trees, each item a
 * `role=treeitem` with `aria-expanded`, opened by an empty icon right before it (`.jstree-ocl`)
 * that one click listener on the tree serves; a click on the item's text selects it.
 * - Before, the arrows were no click target: "open the Root node" clicked its text, which selects.
 * - Before, the trees' equal items were told apart by a counter ("Root node (3)"), not by the demo
 *   they are in.
 * - Before, each tree (its container listens for double-clicks and hovers) was an edit_text and a
 *   hover target named by its first node.
 */
import { runTool, type PageMap } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { clickOptionsAfter, sourcePages } from './source-pages';

const { withPage } = sourcePages('jstree');
const PAGE = 'demo/basic/index.html';

const clickOptions = (map: PageMap) => map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];

/** What jsTree itself says of the tree in `#id`: its open nodes' texts. */
const openIn = (page: Page, id: string) =>
  page.evaluate((sel) => {
    const $ = (window as unknown as { $: (s: string) => { jstree: (x: true) => JsTree } }).$;
    type JsTree = { get_json: (id: string, o: object) => { text: string; state: { opened: boolean } }[] };
    return $(sel)
      .jstree(true)
      .get_json('#', { flat: true })
      .filter((n) => n.state.opened)
      .map((n) => n.text);
  }, `#${id}`);

test("a tree's arrow, served by the tree's listener, opens its item, named by the item and its demo", async () => {
  await withPage(PAGE, async (page, map) => {
    const options = clickOptions(map);
    expect(options).toEqual(
      expect.arrayContaining(['Expand Root node (Inline data demo)', 'Collapse Root node (HTML demo)']),
    );
    expect(await openIn(page, 'data')).toEqual([]);
    const { options: after } = await clickOptionsAfter(page, map, {
      tool: 'click',
      params: { target: 'Expand Root node (Inline data demo)' },
    });
    expect(await openIn(page, 'data')).toEqual(['Root node']);
    // Only that tree: the AJAX demo's Root node stays closed.
    expect(await openIn(page, 'ajax')).toEqual([]);
    expect(after).toContain('Collapse Root node (Inline data demo)');
  });
});

test("equal items of different trees are told apart by their demo's heading, not by a counter", async () => {
  await withPage(PAGE, async (_page, map) => {
    const roots = clickOptions(map).filter((o) => o.startsWith('Root node'));
    expect(roots).toEqual(expect.arrayContaining(['Root node (HTML demo)', 'Root node (Inline data demo)']));
    expect(roots.filter((o) => /\(\d+\)$/.test(o))).toEqual([]);
  });
});

test('a tree is no text to edit and no element to hover: its container listens for its items', async () => {
  await withPage(PAGE, async (page, map) => {
    const optionsOf = (name: string) => map.tools.find((t) => t.tool.name === name)?.tool.params[0]?.options ?? [];
    expect(optionsOf('edit_text').filter((o) => o.startsWith('Root node'))).toEqual([]);
    expect(optionsOf('hover').filter((o) => o.startsWith('Root node'))).toEqual([]);
    // Its items are still selected by a click on their text.
    const out = await runTool(page, map, { tool: 'click', params: { target: 'Child node 2' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const selected = await page.evaluate(() => {
      const $ = (
        window as unknown as {
          $: (s: string) => { jstree: (x: true) => { get_selected: (f: true) => { text: string }[] } };
        }
      ).$;
      return $('#html')
        .jstree(true)
        .get_selected(true)
        .map((n) => n.text);
    });
    expect(selected).toEqual(['Child node 2']);
  });
});
