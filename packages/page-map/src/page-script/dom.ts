/**
 * DOM walking, visibility and text: the roots a scan covers (the document, every open shadow
 * root, every visible same-origin iframe) and the small readers every other module uses.
 */
import { BANNER } from './selectors';

export interface RootInfo {
  root: Document | ShadowRoot;
  /** Path of iframe indexes from the top document ('' for the top, '/0/2' for nested frames). */
  frame: string;
  shadow: boolean;
}

/** Collapses whitespace and cuts to `max` characters with an ellipsis. */
export const clean = (s: string | null | undefined, max = 200): string => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? t.slice(0, max - 1) + '…' : t;
};

export const visible = (el: Element): boolean => {
  const e = el as Element & { checkVisibility?: (o?: object) => boolean };
  if (typeof e.checkVisibility === 'function') return e.checkVisibility({ visibilityProperty: true });
  return el.getClientRects().length > 0;
};

/**
 * Drawn where no one sees it though the browser calls it visible: placed off the page's left or
 * top edge (USWDS's `usa-sr-only`: 999em to the left) or clipped to a pixel (the usual
 * "visually hidden" rule): text for screen readers, a control a widget stands in for, a honeypot.
 */
export const offScreen = (el: Element): boolean => {
  const r = el.getBoundingClientRect();
  const win = el.ownerDocument.defaultView;
  const [x, y] = [win?.scrollX ?? 0, win?.scrollY ?? 0];
  return r.right + x <= 0 || r.bottom + y <= 0 || (r.width <= 1 && r.height <= 1);
};

/** Drawn over the page, out of the flow: absolutely or fixed positioned (a drop-down, a pop-up). */
export const positionedOver = (el: Element): boolean => {
  const position = getComputedStyle(el).position;
  return position === 'absolute' || position === 'fixed';
};

/**
 * An element's tag in capitals whatever its namespace: an SVG's `<style>` and `<script>` keep
 * their lower-case tagName, and their text is no more a page's words than an HTML one's.
 */
export const tagOf = (el: Element): string => el.tagName.toUpperCase();

/** Roles whose words change as a field is used: announcements, and a drawn list of choices. */
const SPOKEN_OR_LISTED = new Set(['status', 'alert', 'log', 'timer', 'marquee', 'listbox']);

/**
 * A live region (what a screen reader announces: "Type 2 or more characters for results", "3
 * results found") or a drawn list of choices inside a label: words that change as the field is
 * typed into, no part of its name (as a select's options are none).
 */
const changesWithUse = (el: Element): boolean =>
  SPOKEN_OR_LISTED.has(el.getAttribute('role') ?? '') || (el.getAttribute('aria-live') ?? 'off') !== 'off';

/**
 * Text of a node without the text of form controls, scripts and styles inside it (a wrapping
 * label), nor of its live regions and drawn lists (changesWithUse).
 */
export const ownText = (node: Element, max = 120): string => {
  let out = '';
  const walk = (n: Node): void => {
    if (out.length > max * 2) return;
    if (n.nodeType === 3) out += ' ' + (n.nodeValue ?? '');
    else if (n.nodeType === 1) {
      const tag = tagOf(n as Element);
      if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'SCRIPT' || tag === 'STYLE' || tag === 'OPTION') return;
      if (tag === 'INPUT' || (n !== node && changesWithUse(n as Element))) return;
      for (const c of Array.from(n.childNodes)) walk(c);
    }
  };
  walk(node);
  return clean(out, max);
};

/**
 * Text of a node as a shadow tree composes it: a <slot> reads as the nodes assigned to it (or its
 * own fallback when none is), which is where a web component's label text lives ("<label><slot>").
 */
export const flatText = (node: Node): string => {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  const tag = tagOf(el);
  if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') return '';
  const assigned: Node[] = el.tagName === 'SLOT' ? (el as HTMLSlotElement).assignedNodes({ flatten: true }) : [];
  const kids: Node[] = assigned.length ? assigned : Array.from(el.childNodes);
  return kids.map(flatText).join('');
};

/** Rendered text (innerText) when attached, else textContent. */
export const textOf = (el: Element, max = 120): string => {
  const e = el as HTMLElement;
  return clean(e.innerText !== undefined && e.isConnected ? e.innerText : e.textContent, max);
};

/** Every root to scan, in document order; cross-origin and invisible iframes are skipped. */
/** The document of a frame element, or null when it is another site's (not ours to read: see foreign-frames.ts). */
export function frameDocument(el: Element): Document | null {
  try {
    return (el as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
}

/** A control that submits its form: a submit button (the default type) or a submit or image input. */
export function isSubmitControl(el: Element): boolean {
  if (el.tagName === 'BUTTON') return ((el as HTMLButtonElement).type || 'submit') === 'submit';
  return el.tagName === 'INPUT' && ['submit', 'image'].includes((el as HTMLInputElement).type);
}

/** The focused element, inside open shadow roots too. */
export function focusedElement(): Element | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

export function walkRoots(): RootInfo[] {
  const roots: RootInfo[] = [];
  const walkRoot = (root: Document | ShadowRoot, frame: string, shadow: boolean, depth: number): void => {
    roots.push({ root, frame, shadow });
    if (depth > 6) return;
    let iframeIdx = 0;
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) walkRoot(el.shadowRoot, frame, true, depth + 1);
      if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
        const idx = iframeIdx++;
        const doc = frameDocument(el);
        if (doc && doc.documentElement && visible(el)) walkRoot(doc, `${frame}/${idx}`, false, depth + 1);
      }
    }
  };
  walkRoot(document, '', false, 0);
  return roots;
}

/** Where an element sits: inside the main content, and in which page chrome if any. */
export const region = (el: Element): { inMain: boolean; chrome: string } => {
  const inMain = !!el.closest('main,[role=main],article');
  let chrome = '';
  if (el.closest(BANNER)) chrome = 'banner';
  else if (el.closest('nav,[role=navigation]')) chrome = 'nav';
  else if (el.closest('footer,[role=contentinfo]')) chrome = 'footer';
  else if (el.closest('header,[role=banner]')) chrome = 'header';
  else if (el.closest('aside,[role=complementary]')) chrome = 'aside';
  return { inMain, chrome };
};

/** getElementById that also works in a shadow root. */
export const byId = (root: Document | ShadowRoot, id: string): Element | null =>
  (root as Document).getElementById ? (root as Document).getElementById(id) : root.querySelector(`#${CSS.escape(id)}`);

/**
 * The elements an ID-reference list of `el` names (aria-controls, aria-owns, aria-labelledby …),
 * in order: looked up in `root` when given, else in the element's own tree (a shadow root's IDs
 * are its own) and then in the document (a widget that points out of its shadow root).
 */
export const referenced = (el: Element, attrs: string[], root?: Document | ShadowRoot): Element[] => {
  const scope = root ?? (el.getRootNode() as Document | ShadowRoot);
  const out: Element[] = [];
  for (const attr of attrs)
    for (const id of (el.getAttribute(attr) ?? '').split(/\s+/)) {
      const to = id ? (byId(scope, id) ?? (root ? null : el.ownerDocument.getElementById(id))) : null;
      if (to) out.push(to);
    }
  return out;
};

/** Position counter shared by forms, buttons and links, so the Node side can rank in page order. */
export interface Order {
  next: number;
}

/** A point of `el`'s own viewport, in the top page's viewport: its frames' offsets added. */
export function inTopViewport(el: Element, x: number, y: number): { x: number; y: number } {
  let win = el.ownerDocument.defaultView;
  while (win && win !== window.top && win.frameElement) {
    const f = win.frameElement.getBoundingClientRect();
    x += f.left + win.frameElement.clientLeft;
    y += f.top + win.frameElement.clientTop;
    win = win.parent as typeof window;
  }
  return { x, y };
}

/** Letters or digits: a label an agent can ask for. "×", "›" or "⤴" alone is an icon. */
export const speakable = (s: string): boolean => /[\p{L}\p{N}]/u.test(s);

/**
 * A control that is only the sign of a menu: a hamburger "☰", a kebab "⋮", a meatball "⋯" or "…",
 * a grid "▦" or "⊞". It opens a menu or a panel of choices; it sends nothing.
 */
export const MENU_SIGN = /^[☰≡⋮⋯…▦▤▥⊞]$/u;
