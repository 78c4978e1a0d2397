/**
 * The scripted agent: executes a task's steps against the public API, choosing every tool call
 * from the page map of the latest response (see choose.ts). It does what a careful LLM agent
 * would do with the same page map, and nothing a page-specific script would.
 */
import type { BrowseResponse, Tool, ToolParams } from '@pagemap/contracts';
import { Pagemap, PagemapApiError } from '@pagemap/sdk';
import {
  chooseClick,
  chooseDialogAnswer,
  chooseDismiss,
  chooseFill,
  chooseLogin,
  chooseSearch,
  clickCandidates,
  type Choice,
} from './choose';
import type { Step } from './corpus';

/** The API as the agent sees it. `PagemapApi` is the real one; tests may wrap it. */
export interface AgentApi {
  /** `withContent`: the page's content as Markdown too (`page_content`). */
  open(url: string, withContent?: boolean): Promise<BrowseResponse>;
  run(sessionId: string, tool: string, params: ToolParams): Promise<BrowseResponse>;
  close(sessionId: string): Promise<void>;
}

/** The API through the SDK (no retries of tool calls: a retried form submission would be counted twice). */
export class PagemapApi implements AgentApi {
  readonly #pm: Pagemap;
  constructor(opts: { baseUrl: string; apiKey: string }) {
    this.#pm = new Pagemap({ ...opts, retries: 1 });
  }
  open(url: string, withContent = false) {
    return this.#pm.browse(withContent ? { url, include_page_content: true } : { url });
  }
  run(sessionId: string, tool: string, params: ToolParams) {
    return this.#pm.browse({ session_id: sessionId, tool, params });
  }
  async close(sessionId: string) {
    await this.#pm.closeSession(sessionId).catch(() => undefined);
  }
}

export class StepFailure extends Error {}

/** Why a call failed, without any param value (they may be passwords). */
export function describeError(err: unknown): string {
  if (err instanceof PagemapApiError) return `${err.status} ${err.code}`;
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

function stepText(step: Step): string {
  switch (step.do) {
    case 'click':
    case 'follow':
      return `${step.do} "${step.target}"`;
    case 'fill':
      return `fill ${step.tool_hint ?? ''}[${Object.keys(step.values).join(', ')}]${step.submit ? ` submit "${step.submit}"` : ''}`;
    case 'search':
      return `search "${step.query}"`;
    case 'login':
      return 'login';
    case 'dismiss_overlay':
      return `dismiss overlay${step.choice ? ` (${step.choice})` : ''}`;
    case 'answer_dialog':
      return `answer dialog ${step.accept ? 'accept' : 'dismiss'}`;
  }
}

function nearMiss(tools: Tool[], target: string): string {
  const best = clickCandidates(tools, target)[0];
  return best ? ` (closest: ${best.why} ${best.score.toFixed(2)})` : '';
}

/** The tool call a step asks for on the current page map, or a StepFailure saying why there is none. */
export function choiceFor(step: Step, tools: Tool[]): Choice {
  let choice: Choice | undefined;
  switch (step.do) {
    case 'click':
    case 'follow':
      choice = chooseClick(tools, step.target, step.do === 'click' ? step.in : undefined);
      if (!choice) throw new StepFailure(`no tool or option matches "${step.target}"${nearMiss(tools, step.target)}`);
      return choice;
    case 'fill': {
      const plan = chooseFill(tools, step.values, step.tool_hint, step.submit);
      if (!plan) throw new StepFailure(`no form tool takes [${Object.keys(step.values).join(', ')}]`);
      if (plan.ambiguous.length)
        throw new StepFailure(`${plan.tool}: cannot tell which param takes ${plan.ambiguous.join(', ')}`);
      return plan;
    }
    case 'search':
      choice = chooseSearch(tools, step.query);
      if (!choice) throw new StepFailure('no search tool');
      return choice;
    case 'login':
      choice = chooseLogin(tools, step.username, step.password);
      if (!choice) throw new StepFailure('no login/sign_in tool');
      return choice;
    case 'dismiss_overlay':
      choice = chooseDismiss(tools, step.choice);
      if (!choice) throw new StepFailure('no tool dismisses an overlay');
      return choice;
    case 'answer_dialog':
      choice = chooseDialogAnswer(tools, step.accept, step.text);
      if (!choice) throw new StepFailure('no tool answers a dialog');
      return choice;
  }
}

export interface AgentRun {
  /** Undefined when every step ran; else "step 2 (click "Billing"): …". */
  failure?: string;
  /** The tool calls made, as `tool.param=option` texts (no values of free-text params). */
  calls: string[];
}

/** Opens `url` and runs `steps`, each chosen from the page map the previous call returned. */
export async function runSteps(api: AgentApi, url: string, steps: Step[]): Promise<AgentRun> {
  const calls: string[] = [];
  let map: BrowseResponse;
  try {
    map = await api.open(url);
  } catch (err) {
    return { failure: `open: ${describeError(err)}`, calls };
  }
  try {
    for (const [i, step] of steps.entries()) {
      const where = `step ${i + 1} (${stepText(step)})`;
      let choice: Choice;
      try {
        choice = choiceFor(step, map.tools);
      } catch (err) {
        return { failure: `${where}: ${(err as Error).message}`, calls };
      }
      calls.push(choice.why);
      try {
        map = await api.run(map.session_id, choice.tool, choice.params);
      } catch (err) {
        return { failure: `${where}: ${choice.why} → ${describeError(err)}`, calls };
      }
      const result = map.results?.[0];
      if (result && !result.success)
        return { failure: `${where}: ${choice.why} → ${result.error?.code ?? 'failed'}`, calls };
    }
    return { calls };
  } finally {
    await api.close(map.session_id);
  }
}
