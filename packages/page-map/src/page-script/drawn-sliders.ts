/**
 * Sliders that say nothing of themselves (jQuery UI's slider: no role, no value in ARIA), found
 * as a person sees them: a small knob one can Tab to, placed on a track many times its size, that
 * hears key presses itself. Its value is what a person reads as it moves: the number beside it
 * that changes with each press (a read-only box "$100", a text "Volume: 60"). `set_slider` moves
 * it with the arrow keys and watches the page for that number (readoutChange).
 */
import { clean, visible } from './dom';
import { actsOnClick, actsOnKeys } from './listens';

/** Most the knob measures, in pixels, either way. */
const KNOB_MAX = 64;
/** Words a knob may show: its number, nothing else (jQuery UI's custom handle shows the value). */
const KNOB_TEXT = /^[\d\s.,$€£¥%+-]*$/;
const CONTROL_TAGS = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTION']);

/** A knob on a track: small, placed by the page (absolutely), on a track four times longer than it. */
export function isDrawnThumb(el: HTMLElement): boolean {
  if (CONTROL_TAGS.has(el.tagName) || el.hasAttribute('role') || el.isContentEditable) return false;
  if (!KNOB_TEXT.test(el.textContent ?? '') || !visible(el)) return false;
  const track = el.parentElement;
  if (!track) return false;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0 || r.width > KNOB_MAX || r.height > KNOB_MAX) return false;
  if (getComputedStyle(el).position !== 'absolute') return false;
  const t = track.getBoundingClientRect();
  const along =
    (t.width >= 4 * r.width && t.width >= 3 * t.height) || (t.height >= 4 * r.height && t.height >= 3 * t.width);
  return along && (actsOnKeys(el) || actsOnKeys(track));
}

/** Most elements a slider holds (ion.rangeSlider's has about 25): more, and it is a page region. */
const MAX_SLIDER_PARTS = 80;

/** A track one can Tab to that hears the keys itself: long and thin, either way. */
function isKeyTrack(t: HTMLElement): boolean {
  const r = t.getBoundingClientRect();
  const long = Math.max(r.width, r.height);
  return long >= 48 && long >= 3 * Math.min(r.width, r.height) && visible(t) && actsOnKeys(t);
}

/**
 * A knob across a track: small, placed by the page, acting on the pointer, thicker than the track
 * (the bar that fills the track up to the knob is as thick as the track) and on it.
 */
function liesAcross(k: HTMLElement, track: DOMRect, horizontal: boolean): boolean {
  const r = k.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0 || r.width > KNOB_MAX || r.height > KNOB_MAX) return false;
  const [kAcross, tAcross] = horizontal ? [r.height, track.height] : [r.width, track.width];
  const mid = horizontal ? track.top + track.height / 2 : track.left + track.width / 2;
  const [lo, hi] = horizontal ? [r.top, r.bottom] : [r.left, r.right];
  const at = horizontal ? r.left + r.width / 2 : r.top + r.height / 2;
  const [start, end] = horizontal ? [track.left, track.right] : [track.top, track.bottom];
  return kAcross > tAcross && lo <= mid && mid <= hi && at >= start - kAcross && at <= end + kAcross;
}

/** A knob's track, which takes the keys, and the slider holding both (where its scale shows). */
export interface KnobTrack {
  track: HTMLElement;
  slider: Element;
}

/**
 * Knobs one cannot Tab to on a track one can (ion.rangeSlider: the track takes the focus and the
 * arrow keys, a press on a knob chooses which of a range's two the keys move): each knob with its
 * track. Found beside the track, within its slider (two levels up); one or two per track.
 */
export function trackKnobs(root: Document | ShadowRoot): Map<HTMLElement, KnobTrack> {
  const out = new Map<HTMLElement, KnobTrack>();
  for (const track of knobCandidates(root).filter(isKeyTrack)) {
    const box = track.getBoundingClientRect();
    const slider = track.parentElement?.parentElement;
    if (!slider || slider.getElementsByTagName('*').length > MAX_SLIDER_PARTS) continue;
    const knobs = Array.from(slider.querySelectorAll<HTMLElement>('*')).filter(
      (k) =>
        !k.contains(track) &&
        !track.contains(k) &&
        !CONTROL_TAGS.has(k.tagName) &&
        !k.hasAttribute('role') &&
        KNOB_TEXT.test(k.textContent ?? '') &&
        liesAcross(k, box, box.width >= box.height) &&
        getComputedStyle(k).position === 'absolute' &&
        visible(k) &&
        actsOnClick(k),
    );
    if (knobs.length >= 1 && knobs.length <= 2) for (const k of knobs) out.set(k, { track, slider });
  }
  return out;
}

/** Longest text a scale's end shows ("100 light years"). */
const SCALE_TEXT_MAX = 24;

/** Short visible texts with a number, in a slider, outside its knobs: its scale, the value it shows. */
function numberTexts(slider: Element, knobs: Element[]): Array<{ text: string; r: DOMRect }> {
  const out: Array<{ text: string; r: DOMRect }> = [];
  for (const el of Array.from(slider.querySelectorAll('*'))) {
    if (el.children.length > 0 || knobs.some((k) => k.contains(el)) || !visible(el)) continue;
    const text = clean(el.textContent, 60);
    if (text && text.length <= SCALE_TEXT_MAX && /\d/.test(text)) out.push({ text, r: el.getBoundingClientRect() });
  }
  return out;
}

/**
 * A slider known by its scale: the numbers shown at its track's two ends ("$0 – $5 000"), for one
 * with no label (ion.rangeSlider's). What shows at an end is the value there, whichever element
 * shows it; '' when the track's ends show no number.
 */
export function scaleName(track: Element, slider: Element, knobs: Element[]): string {
  const t = track.getBoundingClientRect();
  if (t.width < t.height || slider.getElementsByTagName('*').length > MAX_SLIDER_PARTS) return '';
  const near = numberTexts(slider, knobs).filter((x) => Math.abs(x.r.top + x.r.height / 2 - t.top) <= 48);
  const reach = t.width * 0.15;
  const at = (edge: (r: DOMRect) => number, to: number) =>
    near
      .filter((x) => Math.abs(edge(x.r) - to) <= reach)
      .sort((a, b) => Math.abs(edge(a.r) - to) - Math.abs(edge(b.r) - to))[0]?.text;
  const start = at((r) => r.left, t.left);
  const end = at((r) => r.right, t.right);
  return start && end && start !== end ? `${start} – ${end}` : '';
}

/** Knobs one can Tab to in a root; the caller checks each. */
export const knobCandidates = (root: Document | ShadowRoot): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>('[tabindex]:not([tabindex="-1"]):not([role])'));

/** Numbers in a text: "$1,000 - $4,000" → [1000, 4000]; a minus sign counts, a dash between two does not. */
export function numbersIn(text: string): number[] {
  const plain = text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3}\b)/g, '$1');
  const out: number[] = [];
  for (const m of plain.matchAll(/-?\d+(?:\.\d+)?/g)) {
    const dash = m[0].startsWith('-') && m.index > 0 && /\d/.test(plain[m.index - 1]!);
    out.push(Number(dash ? m[0].slice(1) : m[0]));
  }
  return out;
}

const MAX_WATCHED = 600;

/**
 * What each box and each element of short text with a number says now: where a slider's number
 * may show. Elements, not text nodes: a script that writes the number (`.text(v)`) replaces the node.
 */
function readings(doc: Document): Map<Element, string> {
  const out = new Map<Element, string>();
  for (const el of Array.from(doc.querySelectorAll<HTMLInputElement>('input:not([type=hidden])'))) {
    if (/\d/.test(el.value) && el.value.length <= 60) out.set(el, el.value);
  }
  const walker = doc.createTreeWalker(doc.body ?? doc, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && out.size < MAX_WATCHED; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || out.has(el) || !/\d/.test(n.nodeValue ?? '')) continue;
    const text = el.textContent ?? '';
    if (text.trim().length <= 60 && visible(el)) out.set(el, text);
  }
  return out;
}

const valueOf = (el: Element): string => (el instanceof HTMLInputElement ? el.value : (el.textContent ?? ''));

interface Watch {
  knob: Element;
  before: Map<Element, string>;
  /** The element that showed the number, and which number of its text, once a press changed it. */
  readout?: { node: Element; index: number; was: number };
}

let watch: Watch | null = null;

/** The knob whose readouts are watched: the one set_slider moves now. */
export const watchedKnob = (): Element | null => watch?.knob ?? null;

/** Notes what the page shows before the knob moves; null: the thumb moved now says its own value. */
export function watchReadouts(knob: Element | null): void {
  watch = knob ? { knob, before: readings(knob.ownerDocument) } : null;
}

/**
 * The knob's number now and before its first move: the first number on the page that changed
 * since watchReadouts; null while none has (the knob has not moved, or shows no number).
 */
export function readoutChange(knob: Element): { now: number; was: number; text: string } | null {
  if (!watch || watch.knob !== knob) return null;
  if (!watch.readout) {
    for (const [node, was] of watch.before) {
      const now = valueOf(node);
      if (!node.isConnected || now === was) continue;
      const a = numbersIn(was);
      const b = numbersIn(now);
      const index = a.findIndex((x, i) => b[i] !== undefined && b[i] !== x);
      if (a.length !== b.length || index < 0) continue;
      watch.readout = { node, index, was: a[index]! };
      break;
    }
  }
  const r = watch.readout;
  if (!r) return null;
  const now = numbersIn(valueOf(r.node))[r.index];
  return now === undefined ? null : { now, was: r.was, text: clean(valueOf(r.node), 60) };
}
