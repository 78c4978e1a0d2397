/**
 * Frames from another origin. The page script walks the document with its same-origin frames,
 * but a frame from another site (an embedded sign-in or contact form, a booking widget) has its
 * own document the top page cannot reach: Chromium runs it in another renderer. The visible,
 * widget-sized ones are read by running the page script inside each one; their forms and click
 * targets join the page's (withFrames) carrying the frame as `x<i>` (the i-th such frame in page
 * order, see frameTarget), so that filling or clicking finds it again.
 */
import type { Frame, Page } from 'puppeteer-core';
import type { RawPage } from './shared/page-script-types';

/** Most cross-origin frames read per page (ads come in dozens; widgets in a few). */
export const MAX_FRAMES = 4;

/** Challenge widgets live in frames of their own; they are reported through the page's signals, never filled. */
const CAPTCHA_FRAME = /recaptcha|hcaptcha|challenges\.cloudflare\.com|turnstile|arkoselabs|funcaptcha/i;

/** Prefix of a cross-origin frame's reference in `RawGroup.frame` and bindings. */
const CROSS = 'x';

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The frames the top page's script cannot enter: http(s) frames whose origin is not their
 * parent's, CAPTCHA providers' left out. A tool's reference is its index in this list.
 */
export function crossOriginFrames(page: Page): Frame[] {
  const out: Frame[] = [];
  for (const f of page.frames()) {
    const parent = f.parentFrame();
    if (!parent || f.detached) continue;
    const origin = originOf(f.url());
    if (!origin || origin === originOf(parent.url()) || CAPTCHA_FRAME.test(f.url())) continue;
    out.push(f);
  }
  return out;
}

/**
 * Which cross-origin frames to read: those from an origin the page shows in a visible,
 * widget-sized frame (the page script's `frameOrigins`), at most MAX_FRAMES, with their index.
 */
export function framesToRead(page: Page, shownOrigins: string[]): Array<{ frame: Frame; index: number }> {
  if (shownOrigins.length === 0) return [];
  const shown = new Set(shownOrigins);
  return crossOriginFrames(page)
    .map((frame, index) => ({ frame, index }))
    .filter(({ frame }) => shown.has(originOf(frame.url()) ?? ''))
    .slice(0, MAX_FRAMES);
}

/** The reference of the i-th cross-origin frame, prefixed to the frame path its own script reports. */
export const crossFrameRef = (i: number, inner: string): string => `${CROSS}${i}${inner}`;

/**
 * Where a binding's elements live: the page itself, or the cross-origin frame its reference names.
 * Null when that frame is gone.
 */
export function frameTarget(page: Page, frame: unknown): Page | Frame | null {
  if (typeof frame !== 'string' || !frame.startsWith(CROSS)) return page;
  const i = Number.parseInt(frame.slice(CROSS.length), 10);
  return crossOriginFrames(page)[i] ?? null;
}

/** The binding's elements are in a cross-origin frame. */
export const inCrossFrame = (frame: unknown): boolean => typeof frame === 'string' && frame.startsWith(CROSS);

/** What the page script read in one cross-origin frame. */
export interface FrameReading {
  /** Its place among crossOriginFrames(page). */
  index: number;
  host: string;
  raw: RawPage;
}

/**
 * The page's reading with its cross-origin frames' added after everything of its own: their
 * forms (described with the frame's host), their click targets (a text the page itself shows
 * stays the page's), and a frame's overlay when the page has none (consent managers draw their
 * banner in a frame of their own).
 */
export function withFrames(raw: RawPage, frames: FrameReading[]): RawPage {
  if (frames.length === 0) return raw;
  let order =
    1 + Math.max(0, ...[raw.groups, raw.buttons, raw.targets, raw.links].flatMap((list) => list.map((x) => x.order)));
  const groups = [...raw.groups];
  const targets = [...raw.targets];
  const taken = new Set(raw.targets.map((t) => t.label.toLowerCase()));
  let overlay = raw.overlay;
  for (const f of frames) {
    for (const g of f.raw.groups)
      groups.push({ ...g, frame: crossFrameRef(f.index, g.frame), frameHost: f.host, order: order++ });
    const ownOverlay = !overlay && f.raw.overlay ? f.raw.overlay : null;
    if (ownOverlay) overlay = ownOverlay;
    for (const t of f.raw.targets) {
      const key = t.label.toLowerCase();
      if (taken.has(key)) continue;
      taken.add(key);
      targets.push({ ...t, frame: crossFrameRef(f.index, ''), overlay: !!ownOverlay && t.overlay, order: order++ });
    }
  }
  return { ...raw, groups, targets, overlay };
}
