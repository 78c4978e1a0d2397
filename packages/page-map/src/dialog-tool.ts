/**
 * `answer_dialog`: offered while a confirm or prompt opened by a tool waits for the agent. The page
 * is blocked behind the dialog, so the page map shown with it is the one from before the tool,
 * with this tool first.
 */
import type { PageDialogs } from './dialogs';
import type { PageMap, PageTool } from './types';

export const ANSWER_DIALOG = 'answer_dialog';

export function answerDialogTool(dialogs: PageDialogs): PageTool | null {
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
