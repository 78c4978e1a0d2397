/**
 * The `hover` tool: elements that show more while the pointer rests on them (a menu item whose
 * submenu opens on hover, found by the page's :hover rules, page-script/hover.ts). It does what a
 * person does: moves the pointer onto the element with the browser's trusted input and leaves it
 * there, so what it shows stays shown for the next call (a click on the submenu's item). It checks
 * that something showed: a hover that showed nothing fails.
 */
import type { HoverBinding } from '../../bindings';
import { ToolError, fail, ok, remainingOf, sleep } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawPage } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import { clip } from '../params';
import type { Candidate, RunContext, ToolKind } from './kind';

/** How long what a hover shows may take to appear (hoverIntent waits 100 ms, animations run after). */
const SHOW_WAIT_MS = 1500;
const POLL_MS = 100;

function hoverCandidate(raw: RawPage): Candidate | null {
  const labels = raw.hoverables ?? [];
  if (labels.length === 0) return null;
  return {
    base: 'hover',
    score: 46,
    keep: 'name',
    order: 1e9 - 4,
    tool: {
      name: 'hover',
      description: clip(
        `Point at an element and keep the pointer there (hover), as a person does to open a menu or show what appears only on hover (${labels.length} on the page). What it shows (a submenu's links and items) is offered in the page map that comes back, and stays shown while the pointer rests there.`,
        400,
      ),
      params: [
        {
          name: 'target',
          description: 'The element to point at, by the text it shows: one of the options.',
          type: 'string',
          required: true,
          options: labels,
        },
      ],
    },
    binding: { kind: 'hover' },
  };
}

/** Moves the pointer onto the element as a person's hand does: from beside it, in a few steps. */
async function pointAt(page: RunContext['page'], label: string): Promise<void> {
  const at = await callPageScript(page, { op: 'hoverPoint', label });
  if (at.op !== 'hoverPoint' || !at.ok || at.x === undefined || at.y === undefined)
    throw new ToolError(
      'INVALID_PARAMS',
      'Nothing on the page that shows more on hover has that text; use one of the options of "target".',
    );
  await page.mouse.move(Math.max(0, at.x - 8), Math.max(0, at.y - 4));
  await page.mouse.move(at.x, at.y, { steps: 4 });
}

/** Waits until what the hover was to show is on screen; false when it never showed. */
async function shown(page: RunContext['page'], deadline: number): Promise<boolean> {
  const until = Date.now() + Math.min(SHOW_WAIT_MS, remainingOf(deadline));
  for (;;) {
    const res = await callPageScript(page, { op: 'hoverShown' });
    if (res.op === 'hoverShown' && res.ok) return true;
    if (Date.now() + POLL_MS > until) return false;
    await sleep(POLL_MS);
  }
}

async function runHover(_binding: HoverBinding, { page, call, values, deadline }: RunContext) {
  const name = call.tool;
  let showed = true;
  const r = await settle(page, deadline, async () => {
    await pointAt(page, String(values.target));
    showed = await shown(page, deadline);
  });
  if (r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
  if (!showed && !r.navigated)
    return fail(name, 'TOOL_FAILED', 'The pointer rests on it, but nothing it hides showed.', false);
  return ok(name, r.navigated);
}

export const hover: ToolKind<HoverBinding> = {
  build: (raw: RawPage) => [hoverCandidate(raw)].filter((c): c is Candidate => c !== null),
  run: runHover,
};
