/**
 * A JSON tree editor written by others (the jsoneditor package's own examples): each row of its
 * tree holds a key and a value as editable regions with no name, label or id, and row buttons
 * (a drag handle, an actions menu) before them; there is no form. Before: each row was a formless
 * group whose "submit" buttons were that drag handle and that menu, all rows' groups looked alike
 * (one field key) so only the first few were offered, values were named ":" by the separator beside
 * them, and a row read "| | | | number | : | 123". Now a row reads "number: 123", its value is set
 * by `set_item` (typed, read back, confirmed), and no tool presses a row's button as a submit.
 * Its search box has no label of its own, only the tooltip of the frame around it ("Search fields
 * and values"): it was `field_1` "text" of a tool named after its "Next result" button, and is now
 * the page's `search`.
 */
import { dirname } from 'node:path';
import type { Page } from 'puppeteer-core';
import { openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(dirname(require.resolve('jsoneditor/package.json')));
const PAGE = '/examples/03_switch_mode.html';

/** The document the editor holds, read from the page's own editor (a `const` of the example's script). */
const held = (p: { page: Page }) => p.page.evaluate('editor.get()') as Promise<Record<string, unknown>>;

test('a key-value row reads "key: value", and no tool sends a row by its drag handle or its menu', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const set = p.map.tools.find((t) => t.tool.name === 'set_item')?.tool;
    expect(set?.params[0]?.options).toEqual(expect.arrayContaining(['number: 123', 'string: Hello World']));
    for (const { tool } of p.map.tools) {
      const action = tool.params.find((q) => q.name === 'action');
      const byRowButton = action?.options?.some((o) => /Drag to move|actions menu/.test(o)) ?? false;
      expect([tool.name, byRowButton]).toEqual([tool.name, false]);
      expect([tool.name, tool.params.some((q) => q.description === ':')]).toEqual([tool.name, false]);
    }
  } finally {
    await p.close();
  }
});

test('set_item types a row’s new value, and the editor holds it (a number as a number)', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const number = await p.run('set_item', { item: 'number: 123', text: '456' });
    expect(number.result).toMatchObject({ success: true });
    const text = await p.run('set_item', { item: 'string: Hello World', text: 'Hi there' });
    expect(text.result).toMatchObject({ success: true });
    expect(await held(p)).toMatchObject({ number: 456, string: 'Hi there', null: null, boolean: true });
  } finally {
    await p.close();
  }
});

test('a row no option names is refused, and nothing changes', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const out = await p.run('set_item', { item: 'no such key', text: 'x' });
    expect(out.result).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(await held(p)).toMatchObject({ number: 123, string: 'Hello World' });
  } finally {
    await p.close();
  }
});

test('a box named only by the tooltip of its frame is the page’s search, and searching finds', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    const search = p.map.tools.find((t) => t.tool.name === 'search')?.tool;
    expect(search?.params[0]?.description).toContain('Search fields and values');
    const out = await p.run('search', { [search!.params[0]!.name]: 'Hello' });
    expect(out.result).toMatchObject({ success: true });
    await p.page.waitForFunction(() => document.querySelectorAll('.jsoneditor-highlight').length > 0);
  } finally {
    await p.close();
  }
});

test('a tool answers once the page’s debounced reaction has run: the edit is in the editor’s history', async () => {
  const p = await openExternal(env(), PAGE);
  try {
    // The editor records an edit 150 ms after its last key; before, the tool (and its page map)
    // answered first, with "Undo" still disabled, and an agent could not undo.
    const out = await p.run('set_item', { item: 'number: 123', text: '7' });
    expect(out.result).toMatchObject({ success: true });
    expect(
      await p.page.evaluate(() => (document.querySelector('.jsoneditor-undo') as HTMLButtonElement).disabled),
    ).toBe(false);
  } finally {
    await p.close();
  }
});
