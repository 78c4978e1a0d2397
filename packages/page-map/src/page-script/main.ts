/**
 * The page script's entry: one request in, one JSON answer out. scripts/build-page-script.mjs
 * bundles this file and its imports into ../page-script-host/generated/page-script.generated.ts,
 * which ../page-script-host/call.ts evaluates in the page. Only plain JSON crosses the boundary.
 *
 * The fence: everything under page-script/ runs in the page and imports only page-script/ and
 * ../shared/ (the dependency check, scripts/check-deps.mjs, fails the build otherwise).
 *
 * Every operation re-walks the page and re-groups controls exactly as extraction did: the runner
 * finds its form again by signature (see forms.ts), which is how a tool survives a re-render.
 */
import type { PageScriptRequest, PageScriptResponse } from '../shared/page-script-protocol';
import { clickButton, scanButtons } from './clickables';
import { walkRoots } from './dom';
import { extractPage, type Scan } from './extract';
import { fill, focusField } from './fill';
import { scanForms } from './forms';
import { findOverlay } from './overlay';
import { takeRefused } from './validity';
import { pageSignals } from './signals';
import { clickLink, clickTarget, scanTargets } from './targets';
import { doubleClick, editBox, scanEditables } from './edit';
import { rowAction } from './rows';
import { focusByName } from './keys';
import { hoverPoint, hoverShown } from './hover';
import { sliderFocus, sliderRead } from './sliders';
import { forgetMainWorld } from './main-world';
import { thenQuiet } from './quiet';
import { revealedTargets } from './revealed';

/** Forms first, then standalone buttons and click targets (which skip controls the forms claimed), in page order. */
function scan(t0: number): Scan {
  const roots = walkRoots();
  const order = { next: 0 };
  const { forms, claimed } = scanForms(roots, order);
  const buttons = scanButtons(roots, claimed, order);
  const overlay = findOverlay(roots);
  const shown = scanTargets(roots, claimed, order, overlay?.el ?? null);
  const targets = [...shown, ...revealedTargets(shown, order)];
  return { t0, roots, forms, buttons, targets, overlay, order };
}

/** Synchronous, except a fill that waits for an autocomplete list (the evaluate awaits it). */
export function run(req: PageScriptRequest): PageScriptResponse | Promise<PageScriptResponse> {
  const t0 = performance.now();
  forgetMainWorld();
  if (req.op === 'signals') return { op: 'signals', signals: pageSignals(walkRoots()) };
  if (req.op === 'refused') return { op: 'refused', refused: takeRefused() };
  if (req.op === 'clickLink') return clickLink(walkRoots(), req.href, req.text);
  if (req.op === 'doubleClick') return doubleClick(scanEditables(walkRoots()), req.label);
  if (req.op === 'editBox') return editBox(req.select);
  if (req.op === 'rowAction') return rowAction(walkRoots(), req);
  if (req.op === 'focusByName') return focusByName(walkRoots(), req.name);
  if (req.op === 'hoverPoint') return hoverPoint(walkRoots(), req.label);
  if (req.op === 'hoverShown') return hoverShown();
  if (req.op === 'sliderFocus') return sliderFocus(walkRoots(), req.label);
  if (req.op === 'sliderRead') return sliderRead(walkRoots, req.label);
  const s = scan(t0);
  if (req.op === 'fill') return fill(s.forms, req);
  if (req.op === 'focus') return focusField(s.forms, req);
  if (req.op === 'click') return thenQuiet(clickButton(s.buttons, req.key, req.idx), req.quietMs);
  if (req.op === 'clickTarget') return thenQuiet(clickTarget(s.targets, req.label), req.quietMs);
  return { op: 'extract', page: extractPage(s, req) };
}
