/**
 * The page map on jQuery UI's demos (Debian's libjs-jquery-ui-docs, served unchanged by this
 * benchmark's own server), read with the page map itself:
 * - a page that hides itself whole until its scripts are ready is read once it shows itself. The demos keep
 * `html.demo-loading { visibility: hidden }` until RequireJS has loaded their widgets, 0.1–0.9 s
 * after the load event. The map read at load had no "Create new user" button (the bench's task on
 * it failed on every run); now extraction waits (bounded) for the page to show itself;
 * - boxes and radios outside any form with no button near them (checkboxradio draws each as a
 *   button-like label over its hidden input) are set by one tool that sends nothing. Before, no
 *   tool and no click target named them;
 * - a dropdown drawn over a hidden select that does not follow the select (selectmenu) is driven
 *   by pointer after the fill, so it shows the choice and the page's own handler runs. Before, the
 *   select changed, the widget still said "Yellow" and the circle stayed yellow: a silent success;
 * - what a script shows on hover (a delegated menu's submenu, a tooltip on the document) is found
 *   by the page's hover listeners, and the hover waits until it shows. Before, `hover` was offered
 *   only by the page's :hover style rules: neither the menu nor the field's tip could be pointed at;
 * - a field whose suggestions the page draws (autocomplete) keeps the focus after a fill that does
 *   not send, until its list shows, so the suggestions are click options. Before, the fill left
 *   the field at once, which closed the list (or cancelled its delayed search): nothing to pick;
 * - a combobox drawn over a hidden select (a text box and a "show all" button) is opened and its
 *   option pressed. Before, its list (a `ul` with no role) was not found: FIELD_NOT_SET;
 * - a list whose script listens on the list itself (selectable) offers each item as a target.
 *   Before, the list was one target named by its first item: only "Item 1" could be pressed.
 */
import { runTool } from '@pagemap/page-map';
import { clickOptionsAfter, sourcePages } from './source-pages';

const { withPage: withDemo } = sourcePages('jquery-ui');

test("a demo page hidden until its widgets are loaded is mapped once shown: the dialog's opener is offered", async () => {
  await withDemo('dialog/modal-form.html', async (page, map) => {
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).visibility)).toBe('visible');
    const offered = map.tools.flatMap((t) => [t.tool.name, ...t.tool.params.flatMap((p) => p.options ?? [])]);
    expect(offered).toContain('Create new user');
  });
});

test('styled radios and boxes in a fieldset with no button are set by a tool that sends nothing; the widget shows it', async () => {
  await withDemo('checkboxradio/default.html', async (page, map) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Paris')))?.tool;
    expect(tool?.description).toMatch(/nothing is sent/);
    const param = tool!.params.find((p) => p.options?.includes('Paris'))!;
    const out = await runTool(page, map, { tool: tool!.name, params: { [param.name]: 'Paris' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() => [
        (document.getElementById('radio-2') as HTMLInputElement).checked,
        document.querySelector('label[for=radio-2]')!.classList.contains('ui-checkboxradio-checked'),
      ]),
    ).toEqual([true, true]);
  });
});

test("a selectmenu over a hidden select is driven after the fill: it shows the choice and the page's handler runs", async () => {
  await withDemo('selectmenu/product-selection.html', async (page, map) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Green')))!.tool;
    const param = tool.params.find((p) => p.options?.includes('Green'))!;
    const out = await runTool(page, map, { tool: tool.name, params: { [param.name]: 'Green' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() => [
        (document.getElementById('color') as HTMLSelectElement).value,
        document.getElementById('color-button')!.textContent!.trim(),
        getComputedStyle(document.getElementById('circle')!).backgroundColor,
      ]),
    ).toEqual(['green', 'Green', 'rgb(0, 128, 0)']);
  });
});

test("hover targets found by the page's listeners: a delegated menu's submenu and a document tooltip show", async () => {
  for (const [path, target, shown] of [
    [
      'menu/default.html',
      'Electronics',
      "getComputedStyle(document.getElementById('ui-id-4').nextElementSibling).display !== 'none'",
    ],
    [
      'tooltip/default.html',
      'Your age',
      "[...document.querySelectorAll('.ui-tooltip')].some((t) => t.offsetParent !== null && t.textContent.includes('statistical'))",
    ],
  ]) {
    await withDemo(path!, async (page, map) => {
      expect(map.tools.find((t) => t.tool.name === 'hover')?.tool.params[0]?.options).toContain(target);
      const out = await runTool(page, map, { tool: 'hover', params: { target: target! } }, { timeoutMs: 8000 });
      expect(out.result.success).toBe(true);
      expect([path, await page.evaluate(shown!)]).toEqual([path, true]);
    });
  }
});

test('typing into an autocomplete without sending leaves its suggestions open to be clicked (delayed and at once)', async () => {
  for (const [path, field, typed, wanted] of [
    ['autocomplete/default.html', '#tags', 'Jav', 'JavaScript'],
    ['autocomplete/categories.html', '#search', 'andr', 'andreas johnson'],
  ] as const) {
    await withDemo(path, async (page, map) => {
      const tool = map.tools.find((t) =>
        t.tool.params.some((p) => p.name === 'press_enter' || p.name === 'send'),
      )!.tool;
      const off = tool.params.find((p) => p.name === 'press_enter' || p.name === 'send')!.name;
      const text = tool.params.find((p) => p.type === 'string')!.name;
      const { next, options } = await clickOptionsAfter(page, map, {
        tool: tool.name,
        params: { [text]: typed, [off]: false },
      });
      const option = options.find((o) => o.toLowerCase().includes(wanted.toLowerCase()));
      expect([path, option]).toEqual([path, expect.any(String)]);
      const out = await runTool(page, next, { tool: 'click', params: { target: option! } }, { timeoutMs: 8000 });
      expect(out.result.success).toBe(true);
      expect(await page.evaluate((sel) => (document.querySelector(sel) as HTMLInputElement).value, field)).toBe(wanted);
    });
  }
});

test('a combobox drawn over a hidden select (a text box and its "show all" button) is opened and the option pressed', async () => {
  await withDemo('autocomplete/combobox.html', async (page, map) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Python')))!.tool;
    const param = tool.params.find((p) => p.options?.includes('Python'))!;
    const params = { [param.name]: 'Python', ...(tool.params.some((p) => p.name === 'send') ? { send: false } : {}) };
    const out = await runTool(page, map, { tool: tool.name, params }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() => [
        (document.getElementById('combobox') as HTMLSelectElement).value,
        (document.querySelector('.custom-combobox-input') as HTMLInputElement).value,
      ]),
    ).toEqual(['Python', 'Python']);
  });
});

test('the items of a list that listens itself (selectable) are click targets, and a click selects one', async () => {
  await withDemo('selectable/default.html', async (page, map) => {
    const options = map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    expect(options).toEqual(expect.arrayContaining(['Item 1', 'Item 3', 'Item 7']));
    const out = await runTool(page, map, { tool: 'click', params: { target: 'Item 3' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('#selectable li.ui-selected')].map((li) => li.textContent),
      ),
    ).toEqual(['Item 3']);
  });
});
