/**
 * What every tool kind defines, in its own module under tools/kinds/: how its tools are built from
 * the page (name, description, params schema, binding, rank) and how a call of one runs. The
 * table of kinds is index.ts.
 */
import type { Page } from 'puppeteer-core';
import type { Tool } from '@pagemap/contracts';
import type { ToolBinding } from '../../bindings';
import type { RawPage } from '../../shared/page-script-types';
import { fail, ok } from '../../outcome';
import type { PageTool, RunToolOptions, ToolCall, ToolRunOutcome } from '../../types';
import type { Value } from '../../validate-params';

/** A tool offered for the page, before ranking and naming (tools/build.ts). */
export interface Candidate {
  /** The name it wants; a lower-ranked tool with the same one gets `_2`, `_3` … */
  base: string;
  score: number;
  order: number;
  tool: Tool;
  binding: ToolBinding;
  /** Copies of one form or button share it: only the first is offered. */
  dedupeKey?: string;
  /**
   * 'name': its name is reserved (no other tool takes it), it is ranked like the others;
   * 'always': reserved and always offered, outside the cap (follow_link, navigate).
   */
  keep?: 'name' | 'always';
  /**
   * The heading of the section it sits under: said in its description when another tool offered
   * reads the same (five boxes all labelled "Produces:", each under its own example's heading).
   */
  place?: string;
}

/** One call of a tool, with its params already validated into exact values. */
export interface RunContext {
  page: Page;
  tool: PageTool;
  values: Record<string, Value>;
  call: ToolCall;
  /** Date.now() by which the tool must be done. */
  deadline: number;
  opts: RunToolOptions;
}

export interface ToolKind<B extends ToolBinding> {
  /** This kind's tools on the page; absent for a kind the runner offers itself (answer_dialog). */
  build?(raw: RawPage): Candidate[];
  /** Runs one call. Throws ToolError (or a puppeteer error) for run-tool to answer with. */
  run(binding: B, ctx: RunContext): Promise<ToolRunOutcome>;
}

/** The answer after settling: TOOL_TIMEOUT when the page did not finish responding in time, else success. */
export function settledOutcome(name: string, r: { timedOut: boolean; navigated: boolean }): ToolRunOutcome {
  return r.timedOut
    ? fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated)
    : ok(name, r.navigated);
}
