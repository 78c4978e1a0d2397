/**
 * Main text: the content region, without navigation, banners, footers, hidden nodes and the page's
 * own index of its sections, one line per block.
 */
import { tagOf, textOf, visible } from './dom';
import { pageIndexTest } from './page-index';
import { BANNER, BLOCK_TAGS, NOT_CONTENT } from './selectors';

/** <main> when it has text, else the longest <article>, else the body. */
const pickMain = (): Element | null => {
  const m = document.querySelector('main,[role=main]');
  if (m && textOf(m, 400).length > 80) return m;
  const arts = Array.from(document.querySelectorAll('article'));
  if (arts.length) return arts.reduce((a, b) => ((a.textContent ?? '').length >= (b.textContent ?? '').length ? a : b));
  return m ?? document.body;
};

/** `shadow`: the page has open shadow roots (walkRoots found some), whose words are read too. */
export function mainText(maxText: number, shadow = true): string {
  const main = pickMain();
  const parts: string[] = [];
  let total = 0;
  if (main) {
    const visCache = new Map<Element, boolean>();
    const inPageIndex = pageIndexTest();
    const isVis = (el: Element): boolean => {
      let v = visCache.get(el);
      if (v === undefined) {
        v = !el.closest(NOT_CONTENT) && !el.closest(BANNER) && !inPageIndex(el) && visible(el);
        visCache.set(el, v);
      }
      return v;
    };
    let lastBlock: Element | null = null;
    let line = '';
    for (const n of shadow ? shownText(main) : plainText(main)) {
      if (total >= maxText) break;
      const parent = n.parentElement;
      if (!parent || !isVis(parent)) continue;
      const s = (n.nodeValue ?? '').replace(/\s+/g, ' ');
      // Blank text between two inline elements is the space a reader sees between their words
      // ("2/28/2015 How have you been?", not "2/28/2015How").
      if (!s.trim()) {
        if (line && !line.endsWith(' ')) line += ' ';
        continue;
      }
      let blk: Element | null = parent;
      while (blk && !BLOCK_TAGS.has(blk.tagName.toUpperCase())) blk = composedParent(blk);
      if (blk !== lastBlock && line) {
        parts.push(asLine(line, lastBlock));
        total += line.length;
        line = '';
      }
      lastBlock = blk;
      line += s;
    }
    if (line.trim()) parts.push(asLine(line, lastBlock));
  }
  let text = parts.filter(Boolean).join('\n');
  if (text.length > maxText) text = text.slice(0, maxText);
  return text;
}

/**
 * A block's line; a heading's starts with "# ", as in Markdown. A section title reads like a
 * sentence ("Die Ereignisabfolge für das Paketmanagement", a FAQ's question), and a summary that
 * cannot tell it from a paragraph says which sections a page has instead of what it says.
 */
function asLine(line: string, block: Element | null): string {
  const heading = !!block && (/^H[1-6]$/.test(tagOf(block)) || block.getAttribute('role') === 'heading');
  return heading ? `# ${line.trim()}` : line.trim();
}

/** The text nodes under `root` in document order: a page without shadow roots needs no more. */
function* plainText(root: Node): Generator<Text> {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) yield n as Text;
}

/** An element's parent as the page is drawn: across a shadow root, its host. */
const composedParent = (el: Element): Element | null =>
  el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;

/**
 * The text nodes a person sees under `root`, in order: an element with an open shadow root shows
 * that root instead of its own children, and a slot shows the nodes assigned to it (else its own
 * fallback). A web component's app (RapiDoc, a Lit app) keeps all its words in shadow roots, where
 * a plain walk of the document finds none.
 */
function* shownText(root: Node): Generator<Text> {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; ) {
    if (n.nodeType === 3) {
      yield n as Text;
      n = walker.nextNode();
      continue;
    }
    const el = n as Element;
    const assigned = el.tagName === 'SLOT' ? (el as HTMLSlotElement).assignedNodes({ flatten: true }) : [];
    if (!el.shadowRoot && assigned.length === 0) {
      n = walker.nextNode();
      continue;
    }
    if (el.shadowRoot) yield* shownText(el.shadowRoot);
    for (const a of assigned) {
      if (a.nodeType === 3) yield a as Text;
      else yield* (a as Element).shadowRoot ? shownText((a as Element).shadowRoot!) : shownText(a);
    }
    n = pastSubtree(walker, root);
  }
}

/** The walker's next node after the current one's subtree (its next sibling, or an ancestor's). */
function pastSubtree(walker: TreeWalker, root: Node): Node | null {
  for (let at: Node | null = walker.currentNode; at && at !== root; at = walker.parentNode()) {
    const next = walker.nextSibling();
    if (next) return next;
  }
  return null;
}
