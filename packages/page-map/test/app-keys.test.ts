/**
 * An app's input that acts on Enter (a key listener, no form, no button), inside an open shadow
 * root: its tool is named for what it does (add_…), types and presses Enter, and the app holds the
 * new entry. The app is Preact from npm (test/apps/reading-list.ts).
 */
import { rmSync } from 'node:fs';
import { BOOKS_IN_PAGE, writeReadingList } from './apps/reading-list';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReadingList();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('the new-entry box is offered as add_a_book, which types and presses Enter', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'add_a_book')?.tool;
    expect(tool?.description).toMatch(/press Enter/);
    const field = tool!.params[0]!;
    const out = await p.run('add_a_book', { [field.name]: 'Kindred' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(
      (n) => (document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li').length ?? 0) === n,
      {},
      3,
    );
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual([
      'The Left Hand of Darkness',
      'Parable of the Sower',
      'Kindred',
    ]);
  } finally {
    await p.close();
  }
});

test('press_enter: false only types', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const field = p.map.tools.find((t) => t.tool.name === 'add_a_book')!.tool.params[0]!;
    const out = await p.run('add_a_book', { [field.name]: 'Kindred', press_enter: false });
    expect(out.result.success).toBe(true);
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['The Left Hand of Darkness', 'Parable of the Sower']);
  } finally {
    await p.close();
  }
});
