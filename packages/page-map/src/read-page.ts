/**
 * Reading a page: the page script's raw reading of the page and of the widgets it shows from
 * other sites (frames.ts), robust to a document replaced while it is read. Used by extraction
 * (extract.ts) and by a two-step sign-in looking for its password step (login/second-step.ts).
 */
import type { Frame, Page } from 'puppeteer-core';
import { callPageScript } from './page-script-host/call';
import { sleep } from './outcome';
import type { RawPage } from './shared/page-script-types';
import { framesToRead, withFrames, type FrameReading } from './frames';
import { markListeners } from './listeners';

/** Most links the extractor reads (follow_link resolves among them). */
export const MAX_LINKS = 1000;
/** Bound of `PageMap.text`. */
export const MAX_TEXT = 20_000;

/** How long a cross-origin frame may take to answer (a busy ad frame must not hold the page map). */
const FRAME_EXTRACT_MS = 1000;

/** The document was replaced while it was read (puppeteer's words for it). */
const REPLACED =
  /Execution context was destroyed|Cannot find context with specified id|Execution context is not available/i;
/** Reads of a document that keeps being replaced, before the error is let through. */
const READ_ATTEMPTS = 3;

/**
 * One reading of the page or frame. A navigation that replaces the document during the read (a
 * script that sends the page on a moment after a tool settled: `javascript:` links that post a
 * form, timed redirects) is not an error of the page: the new document is read once it has parsed.
 */
async function extractIn(frame: Frame): Promise<RawPage> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await callPageScript(frame, { op: 'extract', maxLinks: MAX_LINKS, maxText: MAX_TEXT });
      if (res.op !== 'extract') throw new Error('page script answered the wrong operation');
      return res.page;
    } catch (err) {
      if (attempt >= READ_ATTEMPTS || !REPLACED.test((err as Error).message) || frame.detached) throw err;
      await sleep(50);
      await frame.waitForFunction(() => document.readyState !== 'loading', { timeout: 2000 }).catch(() => undefined);
    }
  }
}

/** What the page script reads in one cross-origin frame; null if it does not answer in time. */
async function readFrame(frame: Frame, index: number): Promise<FrameReading | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FRAME_EXTRACT_MS)));
  try {
    const raw = await Promise.race([extractIn(frame).catch(() => null), late]);
    return raw && { index, host: URL.canParse(frame.url()) ? new URL(frame.url()).host : '', raw };
  } finally {
    clearTimeout(timer);
  }
}

/** Evaluated in the page: the root or body hidden whole (as page-script/loading.ts `veiled`). */
function isVeiled(): boolean {
  return [document.documentElement, document.body].some((el) => {
    const s = el && getComputedStyle(el);
    return !!s && (s.visibility === 'hidden' || s.opacity === '0');
  });
}

/** The page script's reading of the page, with what the widgets it shows from other sites offer (frames.ts). */
export async function rawExtract(page: Page): Promise<RawPage> {
  // A page hidden whole while its scripts load (page-script/loading.ts) may show itself, its
  // widgets bound, between the marking and the reading: the marks then miss their listeners (a
  // hover menu went unoffered in 3 of 12 reads of jQuery UI's demo). Read again in that case.
  // The check travels beside the marking's first messages (the veil is read before the listeners
  // are: the renderer answers one session's messages in order), not a round trip ahead of it.
  const [veiledBefore] = await Promise.all([page.evaluate(isVeiled).catch(() => false), markListeners(page)]);
  let raw = await extractIn(page.mainFrame());
  if (veiledBefore && raw.loading !== 'veiled') {
    await markListeners(page);
    raw = await extractIn(page.mainFrame());
  }
  // Only pages showing another site's widget pay for reading it (after their own reading, which
  // says which frames a person can see).
  const frames = framesToRead(page, raw.frameOrigins ?? []);
  if (frames.length === 0) return raw;
  const inFrames = await Promise.all(frames.map(({ frame, index }) => readFrame(frame, index)));
  return withFrames(
    raw,
    inFrames.filter((f): f is FrameReading => f !== null),
  );
}
