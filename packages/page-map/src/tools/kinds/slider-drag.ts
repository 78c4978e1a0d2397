/**
 * A long way on a slider is dragged, as a person does, before the arrow keys fine-tune it: a
 * slider of 5 000 steps of 1 (ion.rangeSlider's dollars) takes 1 000 presses from $1 000 to
 * $2 000, several seconds of key presses. The scale is learned from the slider itself: a short
 * drag of the thumb shows how far its number moves per pixel; then one drag takes it to about the
 * value, and the keys (tools/kinds/slider.ts) do the rest. A thumb the pointer does not move (a
 * vertical slider, one that only hears keys) is left to the keys.
 */
import type { Page } from 'puppeteer-core';
import { numberAfter, readThumb } from './slider-read';

/** Presses left above which a drag goes first: more than one run of key presses. */
const DRAG_MIN_PRESSES = 100;
/** The probe's length in pixels: long enough for a scale to show in the number. */
const PROBE_PX = 24;

interface Move {
  label: string;
  target: number;
  step: number;
  /** The slider draws its moves late: its number is read once it stays the same. */
  late: boolean;
  deadline: number;
}

async function drag(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx / 2, from.y, { steps: 2 });
  await page.mouse.move(from.x + dx, from.y, { steps: 2 });
  await page.mouse.up();
}

/**
 * Drags the thumb (from `now`) to about `target` when the keys have a long way to go; answers
 * its number after (unchanged when it did not drag or the pointer did not move it).
 */
export async function dragNear(page: Page, now: number, m: Move): Promise<number> {
  if (Math.abs(m.target - now) / m.step <= DRAG_MIN_PRESSES || Date.now() >= m.deadline) return now;
  const start = (await readThumb(page, m.label)).at;
  if (!start) return now;
  const probe = m.target > now ? PROBE_PX : -PROBE_PX; // toward it, when the scale grows rightwards
  await drag(page, start, probe);
  const probed = await numberAfter(page, m.label, now, m.late, m.deadline);
  if (probed === undefined || probed === now) return probed ?? now;
  const perPx = (probed - now) / probe;
  const at = (await readThumb(page, m.label)).at;
  if (!at || Date.now() >= m.deadline) return probed;
  await drag(page, at, (m.target - probed) / perPx);
  return (await numberAfter(page, m.label, probed, m.late, m.deadline)) ?? probed;
}
