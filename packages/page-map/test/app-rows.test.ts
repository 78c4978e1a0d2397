/**
 * Per-row controls: the rows of an app's list that share a control become one tool per control,
 * the row chosen by its text. In the Preact test app (test/apps/reading-list.ts, in an open shadow
 * root) each entry has a box and a remove button drawn as a CSS "×" that shows only while its row
 * is hovered: toggle_item checks the named row's box, remove_item hovers the named row and
 * presses its button; neither touches another row.
 */
import { rmSync } from 'node:fs';
import { BOOKS_IN_PAGE, READ_IN_PAGE, writeReadingList } from './apps/reading-list';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReadingList();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('toggle_item checks the box of the row named by its text, and unchecks it again', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'toggle_item')?.tool;
    expect(tool?.params[0]?.options).toEqual(['The Left Hand of Darkness', 'Parable of the Sower']);
    const on = await p.run('toggle_item', { item: 'Parable of the Sower', checked: true });
    expect(on.result.success).toBe(true);
    await p.page.waitForFunction(
      (n) => document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li input:checked').length === n,
      {},
      1,
    );
    expect(await p.page.evaluate(READ_IN_PAGE)).toEqual(['Parable of the Sower']);
    const again = await p.run('toggle_item', { item: 'Parable of the Sower', checked: true });
    expect(again.result.success).toBe(true);
    expect(await p.page.evaluate(READ_IN_PAGE)).toEqual(['Parable of the Sower']);
    const off = await p.run('toggle_item', { item: 'Parable of the Sower', checked: false });
    expect(off.result.success).toBe(true);
    await p.page.waitForFunction(
      () => document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li input:checked').length === 0,
    );
  } finally {
    await p.close();
  }
});

test("remove_item reveals the row's hidden remove button by hovering, and removes only that row", async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'remove_item')?.tool;
    expect(tool?.description).toMatch(/hovered/);
    const out = await p.run('remove_item', { item: 'The Left Hand of Darkness' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(
      () => document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li').length === 1,
    );
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['Parable of the Sower']);
  } finally {
    await p.close();
  }
});

test('a row that is not on the list is refused, and nothing is removed', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('remove_item', { item: 'Dhalgren' });
    expect(out.result.error?.code).toBe('INVALID_PARAMS');
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['The Left Hand of Darkness', 'Parable of the Sower']);
  } finally {
    await p.close();
  }
});
