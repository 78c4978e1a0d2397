/** `navigate`: open another URL (http or https) in the session. Always offered. */
import type { Page } from 'puppeteer-core';
import type { NavigateBinding } from '../../bindings';
import { fail, ok, remainingOf } from '../../outcome';
import { settleAfterGoto, unlessDialog } from '../../settle/settle';
import type { RunToolOptions, ToolRunOutcome } from '../../types';
import type { Candidate, ToolKind } from './kind';

function navigateCandidate(): Candidate {
  return {
    base: 'navigate',
    score: 45,
    order: 1e9 + 1,
    keep: 'always',
    tool: {
      name: 'navigate',
      description: 'Open another URL (http or https) in this browser session.',
      params: [
        {
          name: 'url',
          description: 'Absolute URL to open, or a path relative to the current page.',
          type: 'url',
          required: true,
        },
      ],
    },
    binding: { kind: 'navigate' },
  };
}

/** Loads a URL in the page (navigate, and follow_link to another document), asking opts.checkUrl first. */
export async function goTo(
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

export const navigate: ToolKind<NavigateBinding> = {
  build: () => [navigateCandidate()],
  run: (_binding, { page, call, values, deadline, opts }) => goTo(page, call.tool, String(values.url), deadline, opts),
};
