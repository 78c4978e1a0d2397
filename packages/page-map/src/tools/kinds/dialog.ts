/**
 * `answer_dialog`: offered while a confirm or prompt opened by a tool waits for the agent. The page
 * is blocked behind the dialog, so the page map shown with it is the one from before the tool,
 * with this tool first.
 */
import type { DialogBinding } from '../../bindings';
import { dialogsOf, type PageDialogs } from '../../dialogs';
import { fail } from '../../outcome';
import { settle } from '../../settle/settle';
import type { PageMap, PageTool } from '../../types';
import { type ToolKind, settledOutcome } from './kind';

export const ANSWER_DIALOG = 'answer_dialog';

function answerDialogTool(dialogs: PageDialogs): PageTool | null {
  const d = dialogs.pending;
  if (!d) return null;
  const params: PageTool['tool']['params'] = [
    { name: 'accept', description: 'true to press OK, false to press Cancel', type: 'boolean', required: true },
  ];
  if (d.type === 'prompt')
    params.push({
      name: 'text',
      description: "The text to answer the prompt with (when accepting); the prompt's default when omitted",
      type: 'string',
      required: false,
    });
  return {
    tool: {
      name: ANSWER_DIALOG,
      description: `Answer the page's open ${d.type} dialog ("${d.message.slice(0, 120)}"). The page waits for this answer; any other tool cancels the dialog first.`,
      params,
    },
    binding: { kind: 'dialog' },
  };
}

/** The page map to show while a dialog waits: the last one, with `answer_dialog` first. */
export function withPendingDialog(map: PageMap, dialogs: PageDialogs): PageMap {
  const t = answerDialogTool(dialogs);
  if (!t) return map;
  return { ...map, tools: [t, ...map.tools.filter((x) => x.tool.name !== ANSWER_DIALOG)] };
}

/** Runs outside the runner's dialog hold (run-tool.ts): it is the one tool that answers the dialog. */
export const dialog: ToolKind<DialogBinding> = {
  async run(_binding, { page, call, values, deadline }) {
    const dialogs = dialogsOf(page);
    if (!dialogs.pending)
      return fail(call.tool, 'TOOL_FAILED', 'No dialog is waiting for an answer any more; see the fresh tool list.');
    const text = values.text === undefined ? undefined : String(values.text);
    const r = await settle(page, deadline, async () => void (await dialogs.answer(values.accept === true, text)));
    return settledOutcome(call.tool, r);
  },
};
