/**
 * Runs one task: open the page through the API, let the agent choose each call from the latest page
 * map, then read the page's own state with the task's check, and/or what the source's server
 * received from a form. The check is also read right after the page opens: a check that already
 * holds then proves nothing, and the task is reported as invalid.
 */
import type { BrowseResponse, Tool } from '@pagemap/contracts';
import { describeError, normalize, type AgentApi, type Choice } from '@pagemap/web-corpus';
import { faultOfUnchosen, faultOfWrongState, traceOf, type Fault, type StepTrace } from './classify';
import { AmbiguousFields, benchChoiceFor, stepAim, stepTargets, stepText, toolsForStep } from './ext-steps';
import type { PageProbe } from './probe';
import type { SourceServer } from './server';
import type { BenchTask, Kind } from './tasks';

export type Verdict = 'solved' | 'failed' | 'invalid';

export interface BenchResult {
  id: string;
  source: string;
  kind: Kind;
  page: string;
  verdict: Verdict;
  /** For a failure: whose it is (see classify.ts). */
  fault?: Fault;
  /** Why it failed: the step that could not be done, the error, or the state not reached. */
  failure?: string;
  calls: string[];
}

interface Ctx {
  api: AgentApi;
  probe: PageProbe;
  server: SourceServer;
}

async function runSteps(ctx: Ctx, task: BenchTask, first: BrowseResponse, base: Omit<BenchResult, 'verdict'>) {
  let map = first;
  const traces: StepTrace[] = [];
  let pressed: string | undefined;
  for (const [i, step] of task.steps.entries()) {
    const where = `step ${i + 1} (${stepText(step)})`;
    // "Click Green, then Continue" on a form whose tool submits with its button: the call that
    // chose Green pressed Continue already, as its description said. A reader does not call again.
    if (step.do === 'click' && pressed !== undefined && normalize(step.target) === pressed) {
      pressed = undefined;
      continue;
    }
    let choice: Choice;
    try {
      choice = benchChoiceFor(step, map.tools);
    } catch (err) {
      const fault =
        err instanceof AmbiguousFields
          ? 'product'
          : faultOfUnchosen(traceOf(toolsForStep(step, map.tools), stepTargets(step), stepAim(step)));
      return { ...base, verdict: 'failed' as const, fault, failure: `${where}: ${(err as Error).message}` };
    }
    base.calls.push(choice.why);
    pressed = step.do === 'click' ? buttonPressedBy(choice, map.tools) : undefined;
    traces.push(traceOf(toolsForStep(step, map.tools), stepTargets(step), stepAim(step), choice.why));
    const sessionId = map.session_id;
    try {
      map = await ctx.api.run(sessionId, choice.tool, choice.params);
    } catch (err) {
      return {
        ...base,
        verdict: 'failed' as const,
        fault: 'product' as const,
        failure: `${where}: ${choice.why} → ${describeError(err)}`,
      };
    }
    const result = map.results?.[0];
    if (result && !result.success)
      return {
        ...base,
        verdict: 'failed' as const,
        fault: 'product' as const,
        failure: `${where}: ${choice.why} → ${result.error?.code ?? 'failed'}`,
      };
  }
  const held = await goalHolds(ctx, task);
  if (held === true) return { ...base, verdict: 'solved' as const };
  const why = held === false ? 'every call answered success but the page does not hold the goal' : held;
  return {
    ...base,
    verdict: 'failed' as const,
    fault: faultOfWrongState(traces),
    failure: `${why} (after ${base.calls.join(', ') || 'no call'})`,
  };
}

/** The button a call with params presses too, as its tool's description says ("… (button \"Continue\")"). */
function buttonPressedBy(choice: Choice, tools: Tool[]): string | undefined {
  if (Object.keys(choice.params).length === 0) return undefined;
  const said = tools.find((t) => t.name === choice.tool)?.description.match(/\(button "([^"]+)"\)/)?.[1];
  return said === undefined ? undefined : normalize(said);
}

/** Whether a submission carried every expected field (values compared as given). */
function receivedAll(ctx: Ctx, want: Record<string, string>): true | string {
  const got = ctx.server.received();
  if (got.some((fields) => Object.entries(want).every(([k, v]) => fields[k] === v))) return true;
  // Field names only: the values may be the made-up password.
  const seen = got.map((f) => Object.keys(f).join('+')).join('; ');
  return got.length
    ? `the server received forms, but not with ${Object.keys(want).join('+')} as asked (fields: ${seen})`
    : 'the server received no form';
}

/** The task's goal read from the page (its check) and from what the server received; true, false or why not. */
async function goalHolds(ctx: Ctx, task: BenchTask): Promise<boolean | string> {
  if (task.check !== undefined) {
    const held = await ctx.probe.check(ctx.server.origin, task.check);
    if (held !== true) return held;
  }
  return task.received ? receivedAll(ctx, task.received) : true;
}

export async function runBenchTask(ctx: Ctx, task: BenchTask): Promise<BenchResult> {
  const base = { id: task.id, source: task.source, kind: task.kind, page: task.page, calls: [] as string[] };
  ctx.server.resetReceived();
  let map: BrowseResponse;
  try {
    map = await ctx.api.open(ctx.server.url(task.page));
  } catch (err) {
    return { ...base, verdict: 'failed', fault: 'product', failure: `open: ${describeError(err)}` };
  }
  try {
    if (task.check !== undefined) {
      const before = await ctx.probe.check(ctx.server.origin, task.check);
      if (before === true) return { ...base, verdict: 'invalid', failure: 'the check holds before any step' };
      if (typeof before === 'string') return { ...base, verdict: 'invalid', failure: `before any step: ${before}` };
    }
    return await runSteps(ctx, task, map, base);
  } finally {
    await ctx.api.close(map.session_id);
  }
}
