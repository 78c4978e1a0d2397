/**
 * follow_link is offered only on a page that has links, and its description counts them in
 * correct English ("one link", "2 links"). buildTools is pure, so a raw page as JSON is enough.
 */
import type { RawLink } from '../src/shared/page-script-types';
import { buildTools } from '../src/tools/build';
import { rawLink as link, rawPage as pageOf } from './raw-fixtures';

const rawPage = (links: RawLink[]) => pageOf({ title: 'Links', links });
const followLink = (links: RawLink[]) => buildTools(rawPage(links)).find((t) => t.tool.name === 'follow_link');

test('a page without links offers no follow_link, but still navigate', () => {
  const names = buildTools(rawPage([])).map((t) => t.tool.name);
  expect(names).toEqual(['navigate']);
});

test('a page with one link says so in the singular; with more it gives the count', () => {
  expect(followLink([link('about')])?.tool.description).toBe("Follow this page's one link, by its text (or its URL).");
  expect(followLink([link('about'), link('contact')])?.tool.description).toBe(
    "Follow one of this page's 2 links, by its text (or its URL).",
  );
});
