/**
 * The in-page agent: ONE self-contained function that runs inside the page through
 * `page.evaluate(pageAgent, request)`. Puppeteer serializes it with Function.prototype.toString,
 * so it must not close over anything from Node: every helper lives inside it, and only plain
 * JSON goes in and out.
 *
 * The same grouping code serves extraction and execution: the runner re-walks the page and
 * re-groups controls exactly as the extractor did, then finds its form again by a signature made
 * of the fields' stable identities (type + name/label, never generated ids or values). That is
 * how a tool survives a re-render (React replacing every node) and how it fails cleanly
 * (`gone`) when the form is really no longer there.
 */
import type { Page } from 'puppeteer-core';
import type { AgentRequest, AgentResponse, RawButton, RawField, RawGroup, RawLink, RawPage } from './types';

/** Runs the agent in the page's main frame. */
export function callAgent(page: Page, req: AgentRequest): Promise<AgentResponse> {
  return page.evaluate(pageAgent, req) as Promise<AgentResponse>;
}

export function pageAgent(req: AgentRequest): AgentResponse {
  const t0 = performance.now();
  const W = window as unknown as Record<string | symbol, unknown>;
  const CAPTCHA_SEL =
    '.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey],iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="challenges.cloudflare.com"],iframe[title*="captcha" i],textarea[name="g-recaptcha-response"],textarea[name="h-captcha-response"],input[name*="captcha" i],img[src*="captcha" i],[id*="captcha" i],[class*="captcha" i]';
  const BUTTON_SEL = 'button,input[type=submit],input[type=button],input[type=image],[role=button]';
  const SKIP_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'image', 'reset', 'file']);
  const BLOCK_TAGS = new Set([
    'P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'SECTION', 'ARTICLE', 'MAIN', 'BLOCKQUOTE', 'PRE', 'TD', 'TH', 'DT', 'DD',
    'FIGCAPTION', 'TR', 'BUTTON', 'UL', 'OL', 'TABLE', 'FORM', 'FIELDSET', 'LEGEND', 'LABEL', 'BODY', 'HEADER', 'FOOTER', 'NAV', 'ASIDE', 'BR',
  ]);
  const NOT_CONTENT =
    'nav,header,footer,aside,script,style,noscript,template,svg,[role=navigation],[role=banner],[role=contentinfo],[role=complementary],[aria-hidden=true],[hidden],dialog:not([open])';
  const BANNER = '[id*="cookie" i],[class*="cookie" i],[id*="consent" i],[class*="consent" i],[aria-label*="cookie" i],[class*="gdpr" i]';

  const clean = (s: string | null | undefined, max = 200): string => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    return t.length > max ? t.slice(0, max - 1) + '…' : t;
  };
  const slug = (s: string): string =>
    s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);

  const visible = (el: Element): boolean => {
    const e = el as Element & { checkVisibility?: (o?: object) => boolean };
    if (typeof e.checkVisibility === 'function') return e.checkVisibility({ visibilityProperty: true });
    return el.getClientRects().length > 0;
  };

  /** Text of a node without the text of form controls inside it (a wrapping label). */
  const ownText = (node: Element, max = 120): string => {
    let out = '';
    const walk = (n: Node): void => {
      if (out.length > max * 2) return;
      if (n.nodeType === 3) out += ' ' + (n.nodeValue ?? '');
      else if (n.nodeType === 1) {
        const tag = (n as Element).tagName;
        if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'SCRIPT' || tag === 'STYLE' || tag === 'OPTION') return;
        if (tag === 'INPUT') return;
        for (const c of Array.from(n.childNodes)) walk(c);
      }
    };
    walk(node);
    return clean(out, max);
  };

  const textOf = (el: Element, max = 120): string => {
    const e = el as HTMLElement;
    return clean(e.innerText !== undefined && e.isConnected ? e.innerText : e.textContent, max);
  };

  // ---------- the walk: documents, open shadow roots, same-origin iframes ----------
  interface RootInfo {
    root: Document | ShadowRoot;
    frame: string;
    shadow: boolean;
  }
  const roots: RootInfo[] = [];
  const walkRoot = (root: Document | ShadowRoot, frame: string, shadow: boolean, depth: number): void => {
    roots.push({ root, frame, shadow });
    if (depth > 6) return;
    let iframeIdx = 0;
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) walkRoot(el.shadowRoot, frame, true, depth + 1);
      if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
        const idx = iframeIdx++;
        let doc: Document | null = null;
        try {
          doc = (el as HTMLIFrameElement).contentDocument;
        } catch {
          doc = null; // cross-origin: not ours to read
        }
        if (doc && doc.documentElement && visible(el)) walkRoot(doc, `${frame}/${idx}`, false, depth + 1);
      }
    }
  };
  walkRoot(document, '', false, 0);

  const region = (el: Element): { inMain: boolean; chrome: string } => {
    const inMain = !!el.closest('main,[role=main],article');
    let chrome = '';
    if (el.closest(BANNER)) chrome = 'banner';
    else if (el.closest('nav,[role=navigation]')) chrome = 'nav';
    else if (el.closest('footer,[role=contentinfo]')) chrome = 'footer';
    else if (el.closest('header,[role=banner]')) chrome = 'header';
    else if (el.closest('aside,[role=complementary]')) chrome = 'aside';
    return { inMain, chrome };
  };

  const byId = (root: Document | ShadowRoot, id: string): Element | null =>
    (root as Document).getElementById ? (root as Document).getElementById(id) : root.querySelector(`#${CSS.escape(id)}`);

  const labelOf = (el: Element, root: Document | ShadowRoot): { label: string; nearby: string } => {
    const lb = el.getAttribute('aria-labelledby');
    if (lb) {
      const t = clean(lb.split(/\s+/).map((id) => { const n = byId(root, id); return n ? n.textContent ?? '' : ''; }).join(' '));
      if (t) return { label: t, nearby: '' };
    }
    const al = el.getAttribute('aria-label');
    if (al && al.trim()) return { label: clean(al), nearby: '' };
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) {
      const t = clean(Array.from(labels).map((l) => ownText(l)).join(' '));
      if (t) return { label: t, nearby: '' };
    }
    const wrap = el.closest('label');
    if (wrap) {
      const t = ownText(wrap);
      if (t) return { label: t, nearby: '' };
    }
    const title = el.getAttribute('title');
    if (title && title.trim()) return { label: clean(title), nearby: '' };
    // Nearby text: the closest preceding text in the same container (a div-built form).
    let nearby = '';
    let cur: Element | null = el;
    for (let up = 0; up < 3 && cur && !nearby; up++) {
      let sib: Element | null = cur.previousElementSibling;
      for (let k = 0; k < 2 && sib && !nearby; k++) {
        if (!sib.querySelector('input,select,textarea,button')) nearby = clean(sib.textContent, 80);
        sib = sib.previousElementSibling;
      }
      if (!nearby) {
        const prevText = cur.previousSibling;
        if (prevText && prevText.nodeType === 3) nearby = clean(prevText.nodeValue, 80);
      }
      cur = cur.parentElement;
    }
    return { label: '', nearby };
  };

  const buttonLabel = (b: Element): string => {
    const tag = b.tagName;
    if (tag === 'INPUT') return clean((b as HTMLInputElement).value || b.getAttribute('aria-label') || b.getAttribute('alt') || (b as HTMLInputElement).type, 80);
    const al = b.getAttribute('aria-label');
    if (al && al.trim()) return clean(al, 80);
    const t = textOf(b, 80);
    if (t) return t;
    const img = b.querySelector('img[alt]');
    if (img) return clean(img.getAttribute('alt'), 80);
    return clean(b.getAttribute('title') ?? '', 80);
  };

  const isField = (el: Element): boolean => {
    const tag = el.tagName;
    if (tag === 'INPUT') return !SKIP_INPUT_TYPES.has(((el as HTMLInputElement).type || 'text').toLowerCase());
    if (tag === 'SELECT' || tag === 'TEXTAREA') return true;
    return (el as HTMLElement).isContentEditable === true && el.getAttribute('contenteditable') !== null;
  };
  const WIDGET = '.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey]';
  const fieldVisible = (el: Element): boolean => {
    if (el.closest(WIDGET)) return false; // a CAPTCHA widget's own checkbox is not a parameter
    if (visible(el)) return true;
    const t = (el as HTMLInputElement).type;
    if (t === 'checkbox' || t === 'radio') {
      const l = (el as HTMLInputElement).labels;
      return !!(l && Array.from(l).some((x) => visible(x)));
    }
    return false;
  };

  // ---------- grouping: <form>s and form-like widgets ----------
  interface Group {
    kind: 'form' | 'widget';
    container: Element;
    form: HTMLFormElement | null;
    fields: Element[];
    buttons: Element[];
    ri: RootInfo;
  }
  const groups: Group[] = [];
  const claimed = new Set<Element>();
  for (const ri of roots) {
    for (const form of Array.from(ri.root.querySelectorAll('form'))) {
      const fields = Array.from(form.elements).filter((e) => isField(e) && fieldVisible(e));
      const buttons = Array.from(form.querySelectorAll(BUTTON_SEL)).filter((b) => visible(b) && (b as HTMLButtonElement).type !== 'reset');
      for (const f of fields) claimed.add(f);
      for (const b of buttons) claimed.add(b);
      if (fields.length === 0 && buttons.length === 0) continue;
      if (!visible(form) && fields.length === 0) continue;
      groups.push({ kind: 'form', container: form, form, fields, buttons, ri });
    }
    // Fields outside any <form>: group each with the nearest ancestor that also holds a button.
    const loose = Array.from(ri.root.querySelectorAll('input,select,textarea,[contenteditable]')).filter(
      (e) => !claimed.has(e) && !e.closest('form') && !(e as HTMLInputElement).form && isField(e) && fieldVisible(e),
    );
    for (const f of loose) {
      if (claimed.has(f)) continue;
      let c: Element | null = f.parentElement;
      let found: Element | null = null;
      for (let up = 0; up < 6 && c; up++, c = c.parentElement) {
        if (c.tagName === 'BODY' || c.tagName === 'HTML') break;
        const btn = Array.from(c.querySelectorAll(BUTTON_SEL)).find((b) => !b.closest('form') && visible(b));
        if (btn) {
          found = c;
          break;
        }
      }
      const t = ((f as HTMLInputElement).type || '').toLowerCase();
      if (!found) {
        // A lone search box works with Enter; anything else without a button is not a tool.
        if (t === 'search' || /search|query|^q$/i.test((f as HTMLInputElement).name || '')) {
          claimed.add(f);
          groups.push({ kind: 'widget', container: f.parentElement ?? f, form: null, fields: [f], buttons: [], ri });
        }
        continue;
      }
      const fields = Array.from(found.querySelectorAll('input,select,textarea,[contenteditable]')).filter(
        (e) => !claimed.has(e) && !e.closest('form') && isField(e) && fieldVisible(e),
      );
      if (fields.length > 12) continue; // a page region, not a form
      const buttons = Array.from(found.querySelectorAll(BUTTON_SEL)).filter((b) => !b.closest('form') && !claimed.has(b) && visible(b));
      for (const e of fields) claimed.add(e);
      for (const b of buttons) claimed.add(b);
      groups.push({ kind: 'widget', container: found, form: null, fields, buttons, ri });
    }
  }

  const headingFor = (el: Element): string => {
    // The form's own legend/heading, else the closest heading before it.
    const own = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]') ?? (el.querySelectorAll('fieldset').length === 1 && el.querySelectorAll('input,select,textarea').length === el.querySelector('fieldset')!.querySelectorAll('input,select,textarea').length ? el.querySelector('legend') : null);
    if (own) return textOf(own, 100);
    let cur: Element | null = el;
    for (let up = 0; up < 4 && cur; up++) {
      let sib = cur.previousElementSibling;
      for (let k = 0; k < 4 && sib; k++, sib = sib.previousElementSibling) {
        if (/^H[1-6]$/.test(sib.tagName) || sib.getAttribute('role') === 'heading') return textOf(sib, 100);
        const h = sib.querySelector('h1,h2,h3,h4,h5,h6');
        if (h) return textOf(h, 100);
      }
      cur = cur.parentElement;
    }
    return '';
  };

  const fieldKey = (f: RawField): string => `${f.type}:${f.name || slug(f.label) || slug(f.placeholder) || f.id || '_'}`;

  const describeField = (el: Element, ri: RootInfo): RawField => {
    const tag = el.tagName.toLowerCase();
    const inp = el as HTMLInputElement;
    let type = tag === 'input' ? (inp.type || 'text').toLowerCase() : tag === 'select' ? 'select' : tag === 'textarea' ? 'textarea' : 'contenteditable';
    const { label, nearby } = labelOf(el, ri.root);
    const f: RawField = {
      key: '',
      type,
      name: el.getAttribute('name') ?? '',
      id: el.id ?? '',
      label,
      nearby,
      placeholder: clean(el.getAttribute('placeholder'), 100),
      autocomplete: (el.getAttribute('autocomplete') ?? '').toLowerCase(),
      required: inp.required === true || el.getAttribute('aria-required') === 'true',
      multiple: tag === 'select' ? (el as HTMLSelectElement).multiple : false,
      paramDesc: clean(el.getAttribute('toolparamdescription'), 200),
      inputmode: (el.getAttribute('inputmode') ?? '').toLowerCase(),
      maxlength: inp.maxLength > 0 ? inp.maxLength : 0,
      pattern: el.getAttribute('pattern') ?? '',
    };
    if (tag === 'select') {
      const opts = Array.from((el as HTMLSelectElement).options).filter((o) => !o.disabled && !(o.value === '' && o.index === 0));
      f.options = opts.slice(0, 50).map((o) => clean(o.label || o.text, 80));
      f.optionValues = opts.slice(0, 50).map((o) => o.value);
    }
    if (type === 'password') type = 'password';
    f.key = fieldKey(f);
    return f;
  };

  /** Turns a group's elements into fields, merging radios (and same-name checkboxes) into one. */
  const groupFields = (g: Group): { raw: RawField[]; els: Element[][] } => {
    const raw: RawField[] = [];
    const els: Element[][] = [];
    const byName = new Map<string, number>();
    for (const el of g.fields) {
      const inp = el as HTMLInputElement;
      const t = (inp.type || '').toLowerCase();
      if ((t === 'radio' || t === 'checkbox') && inp.name) {
        const k = `${t}:${inp.name}`;
        const at = byName.get(k);
        const optLabel = labelOf(el, g.ri.root).label || inp.value;
        if (at !== undefined) {
          raw[at]!.options!.push(clean(optLabel, 80));
          raw[at]!.optionValues!.push(inp.value);
          if (t === 'checkbox') raw[at]!.type = 'checkbox-group';
          els[at]!.push(el);
          continue;
        }
        const f = describeField(el, g.ri);
        // The group's own label is the fieldset legend or the nearby text; the element label names an option.
        const fs = el.closest('fieldset');
        const legend = fs ? fs.querySelector('legend') : null;
        const groupLabel = el.getAttribute('role') === null && legend ? textOf(legend, 100) : '';
        f.options = [clean(optLabel, 80)];
        f.optionValues = [inp.value];
        if (t === 'radio') {
          f.label = groupLabel || f.nearby || inp.name;
        } else {
          f.label = f.label || groupLabel;
        }
        f.key = fieldKey({ ...f, label: t === 'radio' ? '' : f.label });
        byName.set(k, raw.length);
        raw.push(f);
        els.push([el]);
        continue;
      }
      raw.push(describeField(el, g.ri));
      els.push([el]);
    }
    return { raw, els };
  };

  const pickSubmit = (g: Group): Element | null => {
    if (g.buttons.length === 0) return null;
    const typed = g.buttons.find((b) => (b.tagName === 'BUTTON' && ((b as HTMLButtonElement).type || 'submit') === 'submit') || (b.tagName === 'INPUT' && ['submit', 'image'].includes((b as HTMLInputElement).type)));
    if (typed && g.form) return typed;
    const words = /sign|log|submit|search|send|go|continue|next|subscribe|save|add|buy|book|join|register|find|apply|post|verify|confirm/i;
    return g.buttons.find((b) => words.test(buttonLabel(b))) ?? typed ?? g.buttons[g.buttons.length - 1] ?? null;
  };

  const rawGroups: RawGroup[] = [];
  const sigCount = new Map<string, number>();
  const groupEls: { g: Group; els: Element[][]; submit: Element | null }[] = [];
  let order = 0;
  for (const g of groups) {
    const { raw, els } = groupFields(g);
    const submit = pickSubmit(g);
    const submitLabel = submit ? buttonLabel(submit) : '';
    const sig = `${g.kind}|${raw.map((f) => f.key).join(',')}|${slug(submitLabel)}`;
    const idx = sigCount.get(sig) ?? 0;
    sigCount.set(sig, idx + 1);
    const c = g.container;
    const reg = region(c);
    rawGroups.push({
      sig,
      idx,
      kind: g.kind,
      toolname: clean(g.form?.getAttribute('toolname'), 80),
      tooldescription: clean(g.form?.getAttribute('tooldescription'), 400),
      formId: c.id ?? '',
      formName: g.form?.getAttribute('name') ?? '',
      action: g.form ? g.form.getAttribute('action') ?? '' : '',
      method: g.form ? (g.form.getAttribute('method') ?? 'get').toLowerCase() : '',
      role: c.getAttribute('role') ?? '',
      ariaLabel: clean(c.getAttribute('aria-label') ?? (c.getAttribute('aria-labelledby') ? byId(g.ri.root, c.getAttribute('aria-labelledby')!)?.textContent : ''), 100),
      className: clean(`${typeof c.className === 'string' ? c.className : ''} ${c.id}`, 120),
      heading: headingFor(c),
      text: textOf(c, 300),
      submitLabel,
      buttons: g.buttons.map((b) => buttonLabel(b)).filter(Boolean).slice(0, 8),
      fields: raw,
      inMain: reg.inMain,
      chrome: reg.chrome,
      frame: g.ri.frame,
      shadow: g.ri.shadow,
      hasCaptcha: !!c.querySelector(CAPTCHA_SEL),
      order: order++,
    });
    groupEls.push({ g, els, submit });
  }

  // ---------- standalone buttons ----------
  const rawButtons: RawButton[] = [];
  const buttonEls: Element[] = [];
  const btnCount = new Map<string, number>();
  for (const ri of roots) {
    for (const b of Array.from(ri.root.querySelectorAll(BUTTON_SEL))) {
      if (claimed.has(b) || b.closest('form') || !visible(b)) continue;
      if ((b as HTMLButtonElement).disabled) continue;
      if (b.tagName === 'A' && (b as HTMLAnchorElement).href && !/^javascript:|#$/.test(b.getAttribute('href') ?? '')) continue; // a link
      const label = buttonLabel(b);
      if (!label) continue;
      const key = slug(label);
      if (!key) continue;
      const idx = btnCount.get(key) ?? 0;
      btnCount.set(key, idx + 1);
      const reg = region(b);
      rawButtons.push({ key, idx, label, inMain: reg.inMain, chrome: reg.chrome, frame: ri.frame, expanded: b.getAttribute('aria-expanded'), order: order++ });
      buttonEls.push(b);
      if (rawButtons.length >= 80) break;
    }
  }

  const findGroup = (sig: string, idx: number, keys: string[]): { g: Group; els: Element[][]; submit: Element | null; raw: RawGroup } | null => {
    const same = rawGroups.map((r, i) => ({ r, i })).filter((x) => x.r.sig === sig);
    const hit = same.find((x) => x.r.idx === idx) ?? same[0];
    if (hit) return { ...groupEls[hit.i]!, raw: hit.r };
    // Re-rendered with different markup: the first group holding all the bound fields.
    for (let i = 0; i < rawGroups.length; i++) {
      const have = new Set(rawGroups[i]!.fields.map((f) => f.key));
      if (keys.length > 0 && keys.every((k) => have.has(k))) return { ...groupEls[i]!, raw: rawGroups[i]! };
    }
    return null;
  };

  const pageSignals = () => {
    const q = (sel: string): boolean => roots.some((r) => {
      try {
        return Array.from(r.root.querySelectorAll(sel)).some((e) => e.tagName === 'IFRAME' || e.tagName === 'TEXTAREA' || e.tagName === 'INPUT' || visible(e) || e.getAttribute('data-sitekey') !== null);
      } catch {
        return false;
      }
    });
    const alerts: string[] = [];
    for (const r of roots) {
      for (const e of Array.from(r.root.querySelectorAll('[role=alert],[aria-live],.error,.errors,.alert,.flash,.invalid-feedback,.notice,.message,[class*="error" i]'))) {
        if (visible(e)) {
          const t = textOf(e, 200);
          if (t) alerts.push(t);
        }
        if (alerts.length > 10) break;
      }
    }
    let password = false;
    let otp = false;
    for (const r of roots) {
      for (const e of Array.from(r.root.querySelectorAll('input'))) {
        if (!visible(e)) continue;
        const t = (e.type || '').toLowerCase();
        if (t === 'password') password = true;
        const ac = (e.getAttribute('autocomplete') ?? '').toLowerCase();
        const id = `${e.name} ${e.id} ${e.getAttribute('aria-label') ?? ''} ${e.placeholder ?? ''} ${labelOf(e, r.root).label}`;
        if (ac === 'one-time-code' || /\b(otp|totp|2fa|mfa|one[- ]?time|verification[ _-]?code|security[ _-]?code|auth(entication)?[ _-]?code)\b/i.test(id)) otp = true;
      }
    }
    const captcha = q('.g-recaptcha,.h-captcha,.cf-turnstile,[data-sitekey],iframe[src*="recaptcha"],iframe[src*="hcaptcha"],iframe[src*="challenges.cloudflare.com"],textarea[name="g-recaptcha-response"],textarea[name="h-captcha-response"]');
    const body = document.body;
    return {
      url: location.href,
      title: clean(document.title, 300),
      password,
      otp,
      captcha,
      alerts,
      text: body ? clean(body.innerText, 4000) : '',
    };
  };

  // ---------- operations ----------
  if (req.op === 'signals') return { op: 'signals', signals: pageSignals() };

  if (req.op === 'fill') {
    const hit = findGroup(req.sig, req.idx, req.fields.map((f) => f.key));
    if (!hit) return { op: 'fill', ok: false, reason: 'gone' };
    const keys = hit.raw.fields.map((f) => f.key);
    for (const want of req.fields) {
      const i = keys.indexOf(want.key);
      if (i < 0) return { op: 'fill', ok: false, reason: 'field_gone', field: want.param };
      const raw = hit.raw.fields[i]!;
      const els = hit.els[i]!;
      const el = els[0] as HTMLInputElement;
      const win = (el.ownerDocument.defaultView ?? window) as typeof window;
      const v = want.value;
      const fire = (e: Element, type: string) => e.dispatchEvent(new win.Event(type, { bubbles: true, composed: true }));
      if (raw.type === 'radio' || raw.type === 'checkbox-group') {
        const wanted = (Array.isArray(v) ? v : [String(v)]).map((x) => x.toLowerCase());
        for (let k = 0; k < els.length; k++) {
          const box = els[k] as HTMLInputElement;
          const match = wanted.includes((raw.optionValues![k] ?? '').toLowerCase()) || wanted.includes((raw.options![k] ?? '').toLowerCase());
          if (box.checked !== match && (match || raw.type === 'checkbox-group')) box.click();
        }
      } else if (raw.type === 'checkbox') {
        const on = v === true || v === 'true' || v === 'on' || v === 'yes' || v === 1 || v === '1';
        if (el.checked !== on) el.click();
      } else if (raw.type === 'select') {
        const sel = el as unknown as HTMLSelectElement;
        const wanted = (Array.isArray(v) ? v : [String(v)]).map((x) => x.toLowerCase());
        for (const o of Array.from(sel.options)) {
          o.selected = wanted.includes(o.value.toLowerCase()) || wanted.includes((o.label || o.text).trim().toLowerCase());
        }
        fire(sel, 'input');
        fire(sel, 'change');
      } else if (raw.type === 'contenteditable') {
        (el as unknown as HTMLElement).focus();
        el.textContent = String(v);
        fire(el, 'input');
      } else {
        el.focus();
        // The native setter, so frameworks that track the value (React) see the change.
        const proto = el.tagName === 'TEXTAREA' ? win.HTMLTextAreaElement.prototype : win.HTMLInputElement.prototype;
        const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
        if (setter) setter.call(el, String(v));
        else el.value = String(v);
        fire(el, 'input');
        fire(el, 'change');
      }
    }
    if (req.submit) {
      const submit = hit.submit;
      const form = hit.g.form;
      const last = hit.els.length ? (hit.els[hit.els.length - 1]![0] as HTMLElement) : null;
      // Deferred: a click that navigates must not destroy this evaluate's context before it returns.
      setTimeout(() => {
        if (submit) (submit as HTMLElement).click();
        else if (form) {
          if (typeof form.requestSubmit === 'function') form.requestSubmit();
          else form.submit();
        } else if (last) {
          const win = (last.ownerDocument.defaultView ?? window) as typeof window;
          for (const type of ['keydown', 'keypress', 'keyup']) last.dispatchEvent(new win.KeyboardEvent(type, { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true, composed: true } as KeyboardEventInit));
        }
      }, 0);
    }
    return { op: 'fill', ok: true, hadCaptcha: hit.raw.hasCaptcha, hasPassword: hit.raw.fields.some((f) => f.type === 'password') };
  }

  if (req.op === 'click') {
    let i = rawButtons.findIndex((b) => b.key === req.key && b.idx === req.idx);
    if (i < 0) i = rawButtons.findIndex((b) => b.key === req.key);
    if (i < 0) return { op: 'click', ok: false };
    const el = buttonEls[i] as HTMLElement;
    setTimeout(() => el.click(), 0);
    return { op: 'click', ok: true };
  }

  if (req.op === 'webmcp') {
    return { op: 'webmcp', ok: false, error: 'webmcp calls run through callWebMcp' };
  }

  // ---------- extract ----------
  const links: RawLink[] = [];
  const seenLinks = new Set<string>();
  for (const ri of roots) {
    for (const a of Array.from(ri.root.querySelectorAll('a[href],area[href]'))) {
      const href = (a as HTMLAnchorElement).href;
      const raw = a.getAttribute('href') ?? '';
      if (!href || /^(javascript|mailto|tel|data):/i.test(href) || raw === '#' || raw === '') continue;
      if (!visible(a)) continue;
      let text = textOf(a, 100) || clean(a.getAttribute('aria-label') ?? a.getAttribute('title') ?? '', 100);
      if (!text) {
        const img = a.querySelector('img[alt]');
        text = img ? clean(img.getAttribute('alt'), 100) : '';
      }
      const k = `${text}\n${href}`;
      if (seenLinks.has(k)) continue;
      seenLinks.add(k);
      const reg = region(a);
      links.push({ text, href, inMain: reg.inMain, chrome: reg.chrome, order: order++ });
      if (links.length >= req.maxLinks) break;
    }
  }

  // Main text: the content region, without navigation, banners, footers and hidden nodes.
  const pickMain = (): Element | null => {
    const m = document.querySelector('main,[role=main]');
    if (m && textOf(m, 400).length > 80) return m;
    const arts = Array.from(document.querySelectorAll('article'));
    if (arts.length) return arts.reduce((a, b) => ((a.textContent ?? '').length >= (b.textContent ?? '').length ? a : b));
    return m ?? document.body;
  };
  const main = pickMain();
  const parts: string[] = [];
  let total = 0;
  if (main) {
    const visCache = new Map<Element, boolean>();
    const isVis = (el: Element): boolean => {
      let v = visCache.get(el);
      if (v === undefined) {
        v = !el.closest(NOT_CONTENT) && !el.closest(BANNER) && visible(el);
        visCache.set(el, v);
      }
      return v;
    };
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    let lastBlock: Element | null = null;
    let line = '';
    for (let n = walker.nextNode(); n && total < req.maxText; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !isVis(parent)) continue;
      const s = (n.nodeValue ?? '').replace(/\s+/g, ' ');
      if (!s.trim()) continue;
      let blk: Element | null = parent;
      while (blk && !BLOCK_TAGS.has(blk.tagName)) blk = blk.parentElement;
      if (blk !== lastBlock && line) {
        parts.push(line.trim());
        total += line.length;
        line = '';
      }
      lastBlock = blk;
      line += s;
    }
    if (line.trim()) parts.push(line.trim());
  }
  let text = parts.filter(Boolean).join('\n');
  if (text.length > req.maxText) text = text.slice(0, req.maxText);

  const webmcpReg = W[Symbol.for('pagemap.webmcp') as unknown as string] as { tools?: Map<string, { name: string; description: string; inputSchema: unknown }> } | undefined;
  const webmcp = webmcpReg && webmcpReg.tools
    ? Array.from(webmcpReg.tools.values()).slice(0, 30).map((t) => ({ name: String(t.name), description: String(t.description ?? ''), inputSchema: JSON.parse(JSON.stringify(t.inputSchema ?? {})) as unknown }))
    : [];

  const html = document.documentElement ? document.documentElement.outerHTML : '';
  const bodyText = document.body ? clean(document.body.innerText, 3000) : '';
  const page: RawPage = {
    url: location.href,
    title: clean(document.title, 300) || clean(document.querySelector('h1')?.textContent, 300),
    lang: document.documentElement?.lang ?? '',
    description: clean(document.querySelector('meta[name=description]')?.getAttribute('content'), 300),
    text,
    bodyText,
    htmlHead: html.slice(0, 30000),
    htmlLength: html.length,
    groups: rawGroups,
    buttons: rawButtons,
    links,
    webmcp,
    captcha: pageSignals().captcha,
    ms: Math.round(performance.now() - t0),
  };
  return { op: 'extract', page };
}
