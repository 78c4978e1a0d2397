/**
 * How the scripted agent picks a tool call from a page map: only from tool names, descriptions,
 * params and their options — what an LLM agent reads — never from selectors or page markup.
 * Pure functions over `Tool[]`, so the choices are easy to explain in a failure message.
 */
import type { Tool, ToolParam, ToolParams } from '@pagemap/contracts';
import { bestSimilarity, normalize, similarity } from './text-match';

export interface Choice {
  tool: string;
  params: ToolParams;
  score: number;
  /** What matched, for failure messages: `tabs.tab="Billing"`. */
  why: string;
}

/** Below this a match is a guess; the agent rather reports that nothing fits. */
export const MIN_SCORE = 0.5;

const toolWords = (t: Tool) => normalize(t.name);
/** How much naming the place a click's target is in adds: it decides between equal options only. */
const PLACE_BONUS = 0.01;
/** Descriptions are long and mention many things; a hit there counts a little less than the name. */
const DESCRIPTION_WEIGHT = 0.85;

function required(p: ToolParam): boolean {
  return p.required === true;
}

/**
 * Every way to "click `target`": a tool without required params whose name or description says
 * it, or an option of a param (a click tool's targets, a link list), when that param is the only
 * required one.
 */
export function clickCandidates(tools: Tool[], target: string, within?: string): Choice[] {
  const out: Choice[] = [];
  for (const tool of tools) {
    // Named where the goal says the target is: a small lead over the same option elsewhere.
    const here = within && normalize(tool.description).includes(normalize(within)) ? PLACE_BONUS : 0;
    if (!tool.params.some(required)) {
      const score = Math.max(
        similarity(target, toolWords(tool)),
        DESCRIPTION_WEIGHT * similarity(target, tool.description),
      );
      out.push({ tool: tool.name, params: {}, score, why: `${tool.name}()` });
    }
    for (const param of tool.params) {
      if (!param.options?.length) continue;
      if (tool.params.some((p) => p !== param && required(p))) continue;
      for (const option of param.options) {
        out.push({
          tool: tool.name,
          params: { [param.name]: option },
          score: similarity(target, option) + here,
          why: `${tool.name}.${param.name}=${JSON.stringify(option)}`,
        });
      }
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

export function chooseClick(tools: Tool[], target: string, within?: string): Choice | undefined {
  const best = clickCandidates(tools, target, within)[0];
  return best && best.score >= MIN_SCORE ? best : undefined;
}

/** What an agent reads about a param: its name, its description, and both together. */
const paramTexts = (p: ToolParam) => [p.name, p.description, `${p.name} ${p.description}`];

/**
 * The option of `param` meant by `value`: the same text (case and spacing aside), else the option
 * that contains it or is contained in it ("Express" → "Express (1–2 days)"); else the value as given.
 */
function asOption(param: ToolParam, value: string | number | boolean | string[]): string | number | boolean | string[] {
  if (!param.options?.length) return value;
  const pick = (v: string) => {
    const exact = param.options!.find((o) => normalize(o) === normalize(v));
    if (exact) return exact;
    const best = optionMatch(param, v);
    return best && best.score >= 0.8 ? best.option : v;
  };
  if (Array.isArray(value)) return value.map(pick);
  return typeof value === 'string' ? pick(value) : value;
}

function optionMatch(param: ToolParam, value: string): { option: string; score: number } | undefined {
  let best: { option: string; score: number } | undefined;
  for (const option of param.options ?? []) {
    const score = similarity(value, option);
    if (!best || score > best.score) best = { option, score };
  }
  return best;
}

/** How well a labelled value fits a param: by the label, or (a little less) because the value is one of its options. */
function fitScore(label: string, value: string | number | boolean | string[], param: ToolParam): number {
  const byLabel = bestSimilarity(label, paramTexts(param));
  // Only text is matched against options (a file, given as an object, never is one).
  const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
  let byOption = 0;
  if (values.length && param.options?.length) {
    const scores = values.map((v) => optionMatch(param, v)?.score ?? 0);
    byOption = 0.9 * Math.min(...scores);
  }
  // When the value is an option of several lists (a table's "type" in every row), a label that
  // names one of them decides: "type in row 6" is the sixth row's. A weak likeness decides nothing.
  const named = byLabel > MIN_SCORE ? byLabel / 1000 : 0;
  return Math.max(byLabel, byOption >= 0.8 * 0.9 ? byOption : 0) + named;
}

/**
 * How well `submit` fits the words the param's description says an option's button shows
 * (`"Apply credentials" (shows "Authorize")`): a button renamed by its aria-label, asked for by
 * what is on it.
 */
function shownAs(param: ToolParam, option: string, submit: string): number {
  const said = `"${option}" (shows "`;
  const at = param.description.indexOf(said);
  if (at < 0) return 0;
  const shown = param.description.slice(at + said.length).split('")')[0] ?? '';
  return similarity(submit, shown);
}

export interface FillPlan extends Choice {
  matched: number;
  /** Labels that two or more params fit equally well: the agent does not guess between them. */
  ambiguous: string[];
}

/** Assigns each labelled value to the param that best matches its label (greedy, best pairs first). */
function planFill(tool: Tool, values: Record<string, string | number | boolean | string[]>, submit?: string): FillPlan {
  const pairs: Array<{ label: string; param: ToolParam; score: number }> = [];
  for (const label of Object.keys(values)) {
    for (const param of tool.params) pairs.push({ label, param, score: fitScore(label, values[label]!, param) });
  }
  pairs.sort((a, b) => b.score - a.score);
  // A label whose best score is shared by two params (two "Full name" fields, nothing else to tell
  // them apart) would be a coin toss; it is reported instead of assigned.
  const ambiguous: string[] = [];
  const usedLabels = new Set<string>();
  for (const label of Object.keys(values)) {
    const mine = pairs.filter((p) => p.label === label);
    const top = mine[0]!.score;
    const tied = mine.filter((p) => p.score === top);
    if (top >= MIN_SCORE && tied.length >= 2) {
      ambiguous.push(`"${label}" (${tied.map((p) => p.param.name).join(' = ')})`);
      usedLabels.add(label);
    }
  }
  const params: ToolParams = {};
  const usedParams = new Set<string>();
  const why: string[] = [];
  let total = 0;
  for (const { label, param, score } of pairs) {
    if (score < MIN_SCORE || usedLabels.has(label) || usedParams.has(param.name)) continue;
    usedLabels.add(label);
    usedParams.add(param.name);
    params[param.name] = asOption(param, values[label]!);
    why.push(`${label}→${param.name}`);
    total += score;
  }
  if (submit !== undefined) {
    // The submit button to use: a param offering it as an option (e.g. `action: ["Save", "Cancel"]`).
    let best: { param: ToolParam; option: string; score: number } | undefined;
    for (const param of tool.params) {
      if (usedParams.has(param.name)) continue;
      for (const option of param.options ?? []) {
        const score = Math.max(similarity(submit, option), shownAs(param, option, submit));
        if (score >= 0.6 && (!best || score > best.score)) best = { param, option, score };
      }
    }
    if (best) {
      params[best.param.name] = best.option;
      why.push(`submit→${best.param.name}=${JSON.stringify(best.option)}`);
      total += 0.5;
    } else {
      total += 0.5 * bestSimilarity(submit, [toolWords(tool), tool.description]);
    }
  }
  // Ambiguous labels count as matched: they do belong to this tool, the agent just cannot place them.
  return {
    tool: tool.name,
    params,
    score: total,
    matched: usedLabels.size,
    ambiguous,
    why: `${tool.name}(${why.join(', ')})`,
  };
}

/**
 * The form tool for a set of labelled values: the one whose params take the most values (by
 * label), with the hint ("contact") and the submit text as tie-breakers.
 */
export function chooseFill(
  tools: Tool[],
  values: Record<string, string | number | boolean | string[]>,
  hint?: string,
  submit?: string,
): FillPlan | undefined {
  let best: FillPlan | undefined;
  for (const tool of tools) {
    if (tool.params.length === 0) continue;
    const plan = planFill(tool, values, submit);
    if (plan.matched === 0) continue;
    if (hint)
      plan.score +=
        0.5 * Math.max(similarity(hint, toolWords(tool)), DESCRIPTION_WEIGHT * similarity(hint, tool.description));
    if (!best || plan.score > best.score) best = plan;
  }
  return best;
}

/** The search tool and its query param. */
export function chooseSearch(tools: Tool[], query: string): Choice | undefined {
  let best: Choice | undefined;
  for (const tool of tools) {
    const free = tool.params.filter((p) => !p.options?.length && p.type !== 'boolean');
    if (free.length === 0) continue;
    const score = Math.max(
      similarity('search', toolWords(tool)),
      DESCRIPTION_WEIGHT * similarity('search', tool.description),
    );
    if (score < MIN_SCORE || (best && score <= best.score)) continue;
    const param = [...free].sort(
      (a, b) => bestSimilarity('search query', paramTexts(b)) - bestSimilarity('search query', paramTexts(a)),
    )[0]!;
    best = { tool: tool.name, params: { [param.name]: query }, score, why: `${tool.name}.${param.name}` };
  }
  return best;
}

/** The login tool (named `login` or `sign_in`, as the contract says) with username and password. */
export function chooseLogin(tools: Tool[], username: string, password: string): Choice | undefined {
  const tool = tools.find((t) => t.name === 'login' || t.name === 'sign_in');
  if (!tool) return undefined;
  const pick = (label: string, avoid?: string) =>
    [...tool.params]
      .filter((p) => p.name !== avoid)
      .sort((a, b) => bestSimilarity(label, paramTexts(b)) - bestSimilarity(label, paramTexts(a)))[0];
  const pw = tool.params.find((p) => p.type === 'password') ?? pick('password');
  const user = pick('username email', pw?.name);
  const params: ToolParams = {};
  if (user) params[user.name] = username;
  if (pw) params[pw.name] = password;
  return { tool: tool.name, params, score: 1, why: `${tool.name}(${Object.keys(params).join(', ')})` };
}

export const hasLoginTool = (tools: Tool[]) => tools.some((t) => t.name === 'login' || t.name === 'sign_in');

const DISMISS_WORDS = ['accept', 'accept all', 'agree', 'close', 'dismiss', 'no thanks', 'got it', 'reject', 'decline'];

/** Dismissing an overlay: a tool or option saying accept/close/dismiss (or the agent's chosen word). */
export function chooseDismiss(tools: Tool[], choice?: string): Choice | undefined {
  const words = choice ? [choice] : DISMISS_WORDS;
  let best: Choice | undefined;
  for (const w of words) {
    const c = chooseClick(tools, w);
    if (c && (!best || c.score > best.score)) best = c;
  }
  return best;
}

/** Answering a JavaScript dialog: a tool about the dialog, with an accept/dismiss option, a boolean, or a text. */
export function chooseDialogAnswer(tools: Tool[], accept: boolean, text?: string): Choice | undefined {
  const about = (t: Tool) =>
    bestSimilarity('dialog', [toolWords(t), t.description]) >= MIN_SCORE ||
    /\b(dialog|confirm|alert|prompt)\b/.test(normalize(`${t.name} ${t.description}`));
  const tool = tools.find(about);
  if (!tool) return undefined;
  const yes = ['accept', 'ok', 'yes', 'confirm'];
  const no = ['dismiss', 'cancel', 'no', 'reject'];
  const params: ToolParams = {};
  for (const p of tool.params) {
    if (p.options?.length) {
      const opt = p.options.find((o) => (accept ? yes : no).includes(normalize(o)));
      if (opt) params[p.name] = opt;
    } else if (p.type === 'boolean') params[p.name] = accept;
    else if (text !== undefined) params[p.name] = text;
  }
  return { tool: tool.name, params, score: 1, why: `${tool.name}(${JSON.stringify(params)})` };
}
