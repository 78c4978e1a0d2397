/**
 * `set_slider {slider, value}`: a slider a script draws (`role=slider`, page-script/sliders.ts)
 * set as a person sets it from the keyboard: its thumb focused, then the arrow keys (Home and End
 * for the ends of a range it says) pressed with the browser's trusted input until it says the
 * value asked: in `aria-valuenow`, or, for a slider that says nothing, in the number beside it
 * that changes as it moves (page-script/drawn-sliders.ts). One press shows which way and how far
 * a step goes; the rest are pressed in runs and the value read after each run. It answers success
 * only when the slider says that value, and says where it stopped otherwise (a value between its
 * steps, a slider that does not move with the keys or shows no number).
 */
import type { Page } from 'puppeteer-core';
import type { SliderBinding } from '../../bindings';
import { ToolError, fail, ok } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawPage, RawSlider } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import { clip } from '../params';
import { dragNear } from './slider-drag';
import { numberAfter, press, readMoved, readSlider } from './slider-read';
import type { Candidate, RunContext, ToolKind } from './kind';

/** Most key presses one call makes (a 0–1000 slider of step 1 takes 1000; Page Up is not everywhere). */
const MAX_PRESSES = 1200;
/** Presses sent before the value is read again. */
const RUN_MAX = 100;

const rangeOf = (s: RawSlider) => `${s.label}: ${s.min} to ${s.max}, now ${s.text ? `${s.now} (${s.text})` : s.now}`;

/**
 * The sliders, each once: those that say their range with it; those that say nothing by name,
 * together, with one word on where their number shows (it is the same for all).
 */
function listed(sliders: RawSlider[]): string {
  const said = sliders.filter((s) => s.now !== undefined).map(rangeOf);
  const drawn = sliders.filter((s) => s.now === undefined).map((s) => s.label);
  const quiet = drawn.length
    ? [`${drawn.join(', ')} (${drawn.length > 1 ? 'each shows its number' : 'its number shows'} beside it as it moves)`]
    : [];
  return [...quiet, ...said].join('; ');
}

function sliderCandidate(raw: RawPage): Candidate | null {
  const sliders = raw.sliders ?? [];
  if (sliders.length === 0) return null;
  return {
    base: 'set_slider',
    score: 48,
    keep: 'name',
    order: 1e9 - 5,
    tool: {
      name: 'set_slider',
      description: clip(
        `Set a slider to a number, as a person does with the arrow keys; it fails if the slider cannot take that value. Sliders: ${listed(sliders)}.`,
        600,
      ),
      params: [
        {
          name: 'slider',
          description: 'The slider (one thumb of it) to set: one of the options.',
          type: 'enum',
          required: true,
          options: sliders.map((s) => s.label),
        },
        { name: 'value', description: 'The number to set it to, within its range.', type: 'number', required: true },
      ],
    },
    binding: { kind: 'slider' },
  };
}

interface Keys {
  inc: string;
  dec: string;
  step: number;
  now: number;
  /** Its number shows a press late (drawn on a timer): read it only once it stays the same. */
  late: boolean;
}

const OPPOSITE: Record<string, string> = {
  ArrowRight: 'ArrowLeft',
  ArrowLeft: 'ArrowRight',
  ArrowUp: 'ArrowDown',
  ArrowDown: 'ArrowUp',
};

/**
 * Which key makes the value grow, and by how much a press changes it: found by pressing one, as
 * a person tries, toward the value when it is known (a thumb at its end moves only back; a
 * reversed slider grows with the other key; a vertical one may hear only Up and Down); null when
 * no arrow moves it or the page shows no number for it.
 */
async function learnKeys(page: Page, label: string, up: boolean | undefined): Promise<Keys | null> {
  const order = up === false ? ['ArrowLeft', 'ArrowRight', 'ArrowDown', 'ArrowUp'] : Object.keys(OPPOSITE);
  // A key that did not move it leaves it where it was: that read is the next try's "before".
  let before = (await readSlider(page, label)).now;
  for (const key of order) {
    await press(page, key, 1);
    const { s: after, late } = await readMoved(page, label, before);
    const from = before ?? after.was;
    before = after.now;
    if (after.now === undefined || from === undefined || after.now === from) continue;
    const grows = after.now > from;
    const other = OPPOSITE[key]!;
    const step = Math.abs(after.now - from);
    return { inc: grows ? key : other, dec: grows ? other : key, step, now: after.now, late };
  }
  return null;
}

const close = (a: number, b: number, span: number) => Math.abs(a - b) <= Math.max(1e-9, span * 1e-9);

/**
 * Moves the focused thumb to the value; answers where it stopped (undefined: it never showed a
 * number). It stops pressing at the deadline, so no key press outlives the call.
 */
async function moveTo(page: Page, start: RawSlider, target: number, deadline: number): Promise<number | undefined> {
  const span = (start.max ?? 0) - (start.min ?? 0);
  const { min, max } = start;
  if (min !== undefined && max !== undefined && (close(target, min, span) || close(target, max, span))) {
    await press(page, close(target, min, span) ? 'Home' : 'End', 1);
    const now = (await readSlider(page, start.label)).now;
    if (now !== undefined && close(now, target, span)) return now;
  }
  if (start.now !== undefined && close(start.now, target, span)) return start.now;
  const keys = await learnKeys(page, start.label, start.now === undefined ? undefined : target > start.now);
  if (!keys) return (await readSlider(page, start.label)).now;
  let now = await dragNear(page, keys.now, { label: start.label, target, step: keys.step, late: keys.late, deadline });
  let pressed = 1;
  const up = target > now;
  while (!close(now, target, span) && pressed < MAX_PRESSES && Date.now() < deadline) {
    const left = Math.round(Math.abs(target - now) / keys.step);
    // Past the value (its steps do not land on it) or no step left: it stops where it is.
    if (left < 1 || target > now !== up) break;
    const run = Math.min(left, RUN_MAX, MAX_PRESSES - pressed);
    await press(page, up ? keys.inc : keys.dec, run);
    pressed += run;
    const next = await numberAfter(page, start.label, now, keys.late, deadline);
    if (next === undefined || next === now) break;
    now = next;
  }
  return now;
}

async function runSlider(_binding: SliderBinding, { page, call, values, deadline }: RunContext) {
  const name = call.tool;
  const target = Number(values.value);
  const found = await callPageScript(page, { op: 'sliderFocus', label: String(values.slider) });
  if (found.op !== 'slider' || !found.ok || !found.slider)
    throw new ToolError('INVALID_PARAMS', 'No slider on the page has that name; use one of the options of "slider".');
  const s = found.slider;
  const { min = -Infinity, max = Infinity } = s;
  if (!Number.isFinite(target) || target < min || target > max)
    throw new ToolError('INVALID_PARAMS', `"${s.label}" takes a number from ${s.min} to ${s.max}.`);
  let now: number | undefined;
  const r = await settle(page, deadline, async () => {
    // A knob that cannot take the focus is chosen as a person chooses it: pressed, not moved.
    if (found.press && found.at) await page.mouse.click(found.at.x, found.at.y);
    now = await moveTo(page, s, target, deadline);
  });
  if (r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
  if ((now === undefined || !close(now, target, (s.max ?? 0) - (s.min ?? 0))) && !r.navigated)
    return fail(name, 'TOOL_FAILED', stoppedAt(s, now, target), false);
  return ok(name, r.navigated, false, now === undefined ? undefined : { value: String(now) });
}

/** Why the slider does not say the value: it did not move, it shows no number, or its steps miss it. */
function stoppedAt(s: RawSlider, now: number | undefined, target: number): string {
  if (now === undefined)
    return `"${s.label}" shows no number that changes as it moves with the arrow keys; it cannot be set to ${target}.`;
  if (now === s.now) return `"${s.label}" did not move with the arrow keys; it still says ${now}.`;
  return `"${s.label}" stopped at ${now}: its steps do not land on ${target}.`;
}

export const slider: ToolKind<SliderBinding> = {
  build: (raw: RawPage) => [sliderCandidate(raw)].filter((c): c is Candidate => c !== null),
  run: runSlider,
};
