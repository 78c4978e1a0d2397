/** One candidate tool per form, standalone button and WebMCP tool, with a score for ranking. */
import type { Tool } from '@pagemap/contracts';
import type { RawButton, RawField, RawGroup, RawWebMcpTool } from '../page-script/types';
import type { ToolBinding } from '../types';
import { slug } from '../slug';
import type { ButtonBinding, FieldBinding, FormBinding, ToolParam, WebMcpBinding } from './bindings';
import { fieldParamName, nameFor } from './naming';
import { buildParam, clip, fieldDescription } from './params';
import { addLoginParams } from '../login/params';
import { isOtpField, isTextish, purposeOf } from '../login/recognise';

export interface Candidate {
  base: string;
  score: number;
  order: number;
  tool: Tool;
  binding: ToolBinding;
  dedupeKey?: string;
}

/**
 * A standalone field (no form, no button: an editor, a filter box, a chat input): a tool that fills
 * it and sends nothing; the page reacts as it is typed into or chosen in.
 */
function standaloneCandidate(g: RawGroup): Candidate | null {
  const f = g.fields[0];
  if (!f) return null;
  const label = f.label || f.placeholder || f.nearby || f.name;
  const choice = f.type === 'select';
  const base = `${choice ? 'choose' : 'fill'}_${slug(label, 30) || 'field'}`;
  const { param, binding } = buildParam(f, fieldParamName(f, 0), fieldDescription(f), true);
  const what = label ? `"${clip(label, 60)}" ` : '';
  const description = choice
    ? `Choose in the ${what}list. It has no button of its own: the page reacts to the choice.`
    : `Type into the ${what}field. It has no button of its own, so nothing is sent: the page reacts as it is typed into (a filter, an editor, a message box); press the page's button or link afterwards if it needs one.`;
  const fillBinding: FormBinding = {
    kind: 'form',
    purpose: 'other',
    sig: g.sig,
    idx: g.idx,
    fields: [{ ...binding, param: param.name }],
    twoStep: false,
    declared: false,
    frame: g.frame,
    fillOnly: true,
  };
  return {
    base,
    score: g.inMain ? 55 : 42,
    order: g.order,
    tool: { name: base, description, params: [param] },
    binding: fillBinding,
    dedupeKey: `form:${g.sig}`,
  };
}

export function formCandidate(g: RawGroup): Candidate | null {
  if (g.standalone) return standaloneCandidate(g);
  const purpose = g.toolname ? 'other' : purposeOf(g);
  const params: ToolParam[] = [];
  const fields: FieldBinding[] = [];
  const used = new Set<string>();
  const add = (p: ToolParam, b: FieldBinding) => {
    let n = p.name;
    for (let k = 2; used.has(n); k++) n = `${p.name}_${k}`;
    used.add(n);
    params.push({ ...p, name: n });
    fields.push({ ...b, param: n });
  };
  let twoStep = false;
  const where = g.heading ? ` ("${clip(g.heading, 60)}")` : '';
  let description: string;
  const rest = (skip: Set<RawField>) =>
    g.fields.forEach((f, i) => {
      if (skip.has(f)) return;
      const { param, binding } = buildParam(
        f,
        g.toolname ? f.name || fieldParamName(f, i) : fieldParamName(f, i),
        fieldDescription(f),
        f.required,
      );
      add(param, binding);
    });

  if (purpose === 'login') {
    const login = addLoginParams(g, add);
    twoStep = login.twoStep;
    rest(login.taken);
    description = login.description;
  } else if (purpose === 'search') {
    const q = g.fields.find((f) => isTextish(f))!;
    // The field's own label stays in the description: "Departure airport" is what an agent looks for.
    const said = q.label && !/^search$/i.test(q.label) ? q.label : '';
    const hint = [said && `field "${clip(said, 60)}"`, q.placeholder && clip(q.placeholder, 80)]
      .filter(Boolean)
      .join('; ');
    const b = buildParam(q, 'query', `Search terms${hint ? ` (${hint})` : ''}`, true);
    add(b.param, b.binding);
    rest(new Set([q]));
    description = `Search ${g.chrome === 'nav' || g.chrome === 'header' ? 'this site' : 'on this page'}${where}${g.submitLabel && !/^search$/i.test(g.submitLabel) ? ` (button "${clip(g.submitLabel, 40)}")` : ''}.`;
  } else if (purpose === 'verify_code') {
    const c = g.fields.find((f) => isOtpField(f)) ?? g.fields[0]!;
    const b = buildParam(c, 'code', 'The one-time verification code (from the app, SMS or email)', true);
    add(b.param, b.binding);
    rest(new Set([c]));
    description = `Submit a one-time verification code${where}.`;
  } else {
    rest(new Set());
    if (g.toolname) description = g.tooldescription || `Submit the "${g.toolname}" form declared by the page.`;
    else {
      const what = g.heading || g.ariaLabel || g.formName || '';
      description = `Submit the ${what ? `"${clip(what, 60)}" ` : ''}form${g.submitLabel ? ` (button "${clip(g.submitLabel, 40)}")` : ''}${params.length ? ` with ${params.map((p) => p.name).join(', ')}` : ''}.`;
    }
  }
  const submitParam = g.toolname ? undefined : addSubmitChoice(g, purpose, add, params);
  if (submitParam)
    description =
      description.replace(/ \(button "[^"]*"\)/, '') +
      ` The form has several submit buttons: "${submitParam}" says which.`;
  // A dropdown drawn by the page's script is no param (its value lives in the page's state, not
  // a field): say so, by the name its click target has, so the agent picks it before sending.
  if (g.pickers?.length && !g.toolname) {
    const list = g.pickers.map((p) => `"${clip(p, 50)}"`).join(', ');
    description += ` Choose ${g.pickers.length > 1 ? 'its dropdowns' : 'its dropdown'} ${list} with click (the dropdown, then the option) before this tool: ${g.pickers.length > 1 ? 'they are' : 'it is'} no param.`;
  }
  // What is typed goes to that site, not the page's: the agent must be able to tell.
  if (g.frameHost) description += ` The form is in a frame from ${g.frameHost}.`;
  const base = g.toolname ? g.toolname : nameFor(g, purpose);
  let score: number;
  if (g.toolname) score = 85;
  else if (purpose === 'login')
    score = g.closed ? 96 : g.chrome && !g.inMain ? 97 : 100; // a quick-login bar in the header yields to the page's own form
  else if (purpose === 'search') score = g.inMain || !g.chrome ? 92 : 88;
  else if (purpose === 'verify_code') score = 98;
  else if (g.chrome === 'banner') score = 10;
  else if (g.chrome === 'footer') score = 35;
  else score = (g.inMain ? 70 : 60) + Math.min(params.length, 5);
  if (g.shadow || g.frame) score -= 1;
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
  };
  // Copies of one form (header and footer) are listed once; equal forms that send different
  // things (one per product card: another action or hidden item id) are each a tool.
  return {
    base,
    score,
    order: g.order,
    tool: { name: base, description, params },
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
  const description = required
    ? `Which button submits the form: one of the options (${subs.map((x) => `"${clip(x, 30)}"`).join(', ')}).`
    : `Which button submits the form: one of the options; default "${clip(g.submitLabel, 40)}".`;
  add(
    { name: 'action', description, type: 'enum', required, options: subs },
    { param: 'action', key: '', type: 'enum', required, options: subs, optionValues: subs },
  );
  return params[params.length - 1]!.name;
}

/**
 * "Click the … button". One of several equal buttons (an "Add to cart" per card) says which card it
 * is and that the click tool takes the others: only the first becomes a tool of its own.
 */
function buttonDescription(b: RawButton): string {
  const label = clip(b.label, 60);
  const where = b.context ? ` of "${clip(b.context, 50)}"` : '';
  const others =
    b.count && b.count > 1
      ? ` It is the first of ${b.count} "${label}" buttons; click takes each of them by its row or card.`
      : '';
  return `Click the "${label}" button${where}${b.chrome === 'banner' ? ' (cookie/consent banner)' : ''}.${others}`;
}

export function buttonCandidate(b: RawButton): Candidate | null {
  const base = slug(b.label, 30);
  if (!base || /^\d+$/.test(base)) return null;
  let score = b.inMain ? 40 : 30;
  if (b.chrome === 'banner') score = 8;
  else if (b.chrome === 'nav' || b.chrome === 'header') score = 20;
  else if (b.chrome === 'footer') score = 12;
  if (b.expanded !== null) score -= 5; // menu toggles
  const binding: ButtonBinding = { kind: 'button', key: b.key, idx: b.idx, frame: b.frame };
  return {
    base,
    score,
    order: b.order,
    tool: { name: base, description: buttonDescription(b), params: [] },
    binding,
    dedupeKey: `button:${b.key}`,
  };
}

export function webMcpCandidate(t: RawWebMcpTool, order: number): Candidate {
  const params: ToolParam[] = [];
  const schema = (t.inputSchema ?? {}) as {
    properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>;
    required?: string[];
  };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, p] of Object.entries(schema.properties ?? {}).slice(0, 30)) {
    const param: ToolParam = {
      name,
      description: clip(String(p?.description ?? name), 300),
      required: required.has(name),
    };
    const ty = p?.type;
    if (Array.isArray(p?.enum)) {
      param.type = 'enum';
      param.options = p.enum.slice(0, 50).map(String);
    } else if (ty === 'number' || ty === 'integer') param.type = 'number';
    else if (ty === 'boolean') param.type = 'boolean';
    else if (ty === 'string') param.type = 'string';
    params.push(param);
  }
  const binding: WebMcpBinding = { kind: 'webmcp', name: t.name, schema: t.inputSchema };
  return {
    base: t.name,
    score: 86,
    order,
    tool: { name: t.name, description: clip(t.description || `Tool "${t.name}" provided by the page.`, 500), params },
    binding,
  };
}
