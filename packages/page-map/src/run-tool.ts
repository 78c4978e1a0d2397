/**
 * Executes one tool call against the live page: validate params against the tool, find the
 * elements again (the page may have re-rendered), fill, submit or click, wait for the outcome
 * (navigation, in-page update, quiet network) within the budget, and for login tools classify
 * what the site answered.
 *
 * SECURITY: param values (passwords!) never appear in results, errors or logs. Error messages are
 * built from param NAMES only; any text that comes from the page is redacted of the values.
 */
import type { HTTPRequest, Page, Frame } from 'puppeteer-core';
import type { ToolParams } from '@pagemap/contracts';
import { callPageScript } from './page-script/call';
import type { PageScriptResponse, FillField, PageSignals } from './page-script/types';
import { isOtpField, purposeOf, type ButtonBinding, type FieldBinding, type FormBinding, type LinkListBinding, type WebMcpBinding } from './tools';
import { rawExtract } from './extract';
import { callWebMcp } from './webmcp';
import { classifyLogin, LOGIN_MESSAGES, REJECTED } from './login-outcome';
import type { PageMap, PageTool, RunToolOptions, ToolCall, ToolRunOutcome } from './types';

type Code = NonNullable<ToolRunOutcome['result']['error']>['code'];

class ToolError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

const ok = (tool: string, navigated: boolean, login = false): ToolRunOutcome => ({ result: { tool, success: true, error: null }, navigated, login });
const fail = (tool: string, code: Code, message: string, navigated = false, login = false): ToolRunOutcome => ({
  result: { tool, success: false, error: { code, message } },
  navigated,
  login,
});

/** Removes every param value from a text that may echo it (page-provided messages). */
export function redact(text: string, params: ToolParams | undefined): string {
  let out = text;
  for (const v of Object.values(params ?? {})) {
    for (const s of Array.isArray(v) ? v : [String(v)]) {
      if (s.length >= 3) out = out.split(s).join('[redacted]');
    }
  }
  return out;
}

type Value = string | number | boolean | string[];

/** Checks names, presence and types; returns normalized values. Messages name params, never values. */
function validate(tool: PageTool, params: ToolParams): Record<string, Value> {
  const defs = new Map(tool.tool.params.map((p) => [p.name, p]));
  for (const name of Object.keys(params)) {
    if (!defs.has(name)) throw new ToolError('INVALID_PARAMS', `Unknown parameter "${name.slice(0, 60)}" for tool ${tool.tool.name}; it takes: ${[...defs.keys()].join(', ') || 'no parameters'}.`);
  }
  const out: Record<string, Value> = {};
  for (const p of tool.tool.params) {
    const v = params[p.name];
    if (v === undefined || v === null || v === '') {
      if (p.required) throw new ToolError('INVALID_PARAMS', `Missing required parameter "${p.name}" for tool ${tool.tool.name}.`);
      continue;
    }
    switch (p.type) {
      case 'boolean':
        if (typeof v === 'boolean') out[p.name] = v;
        else if (v === 'true' || v === 'false') out[p.name] = v === 'true';
        else throw new ToolError('INVALID_PARAMS', `Parameter "${p.name}" must be true or false.`);
        break;
      case 'number': {
        const n = typeof v === 'number' ? v : Number(v);
        if (Array.isArray(v) || !Number.isFinite(n)) throw new ToolError('INVALID_PARAMS', `Parameter "${p.name}" must be a number.`);
        out[p.name] = String(n);
        break;
      }
      case 'enum': {
        const vals = Array.isArray(v) ? v : [String(v)];
        const binding = tool.binding.kind === 'form' ? (tool.binding as FormBinding).fields.find((f) => f.param === p.name) : undefined;
        const allowed = new Set([...(p.options ?? []), ...(binding?.optionValues ?? [])].map((x) => x.toLowerCase()));
        if (Array.isArray(v) && !binding?.multiple && tool.binding.kind !== 'webmcp') throw new ToolError('INVALID_PARAMS', `Parameter "${p.name}" takes one value.`);
        if (allowed.size && vals.some((x) => !allowed.has(x.toLowerCase()))) throw new ToolError('INVALID_PARAMS', `Parameter "${p.name}" must be one of its options.`);
        out[p.name] = v;
        break;
      }
      default:
        if (Array.isArray(v) || typeof v === 'boolean') throw new ToolError('INVALID_PARAMS', `Parameter "${p.name}" must be a string.`);
        out[p.name] = String(v);
    }
  }
  return out;
}

function remainingOf(deadline: number): number {
  return Math.max(0, deadline - Date.now());
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs `action` and waits for what it causes: a main-frame navigation (until the new document is
 * interactive, then briefly for quiet network) or an in-page update (quiet network). Bounded.
 */
async function settle(page: Page, deadline: number, action: () => Promise<void>): Promise<{ navigated: boolean; timedOut: boolean }> {
  const startUrl = page.url();
  let navRequested = false;
  let committed = false;
  let resolveNav: () => void = () => {};
  const navStarted = new Promise<void>((r) => (resolveNav = r));
  let navEndedAt = 0;
  const onRequest = (r: HTTPRequest) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) {
      navRequested = true;
      navEndedAt = 0;
      resolveNav();
    }
  };
  const onRequestDone = (r: HTTPRequest) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navEndedAt = Date.now();
  };
  const onNavigated = (f: Frame) => {
    if (f === page.mainFrame()) {
      committed = true;
      resolveNav();
    }
  };
  page.on('request', onRequest);
  page.on('requestfinished', onRequestDone);
  page.on('requestfailed', onRequestDone);
  page.on('framenavigated', onNavigated);
  let timedOut = false;
  try {
    await action();
    // A submit or click that navigates issues its request at once; give it a short window.
    await Promise.race([navStarted, sleep(Math.min(100, remainingOf(deadline)))]);
    if (!navRequested && !committed) {
      // In-page update: wait until the network has been quiet briefly. A navigation that starts
      // meanwhile (a script redirect after a fetch) is caught by the listeners and waited for below.
      await page.waitForNetworkIdle({ idleTime: 120, timeout: Math.max(1, Math.min(remainingOf(deadline), 4000)), concurrency: 0 }).catch(() => undefined);
    }
    if (navRequested || committed) {
      // Wait for the new document: committed, and at least interactive. A navigation request
      // that ends without a new document (204, download, aborted) ends the wait too.
      for (;;) {
        if (remainingOf(deadline) <= 0) {
          timedOut = true;
          break;
        }
        if (committed) {
          const state = await page.evaluate(() => document.readyState).catch(() => 'loading');
          if (state !== 'loading') break;
        } else if (navEndedAt && Date.now() - navEndedAt > 300) break;
        await sleep(40);
      }
      if (!timedOut) await page.waitForNetworkIdle({ idleTime: 200, timeout: Math.max(1, Math.min(remainingOf(deadline), 1500)), concurrency: 1 }).catch(() => undefined);
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onRequestDone);
    page.off('requestfailed', onRequestDone);
    page.off('framenavigated', onNavigated);
  }
  const navigated = committed && (navRequested || page.url() !== startUrl);
  return { navigated, timedOut };
}

/** `form`: the submitted sign-in form, whose own state (present again, errors) the signals then include. */
async function signals(page: Page, form?: FormBinding): Promise<PageSignals> {
  const want = form ? { sig: form.sig, idx: form.idx, keys: form.fields.map((f) => f.key).filter(Boolean) } : undefined;
  for (let i = 0; i < 3; i++) {
    try {
      const r = await callPageScript(page, { op: 'signals', ...(want ? { form: want } : {}) });
      if (r.op === 'signals') return r.signals;
    } catch {
      await sleep(100); // a navigation was still replacing the context
    }
  }
  return { url: page.url(), title: '', password: false, otp: false, captcha: false, alerts: [], text: '' };
}

async function fillForm(page: Page, binding: FormBinding, values: Record<string, Value>, submit: boolean): Promise<{ hadCaptcha: boolean }> {
  const fields: FillField[] = [];
  for (const f of binding.fields) {
    const v = values[f.param];
    if (v === undefined || !f.key) continue;
    fields.push({ key: f.key, param: f.param, value: v });
  }
  const r = await callPageScript(page, { op: 'fill', sig: binding.sig, idx: binding.idx, fields, submit });
  if (r.op !== 'fill') throw new Error('page script answered the wrong operation');
  if (!r.ok) {
    throw new ToolError(
      'ELEMENT_GONE',
      r.reason === 'field_gone'
        ? `The form's "${r.field ?? 'unknown'}" field is no longer on the page (it re-rendered); see the fresh tool list.`
        : 'The form behind this tool is no longer on the page (it re-rendered or was removed); see the fresh tool list.',
    );
  }
  return { hadCaptcha: r.hadCaptcha };
}

async function runLogin(page: Page, tool: PageTool, binding: FormBinding, values: Record<string, Value>, deadline: number): Promise<ToolRunOutcome> {
  const name = tool.tool.name;
  const startUrl = page.url();
  let hadCaptcha = false;
  const first = await settle(page, deadline, async () => {
    hadCaptcha = (await fillForm(page, binding, values, true)).hadCaptcha;
  });
  let navigated = first.navigated;
  if (first.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
  // Two-step: the username went first; the password goes into the next step's form.
  let step: FormBinding | undefined;
  if (binding.twoStep && values.password !== undefined) {
    for (let i = 0; i < 10 && !step && remainingOf(deadline) > 0; i++) {
      const raw = await rawExtract(page).catch(() => null);
      const g = raw?.groups.find((x) => x.fields.some((f) => f.type === 'password') && purposeOf(x) === 'login') ?? raw?.groups.find((x) => x.fields.some((f) => f.type === 'password'));
      if (g) {
        const fields: FieldBinding[] = [];
        const pw = g.fields.find((f) => f.type === 'password')!;
        fields.push({ param: 'password', key: pw.key, type: 'password', required: true });
        const user = g.fields.find((f) => f !== pw && ['text', 'email', 'tel'].includes(f.type));
        if (user) fields.push({ param: 'username', key: user.key, type: 'string', required: false });
        step = { kind: 'form', purpose: 'login', sig: g.sig, idx: g.idx, fields, twoStep: false, declared: false };
        break;
      }
      const s = await signals(page);
      if (s.captcha || s.otp || s.alerts.some((a) => REJECTED.test(a))) break; // the first step already failed or asks for more
      await sleep(150);
    }
    if (step) {
      const second = await settle(page, deadline, async () => {
        const r = await fillForm(page, step!, values, true);
        hadCaptcha = hadCaptcha || r.hadCaptcha;
      });
      navigated = navigated || second.navigated;
      if (second.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The sign-in did not finish within the time budget.', navigated, true);
    }
  }
  const s = await signals(page, step ?? binding);
  const verdict = classifyLogin(s, { url: startUrl, hadCaptcha });
  if (verdict === 'ok') return ok(name, navigated || page.url() !== startUrl, true);
  return fail(name, verdict, LOGIN_MESSAGES[verdict], navigated || page.url() !== startUrl, true);
}

function findLink(binding: LinkListBinding, wanted: string, base: string): string | null {
  const w = wanted.trim().toLowerCase().replace(/\s+/g, ' ');
  const byText = binding.links.find((l) => l.text.toLowerCase() === w);
  if (byText) return byText.href;
  let abs: string | null = null;
  try {
    abs = new URL(wanted.trim(), base).href;
  } catch {
    abs = null;
  }
  if (abs) {
    const byHref = binding.links.find((l) => l.href === abs || l.href.replace(/\/$/, '') === abs!.replace(/\/$/, ''));
    if (byHref) return byHref.href;
  }
  const partial = binding.links.filter((l) => l.text.toLowerCase().includes(w));
  if (w.length >= 3 && partial.length >= 1) return partial[0]!.href;
  return null;
}

async function goTo(page: Page, name: string, target: string, deadline: number, opts: RunToolOptions): Promise<ToolRunOutcome> {
  let url: URL;
  try {
    url = new URL(target, page.url());
  } catch {
    return fail(name, 'INVALID_PARAMS', 'The target is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(name, 'INVALID_PARAMS', 'Only http and https URLs can be opened.');
  const refused = opts.checkUrl?.(url.href);
  if (refused) return fail(name, refused.code, refused.message);
  const before = page.url();
  try {
    await page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: Math.max(1, remainingOf(deadline)), signal: opts.signal });
  } catch (err) {
    const e = err as Error;
    const navigated = page.url() !== before;
    if (e.name === 'TimeoutError' || remainingOf(deadline) <= 0) return fail(name, 'TOOL_TIMEOUT', 'The page did not load within the time budget.', navigated);
    const net = /net::ERR_[A-Z_]+/.exec(e.message)?.[0];
    return fail(name, 'NAVIGATION_FAILED', `The page could not be loaded${net ? ` (${net})` : ''}.`, navigated);
  }
  await page.waitForNetworkIdle({ idleTime: 200, timeout: Math.max(1, Math.min(remainingOf(deadline), 1500)), concurrency: 1 }).catch(() => undefined);
  return ok(name, true);
}

export async function runTool(page: Page, map: PageMap, call: ToolCall, opts: RunToolOptions): Promise<ToolRunOutcome> {
  const name = call.tool;
  const deadline = Date.now() + opts.timeoutMs;
  const tool = map.tools.find((t) => t.tool.name === name);
  if (!tool) return fail(name, 'UNKNOWN_TOOL', `No tool named "${name.slice(0, 80)}" on this page; use one of: ${map.tools.map((t) => t.tool.name).slice(0, 40).join(', ')}.`);
  if (opts.signal?.aborted) return fail(name, 'TOOL_TIMEOUT', 'The tool was cancelled before it ran.');
  let values: Record<string, Value>;
  try {
    values = validate(tool, call.params ?? {});
  } catch (err) {
    if (err instanceof ToolError) return fail(name, err.code, err.message);
    throw err;
  }
  const isLogin = tool.binding.kind === 'form' && (tool.binding as FormBinding).purpose === 'login';
  try {
    switch (tool.binding.kind) {
      case 'navigate':
        return await goTo(page, name, String(values.url), deadline, opts);
      case 'follow_link': {
        const href = findLink(tool.binding as LinkListBinding, String(values.link), page.url());
        if (!href) return fail(name, 'INVALID_PARAMS', 'Parameter "link" matches no link on this page; use one of the listed options or a link URL.');
        return await goTo(page, name, href, deadline, opts);
      }
      case 'form': {
        const binding = tool.binding as FormBinding;
        if (isLogin) return await runLogin(page, tool, binding, values, deadline);
        const r = await settle(page, deadline, async () => void (await fillForm(page, binding, values, true)));
        if (r.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
        if (binding.purpose === 'verify_code') {
          const s = await signals(page);
          if (s.otp && s.alerts.some((a) => REJECTED.test(a))) return fail(name, 'TOOL_FAILED', 'The site did not accept the code.', r.navigated, true);
          return ok(name, r.navigated, true);
        }
        return ok(name, r.navigated);
      }
      case 'button': {
        const b = tool.binding as ButtonBinding;
        const r = await settle(page, deadline, async () => {
          const res = await callPageScript(page, { op: 'click', key: b.key, idx: b.idx });
          if (res.op !== 'click' || !res.ok) throw new ToolError('ELEMENT_GONE', 'The button behind this tool is no longer on the page; see the fresh tool list.');
        });
        if (r.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The page did not finish responding within the time budget.', r.navigated);
        return ok(name, r.navigated);
      }
      case 'webmcp': {
        const b = tool.binding as WebMcpBinding;
        let res: Awaited<ReturnType<typeof callWebMcp>> | 'timeout' = 'timeout';
        let timer: NodeJS.Timeout | undefined;
        const r = await settle(page, deadline, async () => {
          res = await Promise.race([
            callWebMcp(page, b.name, values as Record<string, unknown>).catch((e: Error) => (/context was destroyed|navigat/i.test(e.message) ? { ok: true } : { ok: false, error: 'the tool failed' })),
            new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remainingOf(deadline)))),
          ]);
          clearTimeout(timer);
        });
        const out = res as Awaited<ReturnType<typeof callWebMcp>> | 'timeout';
        if (out === 'timeout' || r.timedOut) return fail(name, 'TOOL_TIMEOUT', 'The page\'s tool did not finish within the time budget.', r.navigated);
        if (out.missing) return fail(name, 'ELEMENT_GONE', 'The page no longer provides this tool; see the fresh tool list.', r.navigated);
        if (!out.ok) return fail(name, 'TOOL_FAILED', `The page's tool reported an error: ${redact(out.error ?? 'unknown error', call.params)}`, r.navigated);
        return ok(name, r.navigated);
      }
      default:
        return fail(name, 'UNKNOWN_TOOL', 'This tool cannot be executed.');
    }
  } catch (err) {
    if (err instanceof ToolError) return fail(name, err.code, err.message, false, isLogin);
    const e = err as Error;
    if (e.name === 'TimeoutError') return fail(name, 'TOOL_TIMEOUT', 'The tool did not finish within its time budget.', false, isLogin);
    if (/context was destroyed|detached|Target closed/i.test(e.message)) return fail(name, 'TOOL_FAILED', 'The page went away while the tool ran.', true, isLogin);
    // Never echo the raw error: it could carry a typed value. Name the class only.
    return fail(name, 'TOOL_FAILED', `The tool failed in the page (${e.name}).`, false, isLogin);
  }
}

export { isOtpField };
