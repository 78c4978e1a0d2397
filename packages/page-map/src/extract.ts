import { createHash } from 'node:crypto';
import type { Frame, Page } from 'puppeteer-core';
import { detectBlock } from './block';
import { pageMarkdown } from './content';
import { callPageScript } from './page-script/call';
import { sleep } from './outcome';
import { looksUnrendered, readRendered } from './settle/render';
import type { RawPage } from './page-script/types';
import { framesToRead, withFrames, type FrameReading } from './frames';
import { buildTools } from './tools';
import type { ExtractOptions, PageMap, PageOverlay, PageTool } from './types';

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

/** The page script's reading of the page, with what the widgets it shows from other sites offer (frames.ts). */
export async function rawExtract(page: Page): Promise<RawPage> {
  const raw = await extractIn(page.mainFrame());
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

/**
 * Hash of the page's structure: forms and their fields, buttons, link targets — not texts that
 * change per view (dates, counters), not field values (CSRF tokens), so the same page hashes the
 * same across loads and tenants. Click-target labels and overlays stay out: they carry such texts
 * ("3 new messages") and the cache keyed by this hash holds only the summary.
 */
export function structureHash(raw: RawPage): string {
  const h = createHash('sha256');
  h.update(`v1\n${raw.title}\n`);
  for (const g of raw.groups) h.update(`g ${g.sig} ${g.toolname} ${g.frame}\n`);
  for (const b of raw.buttons) h.update(`b ${b.key}\n`);
  for (const l of raw.links) {
    let u = l.href;
    try {
      const x = new URL(l.href);
      u = `${x.origin}${x.pathname}`;
    } catch {
      // keep as is
    }
    h.update(`l ${u}\n`);
  }
  for (const t of raw.webmcp) h.update(`w ${t.name}\n`);
  return h.digest('base64url').slice(0, 32);
}

function overlayOf(raw: RawPage, tools: PageTool[]): PageOverlay | null {
  if (!raw.overlay) return null;
  const dismiss = tools.find((t) => t.tool.name === 'dismiss_overlay');
  return {
    kind: raw.overlay.kind,
    label: raw.overlay.label,
    tool: dismiss ? 'dismiss_overlay' : null,
    choices: raw.overlay.choices,
  };
}

export function pageMapFromRaw(raw: RawPage, opts: ExtractOptions): PageMap {
  const tools = buildTools(raw, opts.maxTools ?? 30);
  const block = detectBlock({ status: opts.status, title: raw.title, text: raw.bodyText, html: raw.htmlHead });
  return {
    url: raw.url,
    title: raw.title,
    tools,
    text: raw.text,
    structureHash: structureHash(raw),
    block,
    overlay: overlayOf(raw, tools),
  };
}

/** One in-page pass (plus one more for Markdown when asked), then naming and ranking in Node. */
export async function extractPageMap(page: Page, opts: ExtractOptions): Promise<PageMap> {
  const timing = opts.onTiming;
  let t = performance.now();
  let raw = await rawExtract(page);
  timing?.('extract', performance.now() - t);
  if (opts.awaitRenderMs && looksUnrendered(raw)) {
    t = performance.now();
    raw = await readRendered(page, raw, () => rawExtract(page), Date.now() + opts.awaitRenderMs);
    timing?.('render', performance.now() - t);
  }
  t = performance.now();
  const map = pageMapFromRaw(raw, opts);
  timing?.('analyse', performance.now() - t);
  if (opts.includeContent && !map.block) {
    t = performance.now();
    map.markdown = await pageMarkdown(page);
    timing?.('extract', performance.now() - t);
  }
  return map;
}
