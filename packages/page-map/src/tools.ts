/**
 * Node side of extraction: turns the in-page agent's raw groups, buttons and links into tools an
 * agent understands — named in snake_case from their purpose, with params, ranked and capped.
 * Pure functions over JSON, so the corpus tests can exercise them without a browser too.
 */
import type { Tool } from '@pagemap/contracts';
import type { RawButton, RawField, RawGroup, RawLink, RawPage, RawWebMcpTool } from './inpage/types';
import type { PageTool, ToolBinding } from './types';

type ToolParam = Tool['params'][number];
type ParamType = NonNullable<ToolParam['type']>;

export type Purpose = 'login' | 'search' | 'sign_up' | 'verify_code' | 'other';

export interface FieldBinding {
  param: string;
  key: string;
  type: ParamType | 'checkbox-group';
  required: boolean;
  options?: string[];
  optionValues?: string[];
  multiple?: boolean;
}

export interface FormBinding extends ToolBinding {
  kind: 'form';
  purpose: Purpose;
  sig: string;
  idx: number;
  fields: FieldBinding[];
  /** Login with a username step only: the password goes into the next step's form. */
  twoStep: boolean;
  /** Declared through WebMCP attributes. */
  declared: boolean;
}
export interface ButtonBinding extends ToolBinding {
  kind: 'button';
  key: string;
  idx: number;
}
export interface LinkListBinding extends ToolBinding {
  kind: 'follow_link';
  links: { text: string; href: string }[];
}
export interface WebMcpBinding extends ToolBinding {
  kind: 'webmcp';
  name: string;
  schema: unknown;
}

export function slug(s: string, max = 40): string {
  return s
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
}

const clip = (s: string, max: number): string => (s.length > max ? s.slice(0, max - 1) + '…' : s);

/** Everything a group says about itself, lower-cased, for purpose matching. */
function wordsOf(g: RawGroup): string {
  return [g.toolname, g.formId, g.formName, g.action, g.ariaLabel, g.className, g.heading, g.submitLabel, g.buttons.join(' '), g.text, g.role]
    .join(' ')
    .toLowerCase();
}

const isTextish = (f: RawField): boolean => ['text', 'email', 'tel', 'search', 'url', ''].includes(f.type);
const fieldWords = (f: RawField): string => `${f.name} ${f.id} ${f.label} ${f.placeholder} ${f.autocomplete} ${f.nearby}`.toLowerCase();

const LOGIN_WORDS = /\b(sign ?in|log ?in|login|signin|log on|logon|authenticate|continue|next|anmelden|connexion|iniciar sesi[oó]n)\b/;
const SIGNUP_WORDS = /\b(sign ?up|signup|register|registration|create (an |your )?account|join (now|free|us)|get started)\b/;
const USER_FIELD = /\b(user(name)?|login|e-?mail|email|account|identifier|phone|mobile|userid|user_id|uname|handle)\b|user|email|login/;
const SEARCH_FIELD = /^(q|query|search|s|keywords?|term|search_query|searchterm|k|text|w|p)$/;

/** A one-time-code field. A bare "code" counts only when shaped like one (numeric, short): coupon codes are not OTPs. */
export function isOtpField(f: RawField): boolean {
  const w = fieldWords(f).replace(/_/g, ' ');
  if (f.autocomplete === 'one-time-code') return true;
  if (/\b(coupon|promo|voucher|gift|postal|post|zip|discount)\b/.test(w)) return false;
  if (/\b(otp|totp|2fa|mfa|one[- ]?time|verification code|security code|auth(entication)? code|sms code)\b/.test(w)) return true;
  return /\bcode\b/.test(w) && (f.inputmode === 'numeric' || (f.maxlength >= 4 && f.maxlength <= 8));
}

/** What a group is for. Sign-up and password-change forms are not logins (precision matters). */
export function purposeOf(g: RawGroup): Purpose {
  const words = wordsOf(g);
  const fields = g.fields.filter((f) => f.type !== 'checkbox' && f.type !== 'checkbox-group');
  const pw = fields.filter((f) => f.type === 'password');
  if (pw.length >= 2) return 'sign_up';
  if (pw.length === 1) {
    const newPw = pw[0]!.autocomplete === 'new-password';
    const signupSubmit = SIGNUP_WORDS.test(g.submitLabel.toLowerCase());
    const loginSubmit = LOGIN_WORDS.test(g.submitLabel.toLowerCase());
    if (signupSubmit && !loginSubmit) return 'sign_up';
    if (newPw && !loginSubmit) return 'sign_up';
    if (fields.length >= 4 && SIGNUP_WORDS.test(words) && !loginSubmit) return 'sign_up';
    return 'login';
  }
  if (fields.length === 1 && fields[0]!.autocomplete !== 'one-time-code' && isOtpField(fields[0]!) && /verif|code|two|2fa|authenticat/.test(words)) return 'verify_code';
  const text = fields.filter(isTextish);
  if (text.length === 1 && fields.length <= 2) {
    const f = text[0]!;
    const fw = fieldWords(f);
    const searchy =
      g.role === 'search' ||
      f.type === 'search' ||
      SEARCH_FIELD.test(f.name.toLowerCase()) ||
      /\bsearch|\bfind\b|\bsuche|\bbuscar|\brechercher/.test(`${fw} ${g.submitLabel.toLowerCase()} ${g.ariaLabel.toLowerCase()} ${g.action.toLowerCase()} ${g.className.toLowerCase()}`);
    if (searchy && !/subscribe|newsletter/.test(words)) return 'search';
    // Two-step sign-in: a lone username/email field whose button says sign in / next / continue.
    const userish = f.autocomplete === 'username' || f.autocomplete === 'email' || f.type === 'email' || USER_FIELD.test(fw);
    const loginish = LOGIN_WORDS.test(`${g.submitLabel} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.action}`.toLowerCase());
    const own = `${g.submitLabel} ${g.heading} ${g.ariaLabel} ${g.formId} ${g.action} ${g.toolname}`.toLowerCase();
    if (userish && loginish && !/subscribe|newsletter|forgot|reset|recover/.test(own) && fields.length === 1) return 'login';
  }
  if (fields.length === 1 && isOtpField(fields[0]!)) return 'verify_code';
  return 'other';
}

const PURPOSE_NAMES: [RegExp, string][] = [
  [/subscribe|newsletter|mailing list/, 'subscribe'],
  [/add to (cart|bag|basket)|add_to_cart|addtocart|add-to-cart/, 'add_to_cart'],
  [/forgot|reset (your )?password|recover/, 'reset_password'],
  [/checkout|place (your )?order/, 'checkout'],
  [/contact|get in touch|enquir|inquir|message us|send (us )?a message/, 'contact'],
  [/\bcomment|\breply\b/, 'post_comment'],
  [/review/, 'write_review'],
  [/feedback/, 'send_feedback'],
  [/\bbook\b|reserv/, 'book'],
  [/\bfilter/, 'filter'],
  [/\bsort\b/, 'sort'],
  [/coupon|promo code|voucher/, 'apply_coupon'],
];
const VAGUE = new Set(['submit', 'go', 'ok', 'send', 'save', 'continue', 'next', 'apply', 'done', 'button', 'submit_query', 'enter']);

/** Names that promise a purpose; a form not detected as that purpose must not carry them. */
const RESERVED = /^(login|log_in|sign_in|signin|search|navigate|follow_link)$/;

function nameFor(g: RawGroup, purpose: Purpose): string {
  const n = nameFromWords(g, purpose);
  return purpose === 'other' && RESERVED.test(n) ? `${n}_form` : n;
}

function nameFromWords(g: RawGroup, purpose: Purpose): string {
  if (purpose === 'login') return 'login';
  if (purpose === 'search') return 'search';
  if (purpose === 'sign_up') {
    const w = wordsOf(g);
    if (/change (your )?password|new password|current password|update password/.test(w) && !SIGNUP_WORDS.test(w)) return 'change_password';
    return 'sign_up';
  }
  if (purpose === 'verify_code') return 'verify_code';
  const own = `${g.submitLabel} ${g.ariaLabel} ${g.heading} ${g.formId} ${g.formName} ${g.action} ${g.className}`.toLowerCase().replace(/[-_]/g, ' ');
  for (const [re, name] of PURPOSE_NAMES) if (re.test(own)) return name;
  const btn = slug(g.submitLabel);
  if (btn && !VAGUE.has(btn) && btn.length <= 30) return btn;
  for (const s of [g.ariaLabel, g.heading, g.formName, g.formId]) {
    const n = slug(s, 30);
    if (n && !/^\d/.test(n) && !VAGUE.has(n)) return n.endsWith('form') ? n.replace(/_?form$/, '') || 'submit_form' : n;
  }
  return 'submit_form';
}

function paramType(f: RawField): ParamType {
  switch (f.type) {
    case 'email':
      return 'email';
    case 'password':
      return 'password';
    case 'number':
    case 'range':
      return 'number';
    case 'url':
      return 'url';
    case 'date':
    case 'datetime-local':
    case 'month':
    case 'week':
    case 'time':
      return 'date';
    case 'checkbox':
      return 'boolean';
    case 'select':
    case 'radio':
    case 'checkbox-group':
      return 'enum';
    case 'textarea':
    case 'contenteditable':
      return 'text';
    default:
      return 'string';
  }
}

function fieldParamName(f: RawField, i: number): string {
  // A readable `name` attribute wins (user[email] → email); generated ones (x_1f3a9) lose to the label.
  const fromName = slug((f.name.match(/\[([^\]]+)\]$/)?.[1] ?? f.name).replace(/^(ctl\d+|input|field|txt|fld)[_$-]?/i, ''), 30);
  const generated = !fromName || /\d{3,}|^[a-z]$|^[a-z0-9]{20,}$/.test(fromName);
  if (!generated) return fromName;
  return slug(f.label, 30) || slug(f.placeholder, 30) || slug(f.nearby, 30) || fromName || `field_${i + 1}`;
}

function fieldDescription(f: RawField): string {
  const base = f.paramDesc || f.label || f.placeholder || f.nearby || f.name || f.type;
  const hints: string[] = [];
  if (f.placeholder && f.placeholder !== base && !f.paramDesc) hints.push(`e.g. ${f.placeholder}`);
  if (f.type === 'checkbox') hints.push('true to check');
  if (f.type === 'checkbox-group' || f.multiple) hints.push('one or more of the options');
  else if (f.type === 'radio' || f.type === 'select') hints.push('one of the options');
  return clip(hints.length ? `${base} (${hints.join('; ')})` : base, 300);
}

function buildParam(f: RawField, name: string, description: string, required: boolean): { param: ToolParam; binding: FieldBinding } {
  const type = paramType(f);
  const param: ToolParam = { name, description, type, required };
  if (f.options && (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox-group')) param.options = f.options.slice(0, 50);
  const binding: FieldBinding = { param: name, key: f.key, type: f.type === 'checkbox-group' ? 'checkbox-group' : type, required };
  if (f.options) {
    binding.options = f.options;
    binding.optionValues = f.optionValues ?? [];
  }
  if (f.multiple || f.type === 'checkbox-group') binding.multiple = true;
  return { param, binding };
}

interface Candidate {
  base: string;
  score: number;
  order: number;
  tool: Tool;
  binding: ToolBinding;
  dedupeKey?: string;
}

function formCandidate(g: RawGroup): Candidate | null {
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
      const { param, binding } = buildParam(f, g.toolname ? f.name || fieldParamName(f, i) : fieldParamName(f, i), fieldDescription(f), f.required);
      add(param, binding);
    });

  if (purpose === 'login') {
    const pw = g.fields.find((f) => f.type === 'password');
    const user = g.fields.find((f) => f !== pw && isTextish(f) && (USER_FIELD.test(fieldWords(f)) || f.autocomplete === 'username' || f.type === 'email')) ?? g.fields.find((f) => f !== pw && isTextish(f));
    const skip = new Set<RawField>();
    if (user) {
      skip.add(user);
      const b = buildParam(user, 'username', `Username or email for this site${user.label ? ` (field "${clip(user.label, 60)}")` : ''}`, true);
      add({ ...b.param, type: user.type === 'email' ? 'email' : 'string' }, b.binding);
    } else {
      add({ name: 'username', description: 'Username; not asked on this form (it only wants the password), ignored', type: 'string', required: false }, { param: 'username', key: '', type: 'string', required: false });
    }
    if (pw) {
      skip.add(pw);
      const b = buildParam(pw, 'password', 'Password for this site (never stored or logged)', true);
      add(b.param, b.binding);
    } else {
      twoStep = true;
      add({ name: 'password', description: 'Password; this form asks for the username first, the password is entered on the next step when given', type: 'password', required: false }, { param: 'password', key: '', type: 'password', required: false });
    }
    rest(skip);
    description = twoStep
      ? `Sign in${where}: two-step form, enters the username and continues, then the password on the next step.`
      : user
        ? `Sign in${where} with username and password.`
        : `Sign in${where}: this form asks for the password only.`;
  } else if (purpose === 'search') {
    const q = g.fields.find((f) => isTextish(f))!;
    const b = buildParam(q, 'query', `Search terms${q.placeholder ? ` (${clip(q.placeholder, 80)})` : ''}`, true);
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
  const base = g.toolname ? g.toolname : nameFor(g, purpose);
  let score: number;
  if (g.toolname) score = 85;
  else if (purpose === 'login') score = 100;
  else if (purpose === 'search') score = g.inMain || !g.chrome ? 92 : 88;
  else if (purpose === 'verify_code') score = 98;
  else if (g.chrome === 'banner') score = 10;
  else if (g.chrome === 'footer') score = 35;
  else score = (g.inMain ? 70 : 60) + Math.min(params.length, 5);
  if (g.shadow || g.frame) score -= 1;
  const binding: FormBinding = { kind: 'form', purpose, sig: g.sig, idx: g.idx, fields, twoStep, declared: !!g.toolname, frame: g.frame };
  return { base, score, order: g.order, tool: { name: base, description, params }, binding, dedupeKey: `form:${g.sig}` };
}

function buttonCandidate(b: RawButton): Candidate | null {
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
    tool: { name: base, description: `Click the "${clip(b.label, 60)}" button${b.chrome === 'banner' ? ' (cookie/consent banner)' : ''}.`, params: [] },
    binding,
    dedupeKey: `button:${b.key}`,
  };
}

function webMcpCandidate(t: RawWebMcpTool, order: number): Candidate {
  const params: ToolParam[] = [];
  const schema = (t.inputSchema ?? {}) as { properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>; required?: string[] };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, p] of Object.entries(schema.properties ?? {}).slice(0, 30)) {
    const param: ToolParam = { name, description: clip(String(p?.description ?? name), 300), required: required.has(name) };
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
  return { base: t.name, score: 86, order, tool: { name: t.name, description: clip(t.description || `Tool "${t.name}" provided by the page.`, 500), params }, binding };
}

/** Link choices for follow_link: content links first, then the rest, unique by text. */
export function linkChoices(links: RawLink[], max = 40): string[] {
  const rank = (l: RawLink) => (l.inMain && !l.chrome ? 0 : !l.chrome ? 1 : l.chrome === 'nav' || l.chrome === 'header' ? 2 : 3);
  const sorted = links.filter((l) => l.text).map((l, i) => ({ l, i })).sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { l } of sorted) {
    const k = l.text.toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(l.text);
    if (out.length >= max) break;
  }
  return out;
}

export function buildTools(raw: RawPage, maxTools = 30): PageTool[] {
  const cands: Candidate[] = [];
  raw.webmcp.forEach((t, i) => cands.push(webMcpCandidate(t, -100 + i)));
  const seenKeys = new Set<string>();
  for (const g of raw.groups) {
    const c = formCandidate(g);
    if (!c) continue;
    if (c.dedupeKey && seenKeys.has(c.dedupeKey)) continue; // the same form repeated (header + footer copies)
    if (c.dedupeKey) seenKeys.add(c.dedupeKey);
    cands.push(c);
  }
  for (const b of raw.buttons) {
    const c = buttonCandidate(b);
    if (!c) continue;
    if (c.dedupeKey && seenKeys.has(c.dedupeKey)) continue;
    if (c.dedupeKey) seenKeys.add(c.dedupeKey);
    cands.push(c);
  }
  const choices = linkChoices(raw.links);
  const linkBinding: LinkListBinding = { kind: 'follow_link', links: raw.links.slice(0, 1000).map((l) => ({ text: l.text, href: l.href })) };
  const follow: Candidate = {
    base: 'follow_link',
    score: 50,
    order: 1e9,
    tool: {
      name: 'follow_link',
      description: `Follow one of this page's ${raw.links.length} links, by its text (or its URL).`,
      params: [
        {
          name: 'link',
          description: 'Text of the link to follow: one of the options, or any other link text or URL on the page.',
          type: 'string',
          required: true,
          ...(choices.length ? { options: choices } : {}),
        },
      ],
    },
    binding: linkBinding,
  };
  const navigate: Candidate = {
    base: 'navigate',
    score: 45,
    order: 1e9 + 1,
    tool: { name: 'navigate', description: 'Open another URL (http or https) in this browser session.', params: [{ name: 'url', description: 'Absolute URL to open, or a path relative to the current page.', type: 'url', required: true }] },
    binding: { kind: 'navigate' },
  };
  const ranked = cands.sort((a, b) => b.score - a.score || a.order - b.order).slice(0, Math.max(0, maxTools - 2));
  const all = [...ranked, follow, navigate].sort((a, b) => b.score - a.score || a.order - b.order);
  // Unique names: the higher-ranked keeps the plain name; reserved names stay with their tools.
  const used = new Set<string>(['navigate', 'follow_link']);
  const out: PageTool[] = [];
  for (const c of all) {
    let name = c.base;
    if (c !== follow && c !== navigate) {
      if (!name) name = 'tool';
      for (let k = 2; used.has(name); k++) name = `${c.base}_${k}`;
      used.add(name);
    }
    out.push({ tool: { ...c.tool, name }, binding: c.binding });
  }
  return out;
}
