/**
 * The page map shows an app's state: the entries of an app drawn inside an open shadow root
 * (where the article reader does not look) are in page_content with their boxes' marks, and in
 * the page's text as a sentence the summary reads, instead of "has little readable text". The
 * app is Preact from npm (test/apps/reading-list.ts).
 */
import { rmSync } from 'node:fs';
import { extractPageMap, offlineSummary } from '../src';
import { writeReadingList } from './apps/reading-list';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReadingList();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('the entries and their boxes are in page_content and in the summary', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    await p.page.evaluate(() => {
      const box = document.querySelector('reading-list')!.shadowRoot!.querySelector('li input') as HTMLInputElement;
      box.click();
    });
    const map = await extractPageMap(p.page, { includeContent: true });
    expect(map.markdown).toContain('- ☑ The Left Hand of Darkness');
    expect(map.markdown).toContain('- ☐ Parable of the Sower');
    const summary = offlineSummary({ url: map.url, title: map.title, text: map.text });
    expect(summary).toContain('The page lists 2 items: The Left Hand of Darkness (checked); Parable of the Sower.');
    expect(summary).not.toMatch(/little readable text/);
  } finally {
    await p.close();
  }
});
