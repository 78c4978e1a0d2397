/**
 * Runs a batch of tool calls in order against the page map the caller saw. A batch stops early
 * when a tool navigates (later tools were aimed at a page that is gone), when a dialog waits for
 * the agent's answer, or when its time budget runs out; each tool gets at most its own limit and never more than what is left of the batch's.
 */
import { toolRan, type StoppedReason, type ToolCall, type ToolResult } from '@pagemap/contracts';
import { dialogsOf, runTool, type PageMap, type RunToolOptions } from '@pagemap/page-map';
import { withTimeout } from '@pagemap/runtime';
import type { Page } from 'puppeteer-core';
import type { WorkerMetrics } from '../metrics';
import { isLoginCall, SUSPENDED_RESULT, type JobLoginGuard } from './login-guard';

export interface BatchOutcome {
  results: ToolResult[];
  stopped?: StoppedReason;
  /** Tools that actually ran: the billable count. */
  toolsRun: number;
  /** A login tool ran: the session holds (or tried to get) authenticated state from now on. */
  loggedIn: boolean;
}

export interface BatchLimits {
  toolMs: number;
  batchMs: number;
}

export class BatchRunner {
  constructor(
    private readonly limits: BatchLimits,
    private readonly metrics: WorkerMetrics,
  ) {}

  async run(
    page: Page,
    map: PageMap,
    calls: ToolCall[],
    checkUrl: NonNullable<RunToolOptions['checkUrl']>,
    loginGuard?: JobLoginGuard,
  ): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { results: [], toolsRun: 0, loggedIn: false };
    const batchDeadline = Date.now() + this.limits.batchMs;
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!;
      const remaining = batchDeadline - Date.now();
      if (remaining <= 0) {
        outcome.stopped = 'timeout';
        break;
      }
      const login = loginGuard !== undefined && isLoginCall(map, call);
      // A suspended tenant's sign-in tool does not run (and is not billed); other tools do.
      if (login && (await loginGuard.suspended())) {
        outcome.results.push(SUSPENDED_RESULT(call.tool));
        this.metrics.toolOutcomes.inc({ code: 'LOGIN_AUTOMATION_SUSPENDED' });
        continue;
      }
      const run = await withTimeout(
        runTool(page, map, call, { timeoutMs: Math.min(this.limits.toolMs, remaining), checkUrl }),
        remaining,
      );
      outcome.toolsRun += 1;
      if (run.timedOut) {
        outcome.results.push(budgetRanOut(call.tool));
        this.metrics.toolOutcomes.inc({ code: 'TOOL_TIMEOUT' });
        outcome.stopped = 'timeout';
        break;
      }
      const { result, login: loginRan, navigated } = run.value;
      outcome.results.push(result);
      if (login) loginGuard.note(call, result);
      this.metrics.toolOutcomes.inc({ code: result.error?.code ?? 'ok' });
      // The tool used up what was left of the batch's budget (its own limit was the remainder):
      // the batch stopped on its time budget, even if this was its last tool.
      if (result.error?.code === 'TOOL_TIMEOUT' && batchDeadline - Date.now() <= 50) {
        outcome.stopped = 'timeout';
        break;
      }
      if (!toolRan(result)) outcome.toolsRun -= 1; // never ran: not billed (the rule lives in contracts)
      if (loginRan) outcome.loggedIn = true;
      // After a navigation later tools aim at a page that is gone; a confirm or prompt waits for
      // the agent, and later tools would cancel it unseen.
      const stop: StoppedReason | undefined = navigated ? 'navigation' : dialogsOf(page).pending ? 'dialog' : undefined;
      if (stop) {
        if (i < calls.length - 1) outcome.stopped = stop;
        break;
      }
    }
    if (outcome.stopped) this.metrics.batchStops.inc({ reason: outcome.stopped });
    await loginGuard?.flush();
    return outcome;
  }
}

/** The result of a tool cut off by the batch's time budget. */
function budgetRanOut(tool: string): ToolResult {
  return {
    tool,
    success: false,
    error: { code: 'TOOL_TIMEOUT', message: "The batch's time budget ran out while this tool was running." },
  };
}
