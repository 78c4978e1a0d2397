/**
 * press_key: a trusted key press in a named field or wherever the focus is, offered where the page
 * listens for keys. In the Preact test app (test/apps/reading-list.ts, open shadow root) Enter in
 * the "Add a book" box adds what it holds, and Escape cancels a rename the app opened.
 */
import { rmSync } from 'node:fs';
import { BOOKS_IN_PAGE, writeReadingList } from './apps/reading-list';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReadingList();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const ENTRIES = "document.querySelector('reading-list').shadowRoot.querySelectorAll('li').length";

test('Enter pressed in the named field adds what it holds', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'press_key')?.tool;
    expect(tool?.params.find((q) => q.name === 'field')?.options).toContain('Add a book');
    const field = p.map.tools.find((t) => t.tool.name === 'add_a_book')!.tool.params[0]!;
    await p.run('add_a_book', { [field.name]: 'Kindred', press_enter: false });
    const out = await p.run('press_key', { key: 'Enter', field: 'Add a book' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(`${ENTRIES} === 3`);
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual([
      'The Left Hand of Darkness',
      'Parable of the Sower',
      'Kindred',
    ]);
  } finally {
    await p.close();
  }
});

test('Escape goes to the focused box: a rename the app opened is cancelled', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    await p.page.evaluate(() => {
      const title = document.querySelector('reading-list')!.shadowRoot!.querySelector('.title')!;
      title.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, composed: true }));
    });
    await p.page.waitForFunction(
      "document.querySelector('reading-list').shadowRoot.activeElement?.className === 'rename'",
    );
    const out = await p.run('press_key', { key: 'Escape' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction("!document.querySelector('reading-list').shadowRoot.querySelector('input.rename')");
    expect(await p.page.evaluate(BOOKS_IN_PAGE)).toEqual(['The Left Hand of Darkness', 'Parable of the Sower']);
  } finally {
    await p.close();
  }
});

test('a field the page does not have is refused', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('press_key', { key: 'Enter', field: 'Nothing like this' });
    expect(out.result.error?.code).toBe('INVALID_PARAMS');
  } finally {
    await p.close();
  }
});
