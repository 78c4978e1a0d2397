/** Main text: the content region, without navigation, banners, footers and hidden nodes, one line per block. */
import { textOf, visible } from './dom';
import { BANNER, BLOCK_TAGS, NOT_CONTENT } from './selectors';

/** <main> when it has text, else the longest <article>, else the body. */
const pickMain = (): Element | null => {
  const m = document.querySelector('main,[role=main]');
  if (m && textOf(m, 400).length > 80) return m;
  const arts = Array.from(document.querySelectorAll('article'));
  if (arts.length) return arts.reduce((a, b) => ((a.textContent ?? '').length >= (b.textContent ?? '').length ? a : b));
  return m ?? document.body;
};

export function mainText(maxText: number): string {
  const main = pickMain();
  const parts: string[] = [];
  let total = 0;
  if (main) {
    const visCache = new Map<Element, boolean>();
    const isVis = (el: Element): boolean => {
      let v = visCache.get(el);
      if (v === undefined) {
        v = !el.closest(NOT_CONTENT) && !el.closest(BANNER) && visible(el);
        visCache.set(el, v);
      }
      return v;
    };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    let lastBlock: Element | null = null;
    let line = '';
    for (let n = walker.nextNode(); n && total < maxText; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !isVis(parent)) continue;
      const s = (n.nodeValue ?? '').replace(/\s+/g, ' ');
      if (!s.trim()) continue;
      let blk: Element | null = parent;
      while (blk && !BLOCK_TAGS.has(blk.tagName)) blk = blk.parentElement;
      if (blk !== lastBlock && line) {
        parts.push(line.trim());
        total += line.length;
        line = '';
      }
      lastBlock = blk;
      line += s;
    }
    if (line.trim()) parts.push(line.trim());
  }
  let text = parts.filter(Boolean).join('\n');
  if (text.length > maxText) text = text.slice(0, maxText);
  return text;
}
