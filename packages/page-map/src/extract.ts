import { createHash } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { detectBlock } from './block';
import { pageMarkdown } from './content';
import { looksUnrendered, readAfterScripts, readRendered } from './settle/render';
import { itemsSentences, withItems } from './app-state';
import type { RawPage } from './shared/page-script-types';
import { rawExtract } from './read-page';
import { buildTools } from './tools';
import type { ExtractOptions, PageMap, PageOverlay, PageTool } from './types';

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
    // The app's lists as sentences after the content: what the summary reads on an app page.
    text: [raw.text, ...itemsSentences(raw.items ?? [])].filter(Boolean).join('\n'),
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
  if (opts.awaitRenderMs) {
    t = performance.now();
    const deadline = Date.now() + opts.awaitRenderMs;
    const first = raw;
    raw = await readAfterScripts(page, raw, () => rawExtract(page), deadline);
    const unrendered = looksUnrendered(raw);
    if (unrendered) raw = await readRendered(page, raw, () => rawExtract(page), deadline);
    if (unrendered || raw !== first) timing?.('render', performance.now() - t); // it waited
  }
  t = performance.now();
  const map = pageMapFromRaw(raw, opts);
  timing?.('analyse', performance.now() - t);
  if (opts.includeContent && !map.block) {
    t = performance.now();
    map.markdown = withItems(await pageMarkdown(page), raw.items);
    timing?.('extract', performance.now() - t);
  }
  return map;
}
