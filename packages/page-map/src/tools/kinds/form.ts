/**
 * A form (or a standalone field): its params come from its fields (the login wing supplies a
 * sign-in form's), its name from its purpose and words (naming.ts); a call fills it and submits
 * it. A login form runs through the login wing (login/sign-in.ts); a one-time-code form's answer
 * is judged there too (login/outcome.ts).
 */
import type { FieldBinding, FormBinding, Purpose, ToolParam } from '../../bindings';
import { fillOrGone, pressEnterIn, throwIfRefused } from '../../fill-form';
import { filledValues } from '../../filled-values';
import { inCrossFrame } from '../../frames';
import { addLoginParams, type AddParam } from '../../login/params';
import { codeRejected } from '../../login/outcome';
import { isOtpField, isTextish, purposeOf } from '../../login/recognise';
import { runLogin } from '../../login/sign-in';
import { signals } from '../../login/signals';
import { fail, ok, type Filled } from '../../outcome';
import type { RawField, RawGroup, RawPage } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import { fieldParamName, nameFor } from '../naming';
import { buildParam, clip, fieldDescription } from '../params';
import { choicesCandidate } from './form-choices';
import { PRESS_ENTER, PRESS_ENTER_FIELD, standaloneCandidate } from './form-standalone';
import type { Candidate, RunContext, ToolKind } from './kind';

/** Params and field bindings under unique names (`name`, `name_2` …), in the order added. */
function collector() {
  const params: ToolParam[] = [];
  const fields: FieldBinding[] = [];
  const used = new Set<string>();
  const add: AddParam = (p, b) => {
    let n = p.name;
    for (let k = 2; used.has(n); k++) n = `${p.name}_${k}`;
    used.add(n);
    params.push({ ...p, name: n });
    fields.push({ ...b, param: n });
  };
  return { params, fields, add };
}

/** Every field of the group not taken yet, as a param of its own. */
function addRest(g: RawGroup, add: AddParam, taken: Set<RawField>): void {
  g.fields.forEach((f, i) => {
    if (taken.has(f)) return;
    const name = g.toolname ? f.name || fieldParamName(f, i) : fieldParamName(f, i);
    const { param, binding } = buildParam(f, name, fieldDescription(f), f.required);
    add(param, binding);
  });
}

/** Adds the group's params as its purpose asks; returns the tool's description and whether it is a two-step sign-in. */
function addParams(
  g: RawGroup,
  purpose: Purpose,
  { add, params }: ReturnType<typeof collector>,
): { description: string; twoStep: boolean } {
  const where = g.heading ? ` ("${clip(g.heading, 60)}")` : '';
  if (purpose === 'login') {
    const login = addLoginParams(g, add);
    addRest(g, add, login.taken);
    return { description: login.description, twoStep: login.twoStep };
  }
  if (purpose === 'search') {
    const q = g.fields.find((f) => isTextish(f))!;
    // The field's own label stays in the description: "Departure airport" is what an agent looks for.
    const said = q.label && !/^search$/i.test(q.label) ? q.label : '';
    const hint = [said && `field "${clip(said, 60)}"`, q.placeholder && clip(q.placeholder, 80)]
      .filter(Boolean)
      .join('; ');
    const b = buildParam(q, 'query', `Search terms${hint ? ` (${hint})` : ''}`, true);
    add(b.param, b.binding);
    addRest(g, add, new Set([q]));
    const button = g.submitLabel && !/^search$/i.test(g.submitLabel) ? ` (button "${clip(g.submitLabel, 40)}")` : '';
    const scope = g.chrome === 'nav' || g.chrome === 'header' ? 'this site' : 'on this page';
    return { description: `Search ${scope}${where}${button}.`, twoStep: false };
  }
  if (purpose === 'verify_code') {
    const c = g.fields.find((f) => isOtpField(f)) ?? g.fields[0]!;
    const b = buildParam(c, 'code', 'The one-time verification code (from the app, SMS or email)', true);
    add(b.param, b.binding);
    addRest(g, add, new Set([c]));
    return { description: `Submit a one-time verification code${where}.`, twoStep: false };
  }
  addRest(g, add, new Set());
  if (g.toolname)
    return {
      description: g.tooldescription || `Submit the "${g.toolname}" form declared by the page.`,
      twoStep: false,
    };
  const what = g.heading || g.ariaLabel || g.formName || '';
  const names = params.length ? ` with ${params.map((p) => p.name).join(', ')}` : '';
  if (buttonless(g, purpose))
    return {
      description: `Fill the ${what ? `"${clip(what, 60)}" ` : ''}form${names}. It has no button, so nothing is sent: the page reacts as its fields are filled.${enterSends(g) ? ' Enter in its only box sends it, as in any such form: press_enter: true presses it once typed.' : ''}`,
      twoStep: false,
    };
  const button = g.submitLabel ? ` (button "${clip(g.submitLabel, 40)}")` : '';
  return { description: `Submit the ${what ? `"${clip(what, 60)}" ` : ''}form${button}${names}.`, twoStep: false };
}

/**
 * A form with no button at all (nor a link that sends it): a person cannot send it, only fill it
 * (the page reacts to its fields), so its tool fills it and sends nothing. Submitting it by script
 * reloaded the page and lost what was typed. So for fields with no <form> and no button of theirs
 * (a card of Select2 lists under its header's collapse button): "sending" them pressed Enter in the
 * last one. Sign-ins, searches and code forms keep their send.
 */
const buttonless = (g: RawGroup, purpose: Purpose): boolean =>
  !g.toolname && purpose === 'other' && g.buttons.length === 0 && !g.unnamedButtons;

/** Field types a browser sends a form from with Enter, when the form has one of them only. */
const ENTER_SENDS = new Set('text search email password url tel number date month week time datetime-local'.split(' '));

/**
 * A <form> with no button and one box a person types in: Enter in that box sends it (the HTML
 * rule of implicit submission). A comment box whose placeholder says "Press enter to post comment"
 * is used so; before, its tool could only type.
 */
const enterSends = (g: RawGroup): boolean =>
  g.kind === 'form' && g.fields.filter((f) => ENTER_SENDS.has(f.type)).length === 1;

/** What the description must add: which submit param, script-drawn dropdowns, another site's frame. */
function withNotes(g: RawGroup, description: string, submitParam: string | undefined): string {
  let out = description;
  if (submitParam)
    out = `${out.replace(/ \(button "[^"]*"\)/, '')} The form has several submit buttons: "${submitParam}" says which.`;
  // A dropdown drawn by the page's script is no param (its value lives in the page's state, not
  // a field): say so, by the name its click target has, so the agent picks it before sending.
  if (g.pickers?.length && !g.toolname) {
    const list = g.pickers.map((p) => `"${clip(p, 50)}"`).join(', ');
    out += ` Choose ${g.pickers.length > 1 ? 'its dropdowns' : 'its dropdown'} ${list} with click (the dropdown, then the option) before this tool: ${g.pickers.length > 1 ? 'they are' : 'it is'} no param.`;
  }
  // What is typed goes to that site, not the page's: the agent must be able to tell.
  if (g.frameHost) out += ` The form is in a frame from ${g.frameHost}.`;
  return out;
}

function formScore(g: RawGroup, purpose: Purpose, paramCount: number): number {
  let score: number;
  if (g.toolname) score = 85;
  else if (purpose === 'login')
    score = g.closed ? 96 : g.chrome && !g.inMain ? 97 : 100; // a quick-login bar in the header yields to the page's own form
  else if (purpose === 'search') score = g.inMain || !g.chrome ? 92 : 88;
  else if (purpose === 'verify_code') score = 98;
  else if (g.chrome === 'banner') score = 10;
  else if (g.chrome === 'footer') score = 35;
  else score = (g.inMain ? 70 : 60) + Math.min(paramCount, 5);
  return g.shadow || g.frame ? score - 1 : score;
}

export function formCandidate(g: RawGroup): Candidate | null {
  if (g.standalone) return standaloneCandidate(g);
  if (g.choices) return choicesCandidate(g);
  const purpose = g.toolname ? 'other' : purposeOf(g);
  const collected = collector();
  const { params, fields, add } = collected;
  const { description, twoStep } = addParams(g, purpose, collected);
  const submitParam = g.toolname ? undefined : addSubmitChoice(g, purpose, add, params);
  const sendParam = addSendChoice(g, purpose, add, params);
  const base = g.toolname ? g.toolname : nameFor(g, purpose);
  const binding: FormBinding = {
    kind: 'form',
    purpose,
    sig: g.sig,
    idx: g.idx,
    fields,
    twoStep,
    declared: !!g.toolname,
    frame: g.frame,
    ...(submitParam ? { submitParam } : {}),
    ...(sendParam ? { sendParam } : {}),
    ...(buttonless(g, purpose) ? { fillOnly: true } : {}),
  };
  if (buttonless(g, purpose) && enterSends(g)) {
    params.push(PRESS_ENTER);
    fields.push(PRESS_ENTER_FIELD);
    binding.enterParam = PRESS_ENTER.name;
  }
  // Copies of one form (header and footer) are listed once; equal forms that send different
  // things (one per product card: another action or hidden item id) are each a tool.
  return {
    base,
    score: formScore(g, purpose, params.length),
    order: g.order,
    tool: { name: base, description: withNotes(g, description, submitParam), params },
    binding,
    dedupeKey: `form:${g.sig}|${g.action}|${g.hidden ?? ''}`,
  };
}

/**
 * A form with several submit buttons ("Save" / "Cancel", "Yes" / "No") gets an `action` param:
 * the agent chooses, the runner never presses the first silently. Required where nothing says
 * which is the usual one; on a login or search the main button stays the default.
 */
function addSubmitChoice(
  g: RawGroup,
  purpose: string,
  add: (p: ToolParam, b: FieldBinding) => void,
  params: ToolParam[],
): string | undefined {
  const subs = g.submitters ?? [];
  if (subs.length < 2) return undefined;
  const required = purpose === 'other' || purpose === 'sign_up';
  // A button renamed by its aria-label is also asked for by the words it shows.
  const shows = g.submitterTexts ?? [];
  const option = (x: string, i: number) => `"${clip(x, 30)}"${shows[i] ? ` (shows "${clip(shows[i]!, 30)}")` : ''}`;
  const description = required
    ? `Which button submits the form: one of the options (${subs.map(option).join(', ')}).`
    : `Which button submits the form: one of the options; default "${clip(g.submitLabel, 40)}".`;
  add(
    { name: 'action', description, type: 'enum', required, options: subs },
    {
      param: 'action',
      key: '',
      type: 'enum',
      required,
      options: subs,
      optionValues: subs,
      ...(shows.length ? { aliases: shows } : {}),
    },
  );
  return params[params.length - 1]!.name;
}

/**
 * A form a person may fill without sending (choosing a radio, a select the page reacts to) gets a
 * `send` param: false fills and presses nothing. Without it a task such as "choose Peas" could
 * only be done by sending the form too (Selenium's frame pages). Not on sign-ins, searches and
 * code forms (filled to be sent), nor on a form with nothing to fill — except a search whose field
 * draws suggestions (jQuery UI's autocomplete): a person types, then picks one.
 */
function addSendChoice(g: RawGroup, purpose: Purpose, add: AddParam, params: ToolParam[]): string | undefined {
  if (g.toolname || buttonless(g, purpose) || params.length === 0) return undefined;
  const suggesting = purpose === 'search' && g.fields.some((f) => f.suggests);
  // A search with settings beside its box (a table's "entries per page"): one can be changed
  // without searching. Before, the query was required, so the setting could not be changed alone.
  const settings = purpose === 'search' && !suggesting && params.length > 1;
  if (purpose !== 'other' && purpose !== 'sign_up' && !suggesting && !settings) return undefined;
  add(
    {
      name: 'send',
      description: suggesting
        ? 'Default true: what is typed is sent. false only types it and leaves the suggestions the page shows open, to pick one with click.'
        : settings
          ? 'Default true: the search is sent once filled. false only sets the fields given (nothing is pressed or sent; the query may be left out).'
          : 'Default true: the form is sent once filled. false only fills the fields given (nothing is pressed or sent; required ones may be left out).',
      type: 'boolean',
      required: false,
    },
    { param: 'send', key: '', type: 'boolean', required: false },
  );
  return params[params.length - 1]!.name;
}

/** Candidates in page order, each form once (the same form repeated: header and footer copies). */
function buildForms(raw: RawPage): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const g of raw.groups) {
    const c = formCandidate(g);
    if (!c) continue;
    if (c.dedupeKey && seen.has(c.dedupeKey)) continue;
    if (c.dedupeKey) seen.add(c.dedupeKey);
    out.push(c);
  }
  return out;
}

async function runForm(binding: FormBinding, { page, tool, call, values, deadline }: RunContext) {
  const name = call.tool;
  if (binding.purpose === 'login') return runLogin(page, tool, binding, values, deadline);
  let filled: Filled | undefined;
  const sends = !binding.fillOnly && values[binding.sendParam ?? ''] !== false;
  const r = await settle(page, deadline, async () => {
    const { readBack } = await fillOrGone(page, binding, values, sends);
    filled = filledValues(binding, values, readBack, call.params);
    // A field that acts on Enter, asked to: Enter once it holds its value (form-standalone.ts).
    const enter = binding.enterByDefault
      ? values[binding.enterParam ?? ''] !== false
      : values[binding.enterParam ?? ''] === true;
    if (binding.enterParam && enter && !inCrossFrame(binding.frame)) await pressEnterIn(page, binding);
  });
  if (r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
  if (!r.navigated && sends) await throwIfRefused(page, binding);
  if (binding.purpose !== 'verify_code') return ok(name, r.navigated, false, filled);
  if (codeRejected(await signals(page)))
    return fail(name, 'TOOL_FAILED', 'The site did not accept the code.', r.navigated, true);
  return ok(name, r.navigated, true);
}

export const form: ToolKind<FormBinding> = { build: buildForms, run: runForm };
