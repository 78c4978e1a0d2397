/**
 * Whose failure is it: the product's or the agent's. Only the product's count against it.
 *
 * The rule: the agent is at fault when the page map it was shown offered, word for word, what the
 * step aims at (a tool name, a description, a param or an option containing the target's words as
 * whole words, case and punctuation aside) and the agent still did not use it: it found nothing fitting, or it called
 * something whose text does not contain the target. Everything else is the product's: the target is
 * nowhere in the page map (no tool for the control a person sees), two params fit a label equally
 * (the map does not tell the fields apart), a tool answered an error or a failure, or a tool that
 * names the target answered success while the page does not hold the goal.
 */
import type { Tool } from '@pagemap/contracts';
import { normalize } from '@pagemap/web-corpus';

export type Fault = 'product' | 'agent';

/**
 * The texts of a page map that can carry what a step aims at: for something to click (hover,
 * double-click, press in), tool names, descriptions and options; for a value to fill, the params'
 * names and descriptions (a field the value can go into).
 */
function mapTexts(tools: Tool[], aim: Aim): string[] {
  if (aim === 'field') return tools.flatMap((t) => t.params.flatMap((p) => [p.name, p.description]));
  return tools.flatMap((t) => [t.name, t.description, ...t.params.flatMap((p) => p.options ?? [])]);
}

export type Aim = 'element' | 'field';

/** Whether the page map names `target` word for word: its words, in order, as whole words of one text ("20" is not in "2020"). */
export function mentioned(tools: Tool[], target: string, aim: Aim = 'element'): boolean {
  const want = normalize(target);
  if (!want) return false;
  return mapTexts(tools, aim).some((text) => ` ${normalize(text)} `.includes(` ${want} `));
}

export interface StepTrace {
  /** What the step aims at (click target, fill labels); empty when it names nothing. */
  targets: string[];
  /** Whether each target was in the page map the agent chose from. */
  offered: boolean;
  /** The call made (`tool.param="option"`), when one was. */
  call?: string;
}

/** A step the agent could not choose for: the agent's when everything it needed was offered. */
export function faultOfUnchosen(trace: StepTrace): Fault {
  return trace.targets.length > 0 && trace.offered ? 'agent' : 'product';
}

/** The check failed after every call answered success: the agent's only if it called something off-target while the target was offered. */
export function faultOfWrongState(traces: StepTrace[]): Fault {
  const offTarget = traces.some(
    (t) =>
      t.offered &&
      t.call !== undefined &&
      t.targets.length === 1 &&
      !` ${normalize(t.call)} `.includes(` ${normalize(t.targets[0]!)} `),
  );
  return offTarget ? 'agent' : 'product';
}

export function traceOf(tools: Tool[], targets: string[], aim: Aim, call?: string): StepTrace {
  const offered = targets.length > 0 && targets.every((t) => mentioned(tools, t, aim));
  return { targets, offered, ...(call ? { call } : {}) };
}
