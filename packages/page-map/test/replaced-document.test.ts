/**
 * A document replaced while it is read (extract.ts): a page that sends itself on a moment after a
 * tool settled (a `javascript:` link posting its form, a timed redirect) lets its navigation
 * commit in the middle of the page map's reading. The reading is then made of the new document,
 * not answered with puppeteer's "Execution context was destroyed" (which the worker would turn
 * into a 500).
 */
import { extractPageMap } from '../src';
import { openPage, servePage, useEnv } from './helpers';

const env = useEnv();

beforeAll(() => {
  servePage(env(), '/replaced/a', '<!doctype html><title>First</title><p>First page</p><button>Go</button>');
  servePage(env(), '/replaced/b', '<!doctype html><title>Second</title><p>Second page</p>');
});

test('a navigation that commits during the reading: the new document is read', async () => {
  const p = await openPage(env(), '/replaced/a');
  try {
    await extractPageMap(p.page, { includeContent: false }); // the page script is now kept in this document
    // The page leaves, and its main thread stays busy while the next document's answer arrives:
    // the reading asked for meanwhile meets the commit of the new document.
    // The next document has been asked for: the event the reading below must race.
    const leaving = p.page.waitForRequest((r) => r.url().endsWith('/replaced/b'));
    await p.page.evaluate(() => {
      setTimeout(() => {
        location.href = '/replaced/b';
        const end = Date.now() + 300;
        while (Date.now() < end);
      }, 0);
    });
    await leaving;
    const map = await extractPageMap(p.page, { includeContent: false });
    expect(map.title).toBe('Second');
  } finally {
    await p.close();
  }
});
