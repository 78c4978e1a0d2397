/** What the page calls a control: field labels (or the text near an unlabeled one), button labels, a form's heading. */
import { clean, flatText, ownText, referenced, textOf } from './dom';

/**
 * The text of the elements an ID-reference attribute (aria-labelledby, aria-describedby) names, in
 * order, looked up in the element's own tree (a shadow root's IDs are its own), read through slots.
 */
export const refText = (el: Element, attr: string, root: Document | ShadowRoot, max?: number): string =>
  clean(referenced(el, [attr], root).map(flatText).join(' '), max);

/**
 * The text a field points to with aria-describedby: the format or rule a person reads under it
 * ("DD/MM/YYYY", "At least 8 characters, one of them a number"). Hidden hint elements count, as
 * screen readers read them too.
 */
export const hintOf = (el: Element, root: Document | ShadowRoot): string => refText(el, 'aria-describedby', root, 160);

/**
 * An editable body of a framed document (a rich-text editor: TinyMCE, CKEditor) is named by its
 * frame, as assistive technology names it: the first sentence of the frame's aria-label or title
 * ("Rich Text Area").
 */
const frameName = (el: Element): string => {
  if (el !== el.ownerDocument.body) return '';
  let frame: Element | null = null;
  try {
    frame = el.ownerDocument.defaultView?.frameElement ?? null;
  } catch {
    return ''; // another origin's frame: not ours to read
  }
  const name = clean(frame?.getAttribute('aria-label') || frame?.getAttribute('title') || '');
  // Its first sentence: what follows is help ("Rich Text Area. Press ALT-F9 for menu. …").
  return name.split(/(?<=[.!?])\s/)[0]!.replace(/[.!?]$/, '');
};

/**
 * The tooltip a person sees over a box: its wrapper's `title` (up to two levels up), when that
 * wrapper holds no other field (a search box framed with its buttons: "Search fields and values").
 */
const wrapperTitle = (el: Element): string => {
  let up = el.parentElement;
  for (let k = 0; k < 2 && up; k++, up = up.parentElement) {
    if (up.querySelectorAll('input:not([type=hidden]),select,textarea,[contenteditable]').length > 1) return '';
    const t = up.getAttribute('title');
    if (t?.trim()) return t;
  }
  return '';
};

/**
 * A field's label by accessibility precedence; `nearby` is the closest preceding text when nothing
 * labels it, and `note` a passage beside it that describes more than it names (see rowHeader).
 */
export const labelOf = (el: Element, root: Document | ShadowRoot): { label: string; nearby: string; note?: string } => {
  const byLb = refText(el, 'aria-labelledby', root);
  if (byLb) return { label: byLb, nearby: '' };
  const al = el.getAttribute('aria-label');
  if (al && al.trim()) return { label: clean(al), nearby: '' };
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length) {
    const t = clean(
      Array.from(labels)
        .map((l) => ownText(l))
        .join(' '),
    );
    if (t) return { label: t, nearby: '' };
  }
  const wrap = el.closest('label');
  if (wrap) {
    const t = ownText(wrap);
    if (t) return { label: t, nearby: '' };
  }
  const title = el.getAttribute('title') || wrapperTitle(el);
  if (title && title.trim()) return { label: clean(title), nearby: '' };
  const framed = frameName(el);
  if (framed) return { label: framed, nearby: '' };
  const after = followingLabel(el);
  if (after) return { label: after, nearby: '' };
  let nearby = precedingText(el);
  const header = rowHeader(el);
  if (header && (!nearby || isPassage(nearby) || nearby.startsWith(header)))
    return { label: '', nearby: header, ...(isPassage(nearby) ? { note: nearby } : {}) };
  if (!nearby) nearby = columnHeader(el);
  // A free-text box nothing else names is named by the heading of its section ("Request body",
  // "Comments"): it is the section's one text, as a person reads it.
  if (!nearby && el.tagName === 'TEXTAREA' && !el.getAttribute('name') && !el.getAttribute('placeholder'))
    nearby = headingFor(el, 8);
  return { label: '', nearby };
};

/**
 * The closest preceding text in the same container (a div-built form), up to three levels up;
 * none past another control.
 */
function precedingText(el: Element): string {
  let nearby = '';
  let cur: Element | null = el;
  let blocked = false;
  for (let up = 0; up < 3 && cur && !nearby && !blocked; up++) {
    let sib: Element | null = cur.previousElementSibling;
    for (let k = 0; k < 2 && sib && !nearby; k++) {
      // Another control sits between, or a label that follows its own control: the text before
      // belongs to that control, not this one.
      if (sib.matches(CONTROL) || labelsControlBefore(sib)) {
        blocked = true;
        break;
      }
      // The document head, scripts and styles (an inline SVG logo's too) are no text a person
      // reads beside a field. A separator alone (the ":" of a "key : value" row) names nothing:
      // the text before it does.
      if (!sib.matches(NOT_TEXT) && !sib.querySelector('input,select,textarea,button'))
        nearby = unlessSeparator(ownText(sib, 80));
      sib = sib.previousElementSibling;
    }
    if (!nearby) {
      const prevText = cur.previousSibling;
      if (prevText && prevText.nodeType === 3) nearby = unlessSeparator(clean(prevText.nodeValue, 80));
    }
    cur = cur.parentElement;
  }
  return nearby;
}

/** A sentence rather than a name: five words or more, or a closing full stop. */
const isPassage = (s: string): boolean => s.split(' ').length >= 5 || /[.!?]$/.test(s);

/**
 * The name a table row gives a field in one of its later cells: the first line of the row's first
 * cell (a parameters or settings table, "username * / string / (query)" | "The user name for login"
 * [box]), without a required mark or colon, when that cell holds no control and the line reads as
 * a name (at most 40 characters). It names the field when nothing in the field's own cell does but
 * a passage describing it, which becomes the field's note.
 */
const rowHeader = (el: Element): string => {
  const cell = el.closest('td,th') as HTMLTableCellElement | null;
  const first = (cell?.parentElement as HTMLTableRowElement | null)?.cells?.[0];
  if (!cell || !first || first === cell || first.querySelector(CONTROL)) return '';
  const line =
    ((first as HTMLElement).innerText ?? '')
      .split('\n')
      .map((l) => clean(l))
      .find(Boolean) ?? '';
  const name = line.replace(/[\s*:]+$/, '');
  return name.length <= 40 && speakable(name) ? name : '';
};

const CONTROL = 'input:not([type=hidden]),select,textarea,button';
const NOT_TEXT = 'head,script,style,template,noscript';

/** The next (or previous) sibling node that is neither blank text nor a line break. */
const sibling = (el: Node, dir: 'next' | 'prev'): ChildNode | null => {
  let n = dir === 'next' ? el.nextSibling : el.previousSibling;
  const skip = (x: ChildNode) => (x.nodeType === 3 && !(x.nodeValue ?? '').trim()) || x.nodeName === 'BR';
  while (n && skip(n)) n = dir === 'next' ? n.nextSibling : n.previousSibling;
  return n;
};

const isFreeLabel = (n: Node | null): n is HTMLLabelElement =>
  !!n && n.nodeName === 'LABEL' && !(n as HTMLLabelElement).htmlFor && !(n as Element).querySelector(CONTROL);

const BOX = 'input[type=checkbox],input[type=radio]';
const isBox = (n: Node | null): boolean => !!n && n.nodeType === 1 && (n as Element).matches(BOX);

/**
 * Whether `el` carries its label after it: what comes right before it is no label of its own — not
 * a free `<label>` (nor, for a box or radio, text) unless that one follows a control of the same
 * layout ("[x] Cheese [ ] Peas": "Cheese" is the first box's).
 */
const labelsAfter = (el: Element, depth = 0): boolean => {
  const prev = sibling(el, 'prev');
  if (!prev) return true;
  const text = prev.nodeType === 3;
  if (text && !isBox(el)) return false;
  if (!text && !isFreeLabel(prev)) return true;
  const owner = sibling(prev, 'prev');
  const owned = !!owner && owner.nodeType === 1 && (owner as Element).matches(text ? BOX : CONTROL);
  return owned && depth < 20 && labelsAfter(owner as Element, depth + 1);
};

/** A free label that names the control right before it (labels-after layout). */
const labelsControlBefore = (n: Element): boolean => {
  if (!isFreeLabel(n)) return false;
  const owner = sibling(n, 'prev');
  return !!owner && owner.nodeType === 1 && (owner as Element).matches(CONTROL) && labelsAfter(owner as Element);
};

/**
 * A label placed right after its field: a `<label>` without `for` (and no control inside) that
 * follows the field directly, or, for a box or radio, the text right after it ("[x] Remember me").
 */
const followingLabel = (el: Element): string => {
  const next = sibling(el, 'next');
  if (!next || !labelsAfter(el)) return '';
  if (next.nodeType === 1) return isFreeLabel(next) ? clean(next.textContent, 80) : '';
  return next.nodeType === 3 && isBox(el) ? clean(next.nodeValue, 80) : '';
};

/** A field in a table cell with nothing before it in its row: the header of its column. */
const columnHeader = (el: Element): string => {
  const cell = el.closest('td,th') as HTMLTableCellElement | null;
  const table = cell?.closest('table');
  if (!cell || !table) return '';
  const head = table.querySelector('thead tr') ?? table.querySelector('tr');
  if (!head || head === cell.parentElement) return '';
  const th = head.children[cell.cellIndex];
  return th && th.tagName === 'TH' && !th.querySelector('input,select,textarea') ? clean(th.textContent, 80) : '';
};

/** The legend of the fieldset around a field: the section a person reads it under ("Shipping address"). */
export const sectionOf = (el: Element): string => {
  const legend = el.closest('fieldset')?.querySelector('legend');
  return legend ? clean(legend.textContent, 80) : '';
};

/** Letters or digits: a label an agent can ask for. "×", "›" or "⤴" alone is an icon. */
const unlessSeparator = (s: string): string => (/^[:=]$/.test(s) ? '' : s);

export const speakable = (s: string): boolean => /[\p{L}\p{N}]/u.test(s);

/**
 * The words a control holds but does not show at this size, as its name when it shows none and has
 * no other: a layout that shows the signed-in person's name beside their avatar only on wide
 * screens ("Douglas McGee") leaves a bare picture at 800 pixels. A name, not a passage (at most 60
 * characters).
 */
export const hiddenText = (el: Element): string => {
  const words = ownText(el, 100);
  return speakable(words) && words.length <= 60 ? words : '';
};

/**
 * The name an icon control carries when it shows no words: an inner icon's `aria-label` or
 * image's alt, the control's own tooltip (`title`), else an SVG icon's `<title>` (kept even when
 * the icon is hidden from screen readers: it is still what the icon shows).
 */
export const iconName = (el: Element): string =>
  clean(
    el.querySelector('[aria-label]')?.getAttribute('aria-label') ||
      el.querySelector('img[alt]')?.getAttribute('alt') ||
      el.getAttribute('title') ||
      el.querySelector('svg title')?.textContent ||
      '',
    80,
  );

export const buttonLabel = (b: Element): string => {
  const tag = b.tagName;
  if (tag === 'INPUT')
    return clean(
      (b as HTMLInputElement).value ||
        b.getAttribute('aria-label') ||
        b.getAttribute('alt') ||
        (b as HTMLInputElement).type,
      80,
    );
  const al = b.getAttribute('aria-label');
  if (al && al.trim()) return clean(al, 80);
  const byLb = refText(b, 'aria-labelledby', b.getRootNode() as Document | ShadowRoot, 80);
  if (byLb) return byLb;
  const t = textOf(b, 80);
  if (t && speakable(t)) return t;
  return iconName(b) || t;
};

/** What a person fills in: hidden values (a CSRF token) and the buttons beside a fieldset are not its fields. */
const FILLABLE =
  'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image]),select,textarea';

/**
 * The form's own heading, or the legend of its one fieldset when that holds every field a person
 * fills (a question page's "Which colour do you like?"), else the closest heading before it.
 */
export const headingFor = (el: Element, levels = 4): string => {
  const own =
    el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]') ??
    (el.querySelectorAll('fieldset').length === 1 &&
    el.querySelectorAll(FILLABLE).length === el.querySelector('fieldset')!.querySelectorAll(FILLABLE).length
      ? el.querySelector('legend')
      : null);
  if (own) return textOf(own, 100);
  let cur: Element | null = el;
  for (let up = 0; up < levels && cur; up++) {
    let sib = cur.previousElementSibling;
    for (let k = 0; k < 4 && sib; k++, sib = sib.previousElementSibling) {
      if (/^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading') return textOf(sib, 100);
      const h = sib.querySelector('h1,h2,h3,h4,h5,h6');
      if (h) return textOf(h, 100);
    }
    cur = cur.parentElement;
  }
  return '';
};
