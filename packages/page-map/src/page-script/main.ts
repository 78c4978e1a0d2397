/**
 * The page script's entry: one request in, one JSON answer out. scripts/build-page-script.mjs
 * bundles this file and its imports into generated/page-script.generated.ts, which call.ts
 * evaluates in the page. Only plain JSON crosses the boundary.
 *
 * Every operation re-walks the page and re-groups controls exactly as extraction did: the runner
 * finds its form again by signature (see forms.ts), which is how a tool survives a re-render.
 */
import type { PageScriptRequest, PageScriptResponse } from './types';
import { clickButton, scanButtons } from './clickables';
import { walkRoots } from './dom';
import { extractPage, type Scan } from './extract';
import { fill } from './fill';
import { scanForms } from './forms';
import { loginFormSignals } from './login-signals';
import { pageSignals } from './signals';

/** Forms first, then standalone buttons (which skip controls the forms claimed), in page order. */
function scan(t0: number): Scan {
  const roots = walkRoots();
  const order = { next: 0 };
  const { forms, claimed } = scanForms(roots, order);
  const buttons = scanButtons(roots, claimed, order);
  return { t0, roots, forms, buttons, order };
}

export function run(req: PageScriptRequest): PageScriptResponse {
  const t0 = performance.now();
  if (req.op === 'signals') {
    const signals = pageSignals(walkRoots());
    // After a login submit: the submitted form's own state (login-signals.ts).
    if (req.form) signals.loginForm = loginFormSignals(scan(t0).forms, req.form);
    return { op: 'signals', signals };
  }
  if (req.op === 'webmcp') return { op: 'webmcp', ok: false, error: 'webmcp calls run through callWebMcp' };
  const s = scan(t0);
  if (req.op === 'fill') return fill(s.forms, req);
  if (req.op === 'click') return clickButton(s.buttons, req.key, req.idx);
  return { op: 'extract', page: extractPage(s, req) };
}
