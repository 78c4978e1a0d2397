/**
 * Screenshots on request (`screenshot` in a browse request; docs/api.md). Bounded: a full page is
 * captured down to at most `maxHeight` CSS pixels, and an image over `maxBytes` is captured again
 * at half the height until it fits — the answer then says `truncated`. Never billed as an action
 * and never cached: it is taken in the session's own page for this answer only.
 */
import type { Screenshot, ScreenshotOptions } from '@pagemap/contracts';
import type { Page } from 'puppeteer-core';

export interface ScreenshotBounds {
  /** Tallest full-page capture, CSS pixels. */
  maxHeight: number;
  /** Largest image, bytes before base64. */
  maxBytes: number;
}

export async function takeScreenshot(
  page: Page,
  opts: ScreenshotOptions,
  bounds: ScreenshotBounds,
): Promise<Screenshot> {
  const viewport = page.viewport() ?? { width: 800, height: 600 };
  const encoding = {
    type: opts.format,
    ...(opts.format === 'jpeg' ? { quality: opts.quality ?? 70 } : {}),
    encoding: 'base64',
  } as const;
  if (!opts.fullPage) {
    // What a person sees now: the viewport at its current scroll position (bounded by the viewport's size).
    const data = await page.screenshot(encoding);
    return {
      format: opts.format,
      width: viewport.width,
      height: viewport.height,
      full_page: false,
      truncated: false,
      data,
    };
  }
  const pageHeight = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0, 1),
  );
  let height = Math.min(pageHeight, bounds.maxHeight);
  let truncated = height < pageHeight;
  for (;;) {
    const data = await page.screenshot({
      ...encoding,
      clip: { x: 0, y: 0, width: viewport.width, height },
      captureBeyondViewport: true,
    });
    // base64 carries 3 bytes in 4 characters. The halving stops at one viewport's height.
    if ((data.length * 3) / 4 <= bounds.maxBytes || height <= viewport.height) {
      return { format: opts.format, width: viewport.width, height, full_page: true, truncated, data };
    }
    height = Math.max(viewport.height, Math.floor(height / 2));
    truncated = true;
  }
}
