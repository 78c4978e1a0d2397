/**
 * Executes one tool call against the live page: validate params against the tool, then hand the
 * call to its kind (tools/kinds/): find the elements again (the page may have re-rendered), fill,
 * submit or click, and wait for what it causes by signal (settle/settle.ts); login tools judge
 * what the site answered (login/). JavaScript dialogs: see dialogs.ts; a confirm or prompt opened
 * by the tool waits for `answer_dialog`, any other tool cancels it first.
 *
 * SECURITY: param values (passwords!) never appear in results, errors or logs. Error messages are
 * built from param NAMES only; any text that comes from the page is redacted of the values.
 */
import type { Page } from 'puppeteer-core';
import { dialogsOf } from './dialogs';
import { ToolError, fail } from './outcome';
import { redact } from './redact';
import { KINDS, type RunContext, runKind } from './tools/kinds';
import { ParamError, validateParams, type Value } from './validate-params';
import type { PageMap, RunToolOptions, ToolCall, ToolRunOutcome } from './types';

export { redact } from './redact';
export { isOtpField } from './login/recognise';

function unknownTool(map: PageMap, name: string): ToolRunOutcome {
  const names = map.tools
    .map((t) => t.tool.name)
    .slice(0, 40)
    .join(', ');
  return fail(name, 'UNKNOWN_TOOL', `No tool named "${name.slice(0, 80)}" on this page; use one of: ${names}.`);
}

export async function runTool(page: Page, map: PageMap, call: ToolCall, opts: RunToolOptions): Promise<ToolRunOutcome> {
  const name = call.tool;
  const deadline = Date.now() + opts.timeoutMs;
  const tool = map.tools.find((t) => t.tool.name === name);
  if (!tool) return unknownTool(map, name);
  if (opts.signal?.aborted) return fail(name, 'TOOL_TIMEOUT', 'The tool was cancelled before it ran.');
  let values: Record<string, Value>;
  try {
    values = validateParams(tool, call.params ?? {});
  } catch (err) {
    if (err instanceof ParamError) return fail(name, err.code, err.message);
    throw err;
  }
  const dialogs = dialogsOf(page);
  const ctx: RunContext = { page, tool, values, call, deadline, opts };
  try {
    if (tool.binding.kind === 'dialog') return await KINDS.dialog.run(tool.binding, ctx);
    if (dialogs.pending) await dialogs.answer(false); // the agent moved on: Cancel, as a person would
    return await dialogs.holding(() => execute(ctx));
  } finally {
    dialogs.redact((m) => redact(m, call.params));
  }
}

/** Runs the call through its kind; what a kind throws becomes the tool's error, never with a value given. */
async function execute(ctx: RunContext): Promise<ToolRunOutcome> {
  const { tool, call } = ctx;
  const name = call.tool;
  const isLogin = tool.binding.kind === 'form' && tool.binding.purpose === 'login';
  try {
    return await runKind(tool.binding, ctx);
  } catch (err) {
    // A message can quote the page (a form's own validation text): never with a value given.
    if (err instanceof ToolError) return fail(name, err.code, redact(err.message, call.params), false, isLogin);
    const e = err as Error;
    if (e.name === 'TimeoutError')
      return fail(name, 'TOOL_TIMEOUT', 'The tool did not finish within its time budget.', false, isLogin);
    if (/context was destroyed|detached|Target closed/i.test(e.message))
      return fail(name, 'TOOL_FAILED', 'The page went away while the tool ran.', true, isLogin);
    // Never echo the raw error: it could carry a typed value. Name the class only.
    return fail(name, 'TOOL_FAILED', `The tool failed in the page (${e.name}).`, false, isLogin);
  }
}
