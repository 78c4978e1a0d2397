/**
 * Summaries of articles written by others, in a language written without spaces: the Japanese
 * Debian New Maintainers' Guide (Debian's maint-guide-ja, served unchanged from /usr/share/doc).
 * A summary has 1–3 sentences as a reader counts them: a sentence ends at 。！？ wherever it
 * stands, and at . ! ? before a space. Before, Japanese paragraphs were one "sentence" each and a
 * summary held five or more.
 */
import { existsSync, readdirSync } from 'node:fs';
import { openExternal, summaryInOneToThree, useExternalEnv } from './external-env';

/** Installed by scripts/setup.sh (Debian package maint-guide-ja). */
const GUIDE = '/usr/share/doc/maint-guide-ja/html';
const env = useExternalEnv(GUIDE);

const chapters = existsSync(GUIDE) ? readdirSync(GUIDE).filter((f) => f.endsWith('.ja.html')) : [];

test('the guide is installed (scripts/setup.sh)', () => {
  expect(chapters.length).toBeGreaterThanOrEqual(10);
});

test.each(chapters)('%s: the summary is the chapter in 1–3 sentences', async (file) => {
  const p = await openExternal(env(), `/${file}`);
  try {
    const { summary } = await summaryInOneToThree(p.page);
    expect(summary).not.toMatch(/[。！？]\./); // no Latin stop glued after a Japanese one
    expect(summary).toMatch(/[\p{Script=Hiragana}\p{Script=Katakana}]/u); // the chapter's prose, not only its English note
  } finally {
    await p.close();
  }
});
