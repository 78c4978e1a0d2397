/** What the page calls a control: field labels (or the text near an unlabeled one), button labels, a form's heading. */
import { clean, flatText, ownText, referenced, speakable, textOf, visible } from './dom';
import { chipBoxOf } from './chips';
import { fileOpenerOf, openerName } from './file-opener';
import { headingFor } from './headings';
import { CONTROL, followingLabel, labelsControlBefore } from './labels-after';
import { columnHeader, fromOtherCell, rowHeader, rowPlace } from './labels-table';

export { headingFor, speakable }; // where labels were read from before they had modules of their own

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
  const labels = ownLabels(el);
  if (labels.length) {
    const t = clean(
      Array.from(labels)
        .map((l) => ownText(l))
        .join(' '),
    );
    if (t) return unlessChooser(el, labels[0]!, t);
  }
  const wrap = el.closest('label');
  if (wrap) {
    const t = ownText(wrap);
    if (t) return unlessChooser(el, wrap, t);
  }
  const opener = fileOpenerOf(el);
  if (opener) return { label: openerName(opener), nearby: '' };
  const orphan = orphanLabelBefore(el);
  if (orphan) return { label: orphan, nearby: '' };
  const title = el.getAttribute('title') || wrapperTitle(el);
  if (title && title.trim()) return { label: clean(title), nearby: '' };
  const framed = frameName(el);
  if (framed) return { label: framed, nearby: '' };
  const after = followingLabel(el);
  if (after) return { label: after, nearby: '' };
  // A box of tags (chips.ts) is named by what is before the whole box, not by its last tag.
  const chips = chipBoxOf(el);
  if (chips) return { label: hiddenOriginalLabel(chips.box, root), nearby: boxName(chips.box) };
  let nearby = precedingText(el);
  const header = rowHeader(el);
  if (header && (!nearby || isPassage(nearby) || nearby.startsWith(header)))
    return { label: '', nearby: header, ...(isPassage(nearby) ? { note: nearby } : {}) };
  // A box in a data table's cell (an editor a double-click opened): its column's header names it,
  // not the text of the cell before it, another value of the record ("9958" for the City box).
  const column = columnHeader(el);
  if (!nearby || (column && fromOtherCell(el, nearby))) nearby = column || nearby;
  // A free-text box nothing else names is named by the heading of its section ("Request body",
  // "Comments"): it is the section's one text, as a person reads it.
  if (!nearby && el.tagName === 'TEXTAREA' && !el.getAttribute('name') && !el.getAttribute('placeholder'))
    nearby = headingFor(el, 8);
  return { label: '', nearby };
};

/**
 * A file chooser's own words ("Choose file", "Browse…", often with the chosen file's name after
 * them; a drop zone's "Drop files here or click to browse").
 */
const CHOOSER =
  /^(choose|select|browse|pick|attach|upload|add)\b.{0,12}\b(files?|photos?|images?|documents?)\b|^browse\b|^(drag|drop)\b.{0,40}\b(files?|here)\b|^click (here )?to (upload|browse)\b/i;

/**
 * A file input's label that is its chooser's button ("Choose file cover-redesign-final.jpg" in
 * Gentelella's form) names it by the label tied to nothing right before (its "Cover image"), else
 * by its section's heading (a drop zone saying "Drop files here or click to browse PNG, JPG, PDF up
 * to 50 MB", Gentelella's upload page: "File upload"); a drop zone's passage stays as its hint. A
 * label that is an avatar's initial ("A") names nothing either: then the kind of file it accepts.
 */
const unlessChooser = (el: Element, label: Element, text: string): { label: string; nearby: string; note?: string } => {
  const initial = /^\p{Lu}$/u.test(text);
  if ((el as HTMLInputElement).type !== 'file' || (!initial && !CHOOSER.test(text))) return { label: text, nearby: '' };
  // A section's heading names only a drop zone's passage: "Upload a file" is a name of its own.
  const name =
    orphanLabelBefore(label) ||
    (isPassage(text) ? headingFor(label) : '') ||
    (initial ? acceptedKind(el as HTMLInputElement) : '');
  if (!name) return { label: text, nearby: '' };
  return { label: name, nearby: '', ...(isPassage(text) ? { note: text } : {}) };
};

/** What a file input takes, by its `accept` list: "Image", "Video", "Audio", "PDF", else "File". */
const acceptedKind = (el: HTMLInputElement): string => {
  const accept = (el.accept || '').toLowerCase();
  const media = /\b(image|video|audio)\//.exec(accept)?.[1];
  if (media) return media[0]!.toUpperCase() + media.slice(1);
  return /\.pdf\b|\/pdf\b/.test(accept) ? 'PDF' : 'File';
};

/**
 * The label of the control a script hid and drew a box of tags in place of (a multiple select
 * under Select2, a text box under bootstrap-tagsinput): what a person reads above the box.
 */
function hiddenOriginalLabel(box: Element, root: Document | ShadowRoot): string {
  const hidden = (el: Element | null) => el?.matches('input,select,textarea') && !visible(el);
  for (const original of [box.previousElementSibling, box.nextElementSibling])
    if (hidden(original)) return labelOf(original!, root).label;
  return '';
}

/** The text right before a box, unless it is a passage (an example's explanation): then its heading. */
function boxName(box: Element): string {
  const before = precedingText(box);
  return before && !isPassage(before) ? before : headingFor(box) || before;
}

/**
 * The field's `<label>`s but those in another form: one there whose `for` names it (an id used
 * twice) is that form's caption to a person, not this field's name (forms.ts strayCaption).
 */
function ownLabels(el: Element): HTMLLabelElement[] {
  const labels = Array.from((el as HTMLInputElement).labels ?? []);
  const form = el.closest('form');
  return labels.filter((l) => {
    const its = l.closest('form');
    return !its || !form || its === form;
  });
}

/**
 * A `<label>` tied to no control (no `for`, no control inside) right before the field, or right
 * before the wrapper a script drew the field in (bootstrap-select's): what a person reads as its
 * label, over its tooltip (`title`, which bootstrap-select shows as the empty choice's text).
 * Before, bootstrap-select's "Standard" and "Multiple" lists were both "Select a number".
 */
function orphanLabelBefore(el: Element): string {
  let cur: Element | null = el;
  for (let up = 0; up < 3 && cur; up++, cur = cur.parentElement) {
    const prev = cur.previousElementSibling;
    if (!prev) continue; // the first thing in its wrapper: what precedes the wrapper
    const orphan = prev.tagName === 'LABEL' && !prev.hasAttribute('for') && !prev.querySelector(CONTROL);
    return orphan ? ownText(prev, 80) : '';
  }
  return '';
}

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
      // belongs to that control, not this one. Nor does text name a field across a thematic break
      // (`<hr>`): before, bootstrap-select's lists took the caption of the list above the rule.
      if (sib.matches(CONTROL) || sib.tagName === 'HR' || labelsControlBefore(sib) || actionsOnly(sib)) {
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

const ACTION = 'a[href],button,[role=button],[role=link]';

/**
 * A row of links or buttons ("Share  Like  Comments (5)" above a post's comment box): every word
 * in it is something to click, none names the box after it, and the text before it belongs to
 * what it acts on. Before, AdminLTE's comment box was `share_like_comments_5`.
 */
function actionsOnly(el: Element): boolean {
  if (el.matches(ACTION)) return true;
  if (!el.querySelector(ACTION)) return false;
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if ((n.nodeValue ?? '').trim() && !n.parentElement?.closest(ACTION)) return false;
  return true;
}

/** A sentence rather than a name: five words or more, or a closing full stop. */
const isPassage = (s: string): boolean => s.split(' ').length >= 5 || /[.!?]$/.test(s);

const NOT_TEXT = 'head,script,style,template,noscript';

/**
 * The legend of the fieldset around a field ("Shipping address"), else its row in a table of
 * fields whose rows have no words of their own (labels-table.ts: "row 2").
 */
export const sectionOf = (el: Element): string => {
  const legend = el.closest('fieldset')?.querySelector('legend');
  return legend ? clean(legend.textContent, 80) : rowPlace(el);
};

/** A colon or an equals sign alone is no label. */
const unlessSeparator = (s: string): string => (/^[:=]$/.test(s) ? '' : s);

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
