/**
 * The `edit_text` tool: text the page edits in place, where a double-click turns it into a text box
 * (page-script/edit.ts finds those by their dblclick listener). It does what a person does:
 * double-click the text, type the new text into the box that took the focus, then confirm with
 * Enter, or by leaving the box (Tab) when the box is inside a form, where Enter would send the
 * form. The box is read back before confirming: one that does not hold the text fails the tool.
 */
import type { EditBinding } from '../../bindings';
import { markListeners } from '../../listeners';
import { ToolError, fail, ok, remainingOf } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawPage } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import { clip } from '../params';
import type { Candidate, RunContext, ToolKind } from './kind';
import { typeOverFocused } from './type-over';

/** How long the box a double-click opens may take to appear and take the focus. */
const BOX_WAIT_MS = 2000;

function editCandidate(raw: RawPage): Candidate | null {
  const labels = raw.editables ?? [];
  if (labels.length === 0) return null;
  return {
    base: 'edit_text',
    score: 47,
    keep: 'name',
    order: 1e9 - 2,
    tool: {
      name: 'edit_text',
      description: clip(
        `Change a text the page edits in place (${labels.length} on the page) with a double click on it, as a person does: the text becomes a box, the new text is typed into it and confirmed (without text, the box is only opened). A double click is the only way to change it.`,
        400,
      ),
      params: [
        {
          name: 'target',
          description: 'The text to edit, as the page shows it: one of the options.',
          type: 'string',
          required: true,
          options: labels,
        },
        {
          name: 'text',
          description:
            'The new text ("" empties the box, which many apps take as removing the item). Left out, the box is only opened (and left focused), for you to type into it.',
          type: 'string',
          required: false,
        },
      ],
    },
    binding: { kind: 'edit' },
  };
}

/** Double-clicks the target and waits for a text box to take the focus. */
async function openBox(page: RunContext['page'], label: string, deadline: number): Promise<void> {
  await markListeners(page);
  const res = await callPageScript(page, { op: 'doubleClick', label });
  if (res.op !== 'doubleClick' || !res.ok)
    throw new ToolError(
      'INVALID_PARAMS',
      'Nothing on the page that edits on double-click has that text; use one of the options of "target".',
    );
  const opened = await page
    .waitForFunction(
      () => {
        let el = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
      },
      { timeout: Math.min(BOX_WAIT_MS, remainingOf(deadline)), polling: 'raf' },
    )
    .then(() => true)
    .catch(() => false);
  if (!opened) throw new ToolError('TOOL_FAILED', 'Double-clicking it opened no text box.');
}

async function runEdit(_binding: EditBinding, { page, call, values, deadline }: RunContext) {
  const name = call.tool;
  const text = values.text === undefined ? undefined : String(values.text);
  const r = await settle(page, deadline, async () => {
    await openBox(page, String(values.target), deadline);
    if (text === undefined) return; // only opened, as asked
    await typeOverFocused(page, text, { box: 'The text box', confirm: 'own' });
  });
  if (r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
  return ok(name, r.navigated, false, text === undefined ? undefined : { text: '[as given]' });
}

export const edit: ToolKind<EditBinding> = {
  build: (raw: RawPage) => [editCandidate(raw)].filter((c): c is Candidate => c !== null),
  run: runEdit,
};
