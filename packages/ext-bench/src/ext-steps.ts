/**
 * The steps this benchmark adds to the web-corpus agent (press a key, hover, double-click), chosen
 * the same way: only from tool names, descriptions, params and options. A person reading the tool
 * list would look for a tool that says it presses keys / hovers / double-clicks, then for the
 * option naming the element; so does this.
 */
import type { Tool, ToolParams } from '@pagemap/contracts';
import {
  MIN_SCORE,
  StepFailure,
  chooseFill,
  choiceFor,
  clickCandidates,
  normalize,
  type Choice,
} from '@pagemap/web-corpus';
import { chooseSlide } from './slider-step';
import type { BenchStep } from './tasks';

/** Words that say a tool performs the gesture. */
const GESTURE_WORDS: Record<'press' | 'hover' | 'double_click', RegExp> = {
  press: /\b(press|key|keys|keyboard|enter|escape)\b/,
  hover: /\b(hover|hovers|mouse over|mouseover|point at)\b/,
  double_click: /\b(double click|double clicks|dblclick|double tap)\b/,
};

const says = (t: Tool, re: RegExp) => re.test(normalize(`${t.name} ${t.description}`));

/** A key press: a tool about keys whose param offers the key (or takes free text), with the target when given. */
function choosePress(tools: Tool[], key: string, target?: string): Choice | undefined {
  for (const tool of tools.filter((t) => says(t, GESTURE_WORDS.press))) {
    const params: ToolParams = {};
    const keyParam =
      tool.params.find((p) => p.options?.some((o) => normalize(o) === normalize(key))) ??
      tool.params.find((p) => /\bkey\b/.test(normalize(`${p.name} ${p.description}`)));
    if (!keyParam) continue;
    params[keyParam.name] = keyParam.options?.find((o) => normalize(o) === normalize(key)) ?? key;
    if (target) {
      const best = clickCandidates([{ ...tool, params: tool.params.filter((p) => p !== keyParam) }], target)[0];
      if (!best || best.score < MIN_SCORE) continue;
      Object.assign(params, best.params);
    }
    return { tool: tool.name, params, score: 1, why: `${tool.name}(${JSON.stringify(params)})` };
  }
  return undefined;
}

/** Hover or double-click on `target`: the best click candidate among tools that say they do that gesture. */
function chooseGesture(tools: Tool[], gesture: 'hover' | 'double_click', target: string): Choice | undefined {
  const best = clickCandidates(
    tools.filter((t) => says(t, GESTURE_WORDS[gesture])),
    target,
  )[0];
  return best && best.score >= MIN_SCORE ? best : undefined;
}

/**
 * Typing a new text into one row's box: a tool that says it types text in a row, with a param
 * whose options name the rows (one of them starting with the item's words) and a free-text param.
 */
function chooseRowText(tools: Tool[], item: string, text: string): Choice | undefined {
  const words = normalize(item);
  for (const tool of tools.filter((t) => says(t, /\brow\b/) && says(t, /\b(type|types|text)\b/))) {
    const rowParam = tool.params.find((p) => p.options?.some((o) => normalize(o).startsWith(words)));
    const textParam = tool.params.find((p) => p !== rowParam && !p.options?.length && p.type !== 'boolean');
    if (!rowParam || !textParam) continue;
    const row =
      rowParam.options!.find((o) => normalize(o) === words) ??
      rowParam.options!.find((o) => normalize(o).startsWith(words))!;
    const params = { [rowParam.name]: row, [textParam.name]: text };
    return { tool: tool.name, params, score: 1, why: `${tool.name}(${JSON.stringify(params)})` };
  }
  return undefined;
}

/** A param's label: its description without the trailing hint in parentheses ("(true to check)"). */
const labelOfParam = (description: string) => normalize(description.replace(/\s*\([^()]*\)\s*$/, ''));

/**
 * Clicking a box or radio that the map offers as a param of a tool that sets it (boxes and radios
 * with no button of their own): a person looking for "Checkbox one" finds the param labelled so
 * and sets it, true for a box, the option for a radio. Only a param whose label (or, for a radio,
 * an option of a tool that says it sends nothing) is the target word for word.
 */
function chooseToggle(tools: Tool[], target: string): Choice | undefined {
  const want = normalize(target);
  for (const tool of tools) {
    for (const p of tool.params) {
      if (p.type === 'boolean' && labelOfParam(p.description) === want)
        return {
          tool: tool.name,
          params: { [p.name]: true },
          score: 1,
          why: `${tool.name}.${p.name}=true (${target})`,
        };
      const setsOnly = /nothing is sent/i.test(tool.description);
      const option = setsOnly && p.type === 'enum' ? p.options?.find((o) => normalize(o) === want) : undefined;
      if (option)
        return { tool: tool.name, params: { [p.name]: option }, score: 1, why: `${tool.name}.${p.name}="${option}"` };
    }
  }
  return undefined;
}

type ParamValue = ToolParams[string];

/** Where a choice that a list does not offer goes instead: a box of the same tool labelled so, or another list that has it. */
function homeOf(tool: Tool, from: string, item: string): [string, ParamValue] | undefined {
  const want = normalize(item);
  for (const p of tool.params) {
    if (p.name === from) continue;
    if (p.type === 'boolean' && labelOfParam(p.description) === want) return [p.name, true];
    const option = p.type === 'enum' ? p.options?.find((o) => normalize(o) === want) : undefined;
    if (option) return [p.name, option];
  }
  return undefined;
}

/**
 * A fill whose choice is not among the chosen list's options, while the same form offers it apart
 * (a box or a radio with a name of its own, shown in the same fieldset): a person reading the
 * params puts it there. The choices the list has stay in it.
 */
function placeStrays(choice: Choice, tools: Tool[]): Choice {
  const tool = tools.find((t) => t.name === choice.tool);
  if (!tool) return choice;
  const params: ToolParams = { ...choice.params };
  for (const p of tool.params) {
    const given = params[p.name];
    if (p.type !== 'enum' || !p.options?.length || given === undefined) continue;
    const items = (Array.isArray(given) ? given : [given]).map(String);
    const has = (x: string) => p.options!.some((o) => normalize(o) === normalize(x));
    const moved = items.filter((x) => !has(x)).map((x) => homeOf(tool, p.name, x));
    if (moved.length === 0 || moved.some((m) => !m)) continue;
    const kept = items.filter(has);
    if (kept.length === 0) delete params[p.name];
    else params[p.name] = Array.isArray(given) ? kept : kept[0]!;
    for (const [name, value] of moved as [string, ParamValue][]) params[name] = value;
  }
  return { ...choice, params };
}

/**
 * One value that is a list of several choices, tied between params of one tool (two lists with the
 * same options): a person gives several choices to the list that takes several, when only one of
 * the tied params says it does ("one or more of the options").
 */
function toTheListOfSeveral(
  plan: Choice & { ambiguous: string[] },
  tools: Tool[],
  values: Record<string, unknown>,
): Choice | undefined {
  const labels = Object.keys(values);
  const value = values[labels[0]!];
  if (labels.length !== 1 || plan.ambiguous.length !== 1 || !Array.isArray(value)) return undefined;
  const tied = /\(([^()]*)\)$/.exec(plan.ambiguous[0]!)?.[1]?.split(' = ') ?? [];
  const tool = tools.find((t) => t.name === plan.tool);
  const takesSeveral = (tool?.params ?? []).filter(
    (p) => tied.includes(p.name) && /\bone or more\b/.test(p.description),
  );
  if (takesSeveral.length !== 1) return undefined;
  const name = takesSeveral[0]!.name;
  return {
    tool: plan.tool,
    params: { [name]: value as string[] },
    score: plan.score,
    why: `${plan.tool}(${labels[0]}→${name})`,
  };
}

/**
 * A fill whose goal is only to fill ("choose the snack Peas"): the chosen tool must say it sends
 * nothing, or offer a yes/no param that says false keeps it from sending; a person reading the
 * params sets that one false.
 */
function unsent(choice: Choice, tools: Tool[]): Choice {
  const tool = tools.find((t) => t.name === choice.tool);
  if (tool && /nothing is sent/i.test(tool.description)) return choice;
  const off = tool?.params.find(
    (p) => p.type === 'boolean' && /\bfalse\b/i.test(p.description) && /\b(sent|send|sends)\b/i.test(p.description),
  );
  if (!off) throw new StepFailure(`${choice.tool} sends the form, and nothing says how to fill it without sending`);
  return { ...choice, params: { ...choice.params, [off.name]: false }, why: `${choice.why} ${off.name}=false` };
}

/** The call a step asks for, or a StepFailure saying why there is none (web-corpus steps go to its agent). */
export function benchChoiceFor(step: BenchStep, tools: Tool[]): Choice {
  switch (step.do) {
    case 'press': {
      const c = choosePress(tools, step.key, step.target);
      if (!c) throw new StepFailure(`no tool presses ${step.key}${step.target ? ` in "${step.target}"` : ''}`);
      return c;
    }
    case 'hover':
    case 'double_click': {
      const c = chooseGesture(tools, step.do, step.target);
      if (!c) throw new StepFailure(`no tool offers ${step.do.replace('_', '-')} on "${step.target}"`);
      return c;
    }
    case 'fill': {
      const plan = chooseFill(tools, step.values, step.tool_hint, step.submit);
      if (plan?.ambiguous.length) {
        const several = toTheListOfSeveral(plan, tools, step.values);
        if (several) return several;
        throw new AmbiguousFields(`${plan.tool}: cannot tell which param takes ${plan.ambiguous.join(', ')}`);
      }
      const placed = placeStrays(choiceFor(step, tools), tools);
      return step.send === false ? unsent(placed, tools) : placed;
    }
    case 'click':
      return chooseToggle(tools, step.target) ?? choiceFor(step, tools);
    case 'set_row': {
      const c = chooseRowText(tools, step.item, step.text);
      if (!c) throw new StepFailure(`no tool types a text into the row "${step.item}"`);
      return c;
    }
    case 'slide': {
      const c = chooseSlide(tools, step.target, step.value);
      if (!c) throw new StepFailure(`no tool sets the slider "${step.target}"`);
      return c;
    }
    default:
      return choiceFor(step, tools);
  }
}

/**
 * Two or more params fit a label equally (same name and description): the page map does not tell
 * the fields apart, so no reader could; a failure of the product, whatever the agent does.
 */
export class AmbiguousFields extends StepFailure {}

/** The text the step aims at (for the classification of failures), when it has one. */
export function stepTargets(step: BenchStep): string[] {
  switch (step.do) {
    case 'click':
    case 'follow':
    case 'hover':
    case 'double_click':
    case 'slide':
      return [step.target];
    case 'press':
      return step.target ? [step.target] : [];
    case 'set_row':
      return [step.item];
    case 'fill':
      return Object.keys(step.values);
    case 'search':
      return ['search'];
    default:
      return [];
  }
}

/**
 * The tools that could carry out a step, for the classification of its failure: for a gesture
 * (press, hover, double-click) only the tools that say they do it ("Double click to edit" as an
 * option of a plain click tool does not make the double-click available); else every tool.
 */
export function toolsForStep(step: BenchStep, tools: Tool[]): Tool[] {
  if (step.do === 'press' || step.do === 'hover' || step.do === 'double_click')
    return tools.filter((t) => says(t, GESTURE_WORDS[step.do]));
  return tools;
}

/** A fill step aims at fields (its labels); every other step at an element to act on. */
export const stepAim = (step: BenchStep): 'element' | 'field' => (step.do === 'fill' ? 'field' : 'element');

export function stepText(step: BenchStep): string {
  switch (step.do) {
    case 'click':
    case 'follow':
    case 'hover':
    case 'double_click':
      return `${step.do} "${step.target}"`;
    case 'press':
      return `press ${step.key}${step.target ? ` in "${step.target}"` : ''}`;
    case 'fill':
      return `fill [${Object.keys(step.values).join(', ')}]${step.submit ? ` submit "${step.submit}"` : ''}${step.send === false ? ' unsent' : ''}`;
    case 'search':
      return `search "${step.query}"`;
    case 'set_row':
      return `set the row "${step.item}" to "${step.text}"`;
    case 'slide':
      return `set the slider "${step.target}" to ${step.value}`;
    default:
      return step.do;
  }
}
