/**
 * Summaries through the API (issue 13 item 11): 1–3 sentences as a strict reader counts them (every
 * terminal mark followed by a space ends one), also on a page whose first paragraph is one long
 * sentence full of abbreviations, initials, an ellipsis and an exclamation mark.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { strictSentenceCount } from '@pagemap/page-map';
import { api } from '@pagemap/test-utils';
import { useApiSuite } from './helpers';

const suite = useApiSuite({ tenants: 1 });

test.each(['/long-first-paragraph.html', '/article.html', '/login.html', '/big-article.html'])(
  'the summary of %s is 1–3 sentences',
  async (path) => {
    const res = await api(suite.stack.url, 'POST', '/v1/browse', {
      key: suite.keys[0]!,
      body: { url: suite.site.url(path) },
    });
    expect(res.status).toBe(200);
    const { summary } = BrowseResponse.parse(res.body);
    const n = strictSentenceCount(summary);
    expect({ path, n, ok: n >= 1 && n <= 3 }).toEqual({ path, n, ok: true });
  },
);
