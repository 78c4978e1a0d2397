/**
 * Sliders a script draws: no form field holds them, so no fill can set them. Two kinds of thumb:
 * - one that says its value (`role=slider`, `aria-valuenow` with `aria-valuemin` / `-max`:
 *   bootstrap-slider, Radix, React Aria, the WAI-ARIA practices' examples), listed with its range;
 * - one that says nothing (jQuery UI's), found by how it looks and hears keys (drawn-sliders.ts),
 *   whose value is the number beside it that changes as it moves.
 * The `set_slider` tool (tools/kinds/slider.ts) focuses a thumb here and moves it with the arrow
 * keys as a person does, reading its value after each run of presses. A native
 * `<input type=range>` is a form field and is set by its form's tool, not here.
 */
import type { RawSlider } from '../shared/page-script-types';
import type { PageScriptResponse } from '../shared/page-script-protocol';
import { clean, focusedElement, inTopViewport, visible, type RootInfo } from './dom';
import {
  isDrawnThumb,
  type KnobTrack,
  knobCandidates,
  readoutChange,
  scaleName,
  trackKnobs,
  watchReadouts,
  watchedKnob,
} from './drawn-sliders';
import { labelOf } from './labels';

/** Most thumbs listed (AdminLTE's slider page has 31: six ion sliders' and twelve ranges'). */
const MAX_SLIDERS = 40;

interface Thumb {
  el: HTMLElement;
  /** It says nothing of its value: the page's readout beside it does. */
  drawn: boolean;
  /** The track that takes the keys, when the thumb cannot be focused (a press on it chooses it). */
  track?: HTMLElement;
  raw: RawSlider;
}

const num = (el: Element, attr: string): number | null => {
  const v = el.getAttribute(attr);
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

const saysValue = (el: HTMLElement): boolean =>
  num(el, 'aria-valuenow') !== null && visible(el) && el.getAttribute('aria-disabled') !== 'true';

/**
 * The slider a thumb belongs to: its track, and the wrappers around it that show nothing else
 * (bootstrap-slider's wrapper holds the track and the hidden input it replaced).
 */
function widgetOf(el: HTMLElement): Element {
  let cur: Element = el.parentElement ?? el;
  for (let up = 0; up < 2; up++) {
    const parent = cur.parentElement;
    if (!parent || Array.from(parent.children).some((c) => c !== cur && visible(c))) break;
    cur = parent;
  }
  return cur;
}

/** The text right after a slider (a caption under it), '' when what follows is no plain text. */
const captionOf = (widget: Element): string => {
  const next = widget.nextElementSibling;
  if (!next || next.querySelector('input,select,textarea,button,[role=slider]')) return '';
  const text = clean(next.textContent, 200);
  // A paragraph after it describes the page, it does not caption the slider.
  return text.length <= 60 ? text : '';
};

/** A read-only box just before or after the slider shows its value ("Volume:" [60]): its label names the slider. */
function readoutLabel(widget: Element, root: Document | ShadowRoot): string {
  for (const sib of [widget.previousElementSibling, widget.nextElementSibling]) {
    const box = sib?.matches('input[readonly]') ? sib : sib?.querySelector('input[readonly]');
    if (box && sib!.querySelectorAll('input,select,textarea').length <= 1) return labelOf(box, root).label;
  }
  return '';
}

/**
 * What a thumb is called: its own label, else the label of the read-only box that shows its value,
 * else the label or text before its slider, unless that text is the caption under the slider
 * before it; then its own caption. The two thumbs of one track (a range's low and high ends) are
 * told apart by "lower" and "upper".
 */
function nameOf(el: HTMLElement, ri: RootInfo, thumbs: HTMLElement[], widgets: Widgets): string {
  const own = labelOf(el, ri.root).label;
  if (own) return own;
  const { captions } = widgets;
  const widget = widgets.of.get(el)!;
  // The text beside a thumb inside its own track is the slider's tooltip (its value), not a name.
  const { label, nearby } = labelOf(widget, ri.root);
  const taken = Array.from(captions).some(([w, c]) => w !== widget && c === nearby);
  const named = readoutLabel(widget, ri.root) || label || (taken ? '' : nearby) || captions.get(widget);
  const pair = thumbs.filter((t) => widget.contains(t));
  const onTrack = widgets.tracks.get(el);
  const scale =
    named || el.getAttribute('role') === 'slider'
      ? ''
      : scaleName(onTrack?.track ?? el.parentElement ?? el, onTrack?.slider ?? widget, pair);
  // "Volume:" labels its box; the slider is "Volume".
  const base = (named || scale || 'Slider').replace(/[\s:：]+$/, '');
  return pair.length === 2 ? `${base} (${pair[0] === el ? 'lower' : 'upper'})` : base;
}

/** A root's thumbs of every kind (knobs on a track that takes the keys too), in page order. */
function thumbElements(ri: RootInfo, onTracks: Map<HTMLElement, KnobTrack>): HTMLElement[] {
  const said = Array.from(ri.root.querySelectorAll<HTMLElement>('[role=slider]')).filter(saysValue);
  const drawn = knobCandidates(ri.root).filter(isDrawnThumb);
  return [...said, ...drawn, ...onTracks.keys()].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

function rawOf(el: HTMLElement, label: string): RawSlider {
  if (el.getAttribute('role') !== 'slider') return { label };
  const now = num(el, 'aria-valuenow') ?? 0;
  const text = clean(el.getAttribute('aria-valuetext'), 60);
  return {
    label,
    now,
    min: num(el, 'aria-valuemin') ?? 0,
    max: num(el, 'aria-valuemax') ?? 100,
    ...(text && text !== String(now) ? { text } : {}),
  };
}

/** Each thumb's slider, and each slider's caption, found once per scan. */
interface Widgets {
  of: Map<HTMLElement, Element>;
  captions: Map<Element, string>;
  /** The track of each knob that cannot take the focus (its track takes the keys). */
  tracks: Map<HTMLElement, KnobTrack>;
}

function widgetsOf(thumbs: HTMLElement[], tracks: Map<HTMLElement, KnobTrack>): Widgets {
  const of = new Map(thumbs.map((el) => [el, widgetOf(el)] as const));
  const captions = new Map(Array.from(new Set(of.values()), (w) => [w, captionOf(w)] as const));
  return { of, captions, tracks };
}

function thumbsOf(roots: RootInfo[]): Thumb[] {
  const out: Thumb[] = [];
  const seen = new Map<string, number>();
  for (const ri of roots) {
    const onTracks = trackKnobs(ri.root);
    const thumbs = thumbElements(ri, onTracks);
    const widgets = widgetsOf(thumbs, onTracks);
    for (const el of thumbs) {
      if (out.length >= MAX_SLIDERS) return out;
      let label = clean(nameOf(el, ri, thumbs, widgets), 80);
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      if (n > 1) label = `${label} (${n})`;
      const track = onTracks.get(el)?.track;
      out.push({ el, drawn: el.getAttribute('role') !== 'slider', ...(track ? { track } : {}), raw: rawOf(el, label) });
    }
  }
  return out;
}

export const scanSliders = (roots: RootInfo[]): RawSlider[] => thumbsOf(roots).map((t) => t.raw);

const focused = (el: Element): boolean => (el.getRootNode() as Document | ShadowRoot).activeElement === el;

const find = (thumbs: Thumb[], label: string): Thumb | undefined => {
  const want = clean(label).toLowerCase();
  return thumbs.find((t) => t.raw.label.toLowerCase() === want);
};

/** Where the thumb's middle is, in the top page's viewport: where a pointer presses or drags it. */
function middleOf(el: Element): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return inTopViewport(el, r.left + r.width / 2, r.top + r.height / 2);
}

/**
 * Focuses the named thumb, for the key presses that follow; answers what it says now and where it
 * is. A thumb that cannot take the focus (its track takes the keys) is to be pressed instead
 * (`press`): the pointer chooses it, and its slider focuses the track.
 */
export function sliderFocus(roots: RootInfo[], label: string): PageScriptResponse {
  const hit = find(thumbsOf(roots), label);
  if (!hit) return { op: 'slider', ok: false };
  hit.el.scrollIntoView?.({ block: 'center' });
  if (!hit.track) hit.el.focus();
  watchReadouts(hit.drawn ? hit.el : null);
  return { op: 'slider', ok: true, slider: hit.raw, at: middleOf(hit.el), ...(hit.track ? { press: true } : {}) };
}

/**
 * What the thumb says now (after a key press moved it): the focused one, which the keys moved,
 * else the one being moved (a knob on a track that has the focus), else the one of that name (a
 * name taken from text beside the slider may change with its value). A drawn thumb's value is its
 * readout's number, once a press has changed it. The page is scanned only when neither of the
 * first two is at hand: set_slider reads after every run of presses.
 */
export function sliderRead(roots: () => RootInfo[], label: string): PageScriptResponse {
  const hit = movingThumb(label) ?? readByScan(roots(), label);
  if (!hit) return { op: 'slider', ok: false };
  const at = middleOf(hit.el);
  if (!hit.drawn) return { op: 'slider', ok: true, slider: hit.raw, at };
  const read = readoutChange(hit.el);
  return { op: 'slider', ok: true, slider: read ? { ...hit.raw, ...read } : hit.raw, at };
}

/**
 * The thumb the keys move, found without scanning the page (set_slider reads it after every run
 * of presses): the focused thumb that says its value, else the knob sliderFocus watches.
 */
function movingThumb(label: string): Thumb | undefined {
  const active = focusedElement() as HTMLElement | null;
  if (active?.getAttribute('role') === 'slider' && saysValue(active))
    return { el: active, drawn: false, raw: rawOf(active, label) };
  const knob = watchedKnob() as HTMLElement | null;
  return knob?.isConnected ? { el: knob, drawn: true, raw: { label } } : undefined;
}

const readByScan = (roots: RootInfo[], label: string): Thumb | undefined => {
  const thumbs = thumbsOf(roots);
  return thumbs.find((t) => focused(t.el)) ?? find(thumbs, label);
};
