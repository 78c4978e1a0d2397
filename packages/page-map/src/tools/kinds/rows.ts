/**
 * Per-row tools: one tool per control that the rows of an app's list share, the row chosen by its
 * text (page-script/rows.ts reads them): `toggle_item {item, checked?}` for a box, `remove_item
 * {item}` for a "Remove" button or a "×", `set_item {item, text}` for an editable region nothing
 * but its row names (typed into, read back, confirmed with Tab), `<word>_item` for any other. A
 * control shown only while its row is hovered is reached as a person reaches it: the pointer moves
 * onto the row, then the control is pressed. A box is read back (a drawn one once the page has
 * redrawn it): one that does not hold what was asked fails the tool.
 * Each tool presses only its own control in the named row, never another button of the page.
 */
import type { RowBinding } from '../../bindings';
import { dialogsOf } from '../../dialogs';
import { ToolError } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawPage, RawRowAction } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import type { ToolParam } from '../../bindings';
import { clip } from '../params';
import { type Candidate, type RunContext, type ToolKind, settledOutcome } from './kind';
import { typeOverFocused } from './type-over';

const CHECKED: ToolParam = {
  name: 'checked',
  description: 'true to check the box, false to uncheck it; left out, the box is switched.',
  type: 'boolean',
  required: false,
};

const TEXT: ToolParam = {
  name: 'text',
  description: 'The new text of the row\'s box (its value in a key-value row); "" empties it.',
  type: 'string',
  required: true,
};

function describe(a: RawRowAction): string {
  const list = a.list ? ` of the list "${clip(a.list, 50)}"` : '';
  const what =
    a.action === 'toggle'
      ? 'Check or uncheck the box'
      : a.action === 'set'
        ? "Type a new text into the box (the last one: a key-value row's value)"
        : `Press "${clip(a.word, 30)}"`;
  const hover = a.hover
    ? ' It shows only while the row is hovered: the tool hovers the row first, as a person does.'
    : '';
  return clip(`${what} in one row${list}, the row chosen by its text.${hover}`, 300);
}

function rowCandidate(a: RawRowAction, order: number): Candidate {
  const item: ToolParam = {
    name: 'item',
    description: 'The row, by its text as the page shows it: one of the options.',
    type: 'string',
    required: true,
    options: a.items,
  };
  return {
    base: `${a.action}_item`,
    score: 58,
    order,
    tool: {
      name: `${a.action}_item`,
      description: describe(a),
      params: a.action === 'toggle' ? [item, CHECKED] : a.action === 'set' ? [item, TEXT] : [item],
    },
    binding: { kind: 'rows', listIdx: a.listIdx, action: a.action },
  };
}

const asked = (ctx: RunContext): boolean | undefined =>
  ctx.values.checked === undefined ? undefined : ctx.values.checked === true;

const requestOf = (ctx: RunContext, binding: RowBinding) => {
  const checked = asked(ctx);
  return {
    op: 'rowAction' as const,
    listIdx: binding.listIdx,
    action: binding.action,
    item: String(ctx.values.item),
    ...(checked === undefined ? {} : { checked }),
  };
};

/** Presses the row's control; true when it was a drawn box asked for a state, to be read back once the page redrew it. */
async function act(ctx: RunContext, binding: RowBinding): Promise<boolean> {
  const checked = asked(ctx);
  const req = requestOf(ctx, binding);
  let res = await callPageScript(ctx.page, req);
  if (res.op === 'rowAction' && res.ok && res.hover) {
    await ctx.page.mouse.move(res.hover.x, res.hover.y);
    res = await callPageScript(ctx.page, req);
    if (res.op === 'rowAction' && res.hover)
      throw new ToolError('TOOL_FAILED', 'The control did not show when its row was hovered.');
  }
  if (res.op !== 'rowAction' || !res.ok)
    throw new ToolError(
      'INVALID_PARAMS',
      'No row of the list has that text (or it lost its control); use one of the options of "item".',
    );
  // A native box answers its new state at once; a drawn one (role=checkbox, a "☐") is pressed like
  // any control, and read back once the page has settled (readBack).
  if (checked !== undefined && res.checked !== undefined && res.checked !== checked)
    throw new ToolError('FIELD_NOT_SET', `The row's box is ${res.checked ? 'checked' : 'unchecked'}, not as asked.`);
  if (binding.action === 'set')
    await typeOverFocused(ctx.page, String(ctx.values.text ?? ''), { box: "The row's box", confirm: 'Tab' });
  return binding.action === 'toggle' && checked !== undefined && res.checked === undefined;
}

/**
 * A drawn box, read after the page redrew it: one that does not hold what was asked fails the
 * tool. A row no longer shown (a filter hides checked items) is no failure: the page map shows it.
 */
async function readBack(ctx: RunContext, binding: RowBinding): Promise<void> {
  const res = await callPageScript(ctx.page, { ...requestOf(ctx, binding), read: true });
  if (res.op === 'rowAction' && res.ok && res.checked !== undefined && res.checked !== asked(ctx))
    throw new ToolError(
      'FIELD_NOT_SET',
      `The row's box is ${res.checked ? 'checked' : 'unchecked'} after the click, not as asked.`,
    );
}

export const rows: ToolKind<RowBinding> = {
  build: (raw: RawPage) => (raw.rowActions ?? []).map((a, i) => rowCandidate(a, 1e9 - 10 + i)),
  async run(binding, ctx) {
    let drawn = false;
    const r = await settle(ctx.page, ctx.deadline, async () => {
      drawn = await act(ctx, binding);
    });
    // A dialog held for the agent blocks the page: nothing can be read behind it.
    if (drawn && !r.timedOut && !r.navigated && !dialogsOf(ctx.page).pending) await readBack(ctx, binding);
    return settledOutcome(ctx.call.tool, r);
  },
};
