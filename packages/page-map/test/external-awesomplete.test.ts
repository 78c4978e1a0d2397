/**
 * Awesomplete as its npm package ships it (`awesomplete` 1.1.7): its documentation page, which is
 * its demo, served unchanged. The widget wraps each box in a `div` with its list of suggestions
 * (`ul role=listbox`, `hidden` while closed) and a live region saying how many there are ("Type 2
 * or more characters for results"); on this page box, list and live region all sit inside the
 * box's `<label>`. What it showed:
 * - The live region's words were part of the box's name (`pick_a_programming_language_ty…`), and
 *   they change as the box is typed into: the tool could not find its own field again, and every
 *   fill answered ELEMENT_GONE (9 of 10 tasks).
 * - Words inside a field's label are not click targets (clicking them only focuses the field), and
 *   that rule took the suggestions the widget drew inside the label with them: after typing "Ru",
 *   "Ruby on Rails" was offered nowhere.
 * - The list fades and grows in from `visibility: hidden` over 0.3 s. Right after the keys it is
 *   still hidden, and nothing in the document changes when it shows: the fill waited for a change
 *   that never came, then left the box after a second, which closed the list (in about half the
 *   runs): Enter then picked nothing.
 */
import { dirname } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

const env = useExternalEnv(dirname(require.resolve('awesomplete/package.json')));
const withPage = (fn: (p: OpenedPage) => Promise<void>) => withExternalPage(env(), 'index.html', fn);
const valueOf = (p: OpenedPage, sel: string) => p.page.$eval(sel, (e) => (e as HTMLInputElement).value);

test('a live region inside a label is no part of its name: the box is found again once typed into', async () => {
  await withPage(async (p) => {
    const lang = p.map.tools.find((t) => t.tool.params.some((x) => x.name === 'pick_a_programming_language'))?.tool;
    expect(lang?.params[0]!.description).toBe('Pick a programming language');
    const out = await p.run(lang!.name, { pick_a_programming_language: 'LOLCODE' });
    expect(out.result).toMatchObject({ success: true });
    expect(await valueOf(p, 'input[autofocus]')).toBe('LOLCODE');
  });
});

test("suggestions drawn inside a box's label are click options, and a click picks one", async () => {
  await withPage(async (p) => {
    const out = await p.run('fill_pick_a_programming_language', { pick_a_programming_language: 'Ru' });
    expect(out.result).toMatchObject({ success: true });
    const map = await extractPageMap(p.page, { includeContent: false });
    const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
    expect(click?.params[0]!.options).toEqual(['Ruby on Rails']);
    const picked = await runTool(
      p.page,
      map,
      { tool: 'click', params: { target: 'Ruby on Rails' } },
      { timeoutMs: 8000 },
    );
    expect(picked.result).toMatchObject({ success: true });
    expect(await valueOf(p, 'input[autofocus]')).toBe('Ruby on Rails');
  });
});

test('a list that shows by a CSS transition is waited for: the box keeps the focus, Enter picks the first', async () => {
  await withPage(async (p) => {
    // A race against the first frame: each round is a new chance to lose the list before the fix.
    for (const [typed, first] of [
      ['Brain', 'Brainfuck'],
      ['LOL', 'LOLCODE'],
      ['Node', 'Node.js'],
      ['Ruby', 'Ruby on Rails'],
      ['Ad', 'Ada'],
      ['Jav', 'Java'],
    ]) {
      const filled = await p.run('fill_auto_first', { auto_first: typed! });
      expect(filled.result).toMatchObject({ success: true });
      const map = await extractPageMap(p.page, { includeContent: false });
      const press = { tool: 'press_key', params: { key: 'Enter', field: 'autoFirst' } };
      expect((await runTool(p.page, map, press, { timeoutMs: 8000 })).result).toMatchObject({ success: true });
      expect(await valueOf(p, 'input[data-autofirst]')).toBe(first);
    }
  });
});
