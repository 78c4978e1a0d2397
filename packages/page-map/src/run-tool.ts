/**
 * Executes one tool call against the live page: validate params against the tool, find the
 * elements again (the page may have re-rendered), fill, submit or click, and wait for what it
 * causes by signal (settle/settle.ts); login tools classify what the site answered (login.ts).
 * JavaScript dialogs: see dialogs.ts; a confirm or prompt opened by the tool waits for
 * `answer_dialog`, any other tool cancels it first.
 *
 * SECURITY: param values (passwords!) never appear in results, errors or logs. Error messages are
 * built from param NAMES only; any text that comes from the page is redacted of the values.
 */
import type { Page } from 'puppeteer-core';
import type { ToolParams } from '@pagemap/contracts';
import { callPageScript } from './page-script/call';
import {
  isOtpField,
  type ButtonBinding,
  type ClickBinding,
  type FormBinding,
  type LinkListBinding,
  type WebMcpBinding,
} from './tools';
import { callWebMcp } from './webmcp';
import { dialogsOf } from './dialogs';
import { fillOrGone, throwIfRefused } from './fill-form';
import { runLogin } from './login/sign-in';
import { codeRejected } from './login/outcome';
import { signals } from './login/signals';
import { ToolError, fail, ok, remainingOf } from './outcome';
import { settle, settleAfterGoto, unlessDialog } from './settle/settle';
import { frameTarget } from './frames';
import { ParamError, validateParams, type Value } from './validate-params';
import type { PageMap, PageTool, RunToolOptions, ToolCall, ToolRunOutcome } from './types';

/** Removes every param value from a text that may echo it (page-provided messages). */
export function redact(text: string, params: ToolParams | undefined): string {
  let out = text;
  for (const v of Object.values(params ?? {})) {
    for (const s of Array.isArray(v) ? v : [String(v)]) {
      if (s.length >= 3) out = out.split(s).join('[redacted]');
    }
  }
  return out;
}

function findLink(binding: LinkListBinding, wanted: string, base: string): string | null {
  const w = wanted.trim().toLowerCase().replace(/\s+/g, ' ');
  const byText = binding.links.find((l) => l.text.toLowerCase() === w);
  if (byText) return byText.href;
  let abs: string | null = null;
  try {
    abs = new URL(wanted.trim(), base).href;
  } catch {
    abs = null;
  }
  if (abs) {
    const byHref = binding.links.find((l) => l.href === abs || l.href.replace(/\/$/, '') === abs!.replace(/\/$/, ''));
    if (byHref) return byHref.href;
  }
  const partial = binding.links.filter((l) => l.text.toLowerCase().includes(w));
  if (w.length >= 3 && partial.length >= 1) return partial[0]!.href;
  return null;
}

async function goTo(
  page: Page,
  name: string,
  target: string,
  deadline: number,
  opts: RunToolOptions,
): Promise<ToolRunOutcome> {
  let url: URL;
  try {
    url = new URL(target, page.url());
  } catch {
    return fail(name, 'INVALID_PARAMS', 'The target is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(name, 'INVALID_PARAMS', 'Only http and https URLs can be opened.');
  const refused = opts.checkUrl?.(url.href);
  if (refused) return fail(name, refused.code, refused.message);
  const before = page.url();
  try {
    const quiet = await settleAfterGoto(page, deadline, async () => {
      await unlessDialog(
        page,
        page.goto(url.href, {
          waitUntil: 'domcontentloaded',
          timeout: Math.max(1, remainingOf(deadline)),
          signal: opts.signal,
        }),
      );
    });
    if (!quiet) return fail(name, 'TOOL_TIMEOUT', 'The page did not finish loading within the time budget.', true);
  } catch (err) {
    const e = err as Error;
    const navigated = page.url() !== before;
    if (e.name === 'TimeoutError' || remainingOf(deadline) <= 0)
      return fail(name, 'TOOL_TIMEOUT', 'The page did not load within the time budget.', navigated);
    const net = /net::ERR_[A-Z_]+/.exec(e.message)?.[0];
    return fail(name, 'NAVIGATION_FAILED', `The page could not be loaded${net ? ` (${net})` : ''}.`, navigated);
  }
  return ok(name, true);
}

async function answerDialog(
  page: Page,
  name: string,
  values: Record<string, Value>,
  deadline: number,
): Promise<ToolRunOutcome> {
  const dialogs = dialogsOf(page);
  if (!dialogs.pending)
    return fail(name, 'TOOL_FAILED', 'No dialog is waiting for an answer any more; see the fresh tool list.');
  const r = await settle(
    page,
    deadline,
    async () =>
      void (await dialogs.answer(values.accept === true, values.text === undefined ? undefined : String(values.text))),
  );
  if (r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
  return ok(name, r.navigated);
}

/** A link to another fragment of the page that is shown now. */
const samePage = (href: string, current: string): boolean => {
  const a = href.split('#');
  return a.length > 1 && a[0] === current.split('#')[0];
};

export async function runTool(page: Page, map: PageMap, call: ToolCall, opts: RunToolOptions): Promise<ToolRunOutcome> {
  const name = call.tool;
  const deadline = Date.now() + opts.timeoutMs;
  const tool = map.tools.find((t) => t.tool.name === name);
  if (!tool)
    return fail(
      name,
      'UNKNOWN_TOOL',
      `No tool named "${name.slice(0, 80)}" on this page; use one of: ${map.tools
        .map((t) => t.tool.name)
        .slice(0, 40)
        .join(', ')}.`,
    );
  if (opts.signal?.aborted) return fail(name, 'TOOL_TIMEOUT', 'The tool was cancelled before it ran.');
  let values: Record<string, Value>;
  try {
    values = validateParams(tool, call.params ?? {});
  } catch (err) {
    if (err instanceof ParamError) return fail(name, err.code, err.message);
    throw err;
  }
  const dialogs = dialogsOf(page);
  try {
    if (tool.binding.kind === 'dialog') return await answerDialog(page, name, values, deadline);
    if (dialogs.pending) await dialogs.answer(false); // the agent moved on: Cancel, as a person would
    return await dialogs.holding(() => execute(page, tool, values, call, deadline, opts));
  } finally {
    dialogs.redact((m) => redact(m, call.params));
  }
}

async function execute(
  page: Page,
  tool: PageTool,
  values: Record<string, Value>,
  call: ToolCall,
  deadline: number,
  opts: RunToolOptions,
): Promise<ToolRunOutcome> {
  const name = call.tool;
  const isLogin = tool.binding.kind === 'form' && (tool.binding as FormBinding).purpose === 'login';
  try {
    switch (tool.binding.kind) {
      case 'navigate':
        return await goTo(page, name, String(values.url), deadline, opts);
      case 'follow_link': {
        const href = findLink(tool.binding as LinkListBinding, String(values.link), page.url());
        if (!href)
          return fail(
            name,
            'INVALID_PARAMS',
            'Parameter "link" matches no link on this page; use one of the listed options or a link URL.',
          );
        if (samePage(href, page.url())) {
          // Only the fragment changes: click it, so the page's own handler (router, menu) acts.
          const r = await settle(
            page,
            deadline,
            async () => void (await callPageScript(page, { op: 'clickLink', href })),
          );
          return r.timedOut
            ? fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated)
            : ok(name, r.navigated);
        }
        return await goTo(page, name, href, deadline, opts);
      }
      case 'form': {
        const binding = tool.binding as FormBinding;
        if (isLogin) return await runLogin(page, tool, binding, values, deadline);
        const r = await settle(
          page,
          deadline,
          async () => void (await fillOrGone(page, binding, values, !binding.fillOnly)),
        );
        if (r.timedOut)
          return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
        if (!r.navigated && !binding.fillOnly) await throwIfRefused(page, binding);
        if (binding.purpose === 'verify_code') {
          if (codeRejected(await signals(page)))
            return fail(name, 'TOOL_FAILED', 'The site did not accept the code.', r.navigated, true);
          return ok(name, r.navigated, true);
        }
        return ok(name, r.navigated);
      }
      case 'button': {
        const b = tool.binding as ButtonBinding;
        const r = await settle(page, deadline, async () => {
          const res = await callPageScript(page, { op: 'click', key: b.key, idx: b.idx });
          if (res.op !== 'click' || !res.ok)
            throw new ToolError(
              'ELEMENT_GONE',
              'The button behind this tool is no longer on the page; see the fresh tool list.',
            );
        });
        if (r.timedOut)
          return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
        return ok(name, r.navigated);
      }
      case 'click': {
        const binding = tool.binding as ClickBinding;
        const label = String(values[binding.param]);
        const r = await settle(page, deadline, async () => {
          // A target read in a cross-origin frame is clicked there (frames.ts).
          const where = frameTarget(page, binding.frames?.[label.toLowerCase()]);
          if (!where)
            throw new ToolError(
              'ELEMENT_GONE',
              'That element is no longer on the page (its frame went away); see the fresh tool list.',
            );
          const res = await callPageScript(where, { op: 'clickTarget', label });
          if (res.op === 'clickTarget' && res.ok) return;
          const offered = tool.tool.params[0]?.options?.some((o) => o.toLowerCase() === label.toLowerCase());
          throw offered
            ? new ToolError(
                'ELEMENT_GONE',
                'That element is no longer on the page (it re-rendered or closed); see the fresh tool list.',
              )
            : new ToolError(
                'INVALID_PARAMS',
                `Nothing clickable on the page has that text; use one of the options of "${binding.param}".`,
              );
        });
        if (r.timedOut)
          return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
        return ok(name, r.navigated);
      }
      case 'webmcp': {
        const b = tool.binding as WebMcpBinding;
        let res: Awaited<ReturnType<typeof callWebMcp>> | 'timeout' = 'timeout';
        let timer: NodeJS.Timeout | undefined;
        const r = await settle(page, deadline, async () => {
          res = await Promise.race([
            callWebMcp(page, b.name, values as Record<string, unknown>).catch((e: Error) =>
              /context was destroyed|navigat/i.test(e.message) ? { ok: true } : { ok: false, error: 'the tool failed' },
            ),
            new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remainingOf(deadline)))),
          ]);
          clearTimeout(timer);
        });
        const out = res as Awaited<ReturnType<typeof callWebMcp>> | 'timeout';
        if (out === 'timeout' && dialogsOf(page).pending) return ok(name, r.navigated); // the page's tool asks the agent
        if (out === 'timeout' || r.timedOut)
          return fail(name, 'TOOL_TIMEOUT', "The page's tool did not finish within the time budget.", r.navigated);
        if (out.missing)
          return fail(
            name,
            'ELEMENT_GONE',
            'The page no longer provides this tool; see the fresh tool list.',
            r.navigated,
          );
        if (!out.ok)
          return fail(
            name,
            'TOOL_FAILED',
            `The page's tool reported an error: ${redact(out.error ?? 'unknown error', call.params)}`,
            r.navigated,
          );
        return ok(name, r.navigated);
      }
      default:
        return fail(name, 'UNKNOWN_TOOL', 'This tool cannot be executed.');
    }
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

export { isOtpField };
