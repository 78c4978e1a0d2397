/**
 * What `set_slider` reads of a thumb and how it presses keys (tools/kinds/slider.ts): its number
 * after a press, also on sliders that draw their moves late (on a timer), and where it is on the
 * screen for a drag (slider-drag.ts).
 */
import type { Page } from 'puppeteer-core';
import { ToolError, sleep } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawSlider } from '../../shared/page-script-types';

/** The thumb now, and where its middle is (top viewport). */
export async function readThumb(
  page: Page,
  label: string,
): Promise<{ slider: RawSlider; at?: { x: number; y: number } }> {
  const res = await callPageScript(page, { op: 'sliderRead', label });
  if (res.op !== 'slider' || !res.ok || !res.slider) throw new ToolError('TOOL_FAILED', 'The slider is gone.');
  return { slider: res.slider, ...(res.at ? { at: res.at } : {}) };
}

export const readSlider = async (page: Page, label: string): Promise<RawSlider> =>
  (await readThumb(page, label)).slider;

/** Longest a press may take to show on the page (ion.rangeSlider redraws on a 300 ms timer; a busy machine runs it late). */
const SHOW_WAIT_MS = 1000;
/** How long the number of a slider that shows its moves late must stay the same to be read as final. */
const LATE_QUIET_MS = 400;

/**
 * The slider after a press that should move it from `before`: read again until it shows a move,
 * at most SHOW_WAIT_MS, for a slider that draws on a timer; `late` when the first read missed it.
 */
export async function readMoved(page: Page, label: string, before: number | undefined) {
  const start = Date.now();
  for (let reads = 0; ; reads++) {
    const s = await readSlider(page, label);
    const from = before ?? s.was;
    const moved = s.now !== undefined && from !== undefined && s.now !== from;
    if (moved || Date.now() - start >= SHOW_WAIT_MS) return { s, late: moved && reads > 0 };
    await sleep(30);
  }
}

/** The number of a slider that shows its moves late, once it has stayed the same LATE_QUIET_MS. */
export async function readFinal(page: Page, label: string, deadline: number): Promise<number | undefined> {
  let last = (await readSlider(page, label)).now;
  let since = Date.now();
  while (Date.now() - since < LATE_QUIET_MS && Date.now() < deadline) {
    await sleep(30);
    const now = (await readSlider(page, label)).now;
    if (now !== last) [last, since] = [now, Date.now()];
  }
  return last;
}

/**
 * The thumb's number after keys or a drag that should have moved it from `before`: read until it
 * shows a move (at most SHOW_WAIT_MS), then, for one that shows its moves late, once it has stayed
 * the same. Waiting for the move whatever the first press showed: on a busy machine a slider that
 * draws on a timer (ion.rangeSlider) can show that press at the first read, so it is not known as
 * late, and a drag read at once then seemed not to move it, which left a thousand key presses to
 * the deadline (the benchmark's Ion slider task failed so under load).
 */
export async function numberAfter(page: Page, label: string, before: number, late: boolean, deadline: number) {
  const { s } = await readMoved(page, label, before);
  return late && s.now !== undefined && s.now !== before ? readFinal(page, label, deadline) : s.now;
}

/** Presses a key n times on whatever has the focus (the thumb), as a person's held key repeats. */
export async function press(page: Page, key: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press(key as 'ArrowRight');
}
