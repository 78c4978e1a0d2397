/**
 * page_content of a long document made of sibling sections is the whole document: the chapters of
 * the German Debian Reference (DocBook, Debian's debian-reference-de, served unchanged). Readability
 * kept one section of some chapters (page_content began in section 1.6 of six); now the chapter's
 * first paragraph opens it, its second section is in it, and its table of contents is not, nor
 * its navigation header (the chapter's title over Prev / Next arrows), which opened it before.
 */
import { existsSync, readdirSync } from 'node:fs';
import { extractPageMap } from '../src';
import { openExternal, useExternalEnv } from './external-env';

/** Installed by scripts/setup.sh (Debian package debian-reference-de). */
const REFERENCE = '/usr/share/debian-reference';
const env = useExternalEnv(REFERENCE);
const chapters = existsSync(REFERENCE) ? readdirSync(REFERENCE).filter((f) => /^ch\d+\.de\.html$/.test(f)) : [];

const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');

test('the German Debian Reference is installed (scripts/setup.sh)', () => {
  expect(chapters.length).toBeGreaterThanOrEqual(10);
});

test.each(chapters)('%s: page_content opens with the chapter and holds its second section', async (file) => {
  const p = await openExternal(env(), `/${file}`);
  try {
    const map = await extractPageMap(p.page, { includeContent: true });
    // Read as text: a link's words without its address.
    const content = letters((map.markdown ?? '').replace(/\]\([^)]*\)/g, ']'));
    const { first, second, tocRun } = await p.page.evaluate(() => {
      const l = (s: string | null) => (s ?? '').replace(/[^\p{L}\p{N}]/gu, '');
      const prose = (root: Element | Document) =>
        Array.from(root.querySelectorAll('p')).find((e) => !e.closest('.toc') && l(e.textContent).length >= 30);
      const section = document.querySelectorAll('.chapter > .section')[1];
      return {
        first: l(prose(document)?.textContent ?? null).slice(0, 30),
        second: l((section && prose(section)?.textContent) ?? null).slice(0, 30),
        // The index's first two entries side by side, as only the index has them.
        tocRun: Array.from(document.querySelectorAll('.toc dt'))
          .slice(0, 2)
          .map((e) => l(e.textContent))
          .join(''),
      };
    });
    expect(first.length).toBe(30);
    expect(content.slice(0, 2000)).toContain(first);
    if (second) expect(content).toContain(second);
    expect(tocRun.length).toBeGreaterThan(20);
    expect(content).not.toContain(tocRun);
    // DocBook's navigation header (the title over Prev / Next arrows) is no content either.
    expect((map.markdown ?? '').slice(0, 600)).not.toMatch(/prev\.png|next\.png/);
  } finally {
    await p.close();
  }
});
