/** What the page calls a control: field labels (or the text near an unlabeled one), button labels, a form's heading. */
import { byId, clean, ownText, textOf } from './dom';

/** The text of the elements an ID-reference attribute (aria-labelledby, aria-describedby) names, in order. */
const refText = (el: Element, attr: string, root: Document | ShadowRoot, max?: number): string => {
  const ids = el.getAttribute(attr);
  return ids
    ? clean(
        ids
          .split(/\s+/)
          .map((id) => byId(root, id)?.textContent ?? '')
          .join(' '),
        max,
      )
    : '';
};

/**
 * The text a field points to with aria-describedby: the format or rule a person reads under it
 * ("DD/MM/YYYY", "At least 8 characters, one of them a number"). Hidden hint elements count, as
 * screen readers read them too.
 */
export const hintOf = (el: Element, root: Document | ShadowRoot): string => refText(el, 'aria-describedby', root, 160);

/** A field's label by accessibility precedence; `nearby` is the closest preceding text when nothing labels it. */
export const labelOf = (el: Element, root: Document | ShadowRoot): { label: string; nearby: string } => {
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
  const title = el.getAttribute('title');
  if (title && title.trim()) return { label: clean(title), nearby: '' };
  // Nearby text: the closest preceding text in the same container (a div-built form).
  let nearby = '';
  let cur: Element | null = el;
  let blocked = false;
  for (let up = 0; up < 3 && cur && !nearby && !blocked; up++) {
    let sib: Element | null = cur.previousElementSibling;
    for (let k = 0; k < 2 && sib && !nearby; k++) {
      // Another control sits between: the text before it labels that control, not this one.
      if (sib.matches('input:not([type=hidden]),select,textarea,button')) {
        blocked = true;
        break;
      }
      if (!sib.querySelector('input,select,textarea,button')) nearby = clean(sib.textContent, 80);
      sib = sib.previousElementSibling;
    }
    if (!nearby) {
      const prevText = cur.previousSibling;
      if (prevText && prevText.nodeType === 3) nearby = clean(prevText.nodeValue, 80);
    }
    cur = cur.parentElement;
  }
  if (!nearby) nearby = columnHeader(el);
  return { label: '', nearby };
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
export const speakable = (s: string): boolean => /[\p{L}\p{N}]/u.test(s);

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

/** The form's own legend/heading, else the closest heading before it. */
export const headingFor = (el: Element): string => {
  const own =
    el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]') ??
    (el.querySelectorAll('fieldset').length === 1 &&
    el.querySelectorAll('input,select,textarea').length ===
      el.querySelector('fieldset')!.querySelectorAll('input,select,textarea').length
      ? el.querySelector('legend')
      : null);
  if (own) return textOf(own, 100);
  let cur: Element | null = el;
  for (let up = 0; up < 4 && cur; up++) {
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
