/**
 * A page's own index: a list of links into the page itself (a table of contents, a "list of
 * tables", a Sphinx page's local contents). Its entries are the page's section headings — long
 * enough, in German or French, to pass for prose — and a summary made of them named three
 * sections instead of saying what the page says (every chapter of the Debian Reference in eight
 * languages). The sections' own text follows on the page, so the index adds nothing to its words.
 */

const LISTS = 'ul,ol,dl';

/** The link's target is this document (a fragment of it), however the href is written. */
function intoThisPage(a: HTMLAnchorElement, here: string): boolean {
  const raw = a.getAttribute('href') ?? '';
  if (!raw.includes('#')) return false;
  try {
    const url = new URL(raw, document.baseURI);
    return !!url.hash && url.href.slice(0, url.href.length - url.hash.length) === here;
  } catch {
    return false;
  }
}

/** Letters and digits only: what is left of a list's text once numbering, dots and spaces go. */
const lettersOf = (s: string): number => s.replace(/[^\p{L}]/gu, '').length;

/**
 * A list of at least three links, four in five of them into this page, whose words are nearly all
 * in those links (numbers like "2.1." aside): an index, not a paragraph that links a footnote.
 */
function isPageIndex(list: Element, here: string): boolean {
  const links = Array.from(list.querySelectorAll<HTMLAnchorElement>('a[href]'));
  if (links.length < 3) return false;
  const inward = links.filter((a) => intoThisPage(a, here));
  if (inward.length * 5 < links.length * 4) return false;
  const all = lettersOf(list.textContent ?? '');
  const linked = inward.reduce((n, a) => n + lettersOf(a.textContent ?? ''), 0);
  return all > 0 && linked * 10 >= all * 9;
}

/** Tells, with a cache per list, whether an element sits in an index of its own page. */
export function pageIndexTest(): (el: Element) => boolean {
  const here = location.href.split('#')[0] ?? location.href;
  const verdicts = new Map<Element, boolean>();
  const judged = (list: Element): boolean => {
    let v = verdicts.get(list);
    if (v === undefined) {
      v = isPageIndex(list, here);
      verdicts.set(list, v);
    }
    return v;
  };
  return (el) => {
    for (let list = el.closest(LISTS); list; list = list.parentElement?.closest(LISTS) ?? null) {
      if (judged(list)) return true;
    }
    return false;
  };
}
