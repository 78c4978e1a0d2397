/** Extract: the whole raw page (metadata, forms, buttons, links, main text, WebMCP tools) in one pass. */
import type { RawPage } from '../shared/page-script-types';
import { clean, type Order, type RootInfo } from './dom';
import type { ButtonEntry } from './clickables';
import { fieldsOwnControl, type FormEntry } from './forms';
import { scanLinks } from './links';
import { mainText } from './main-text';
import { hasCaptcha } from './signals';
import { emptyMount, showsLoading, UNRENDERED_TEXT_MAX, veiled } from './loading';
import type { OverlayHit } from './overlay';
import type { TargetEntry } from './targets';
import { webMcpTools } from './webmcp';
import { scanEditables } from './edit';
import { scanHoverables } from './hover';
import { scanSliders } from './sliders';
import { appItems } from './items';
import { scanRowActions } from './rows';
import { pageHearsKeys } from './listens';
import { foreignFrameOrigins } from './foreign-frames';

export interface Scan {
  t0: number;
  roots: RootInfo[];
  forms: FormEntry[];
  buttons: ButtonEntry[];
  targets: TargetEntry[];
  overlay: OverlayHit | null;
  order: Order;
}

export function extractPage(scan: Scan, req: { maxLinks: number; maxText: number }): RawPage {
  const links = scanLinks(scan.roots, req.maxLinks, scan.order);
  const text = mainText(
    req.maxText,
    scan.roots.some((r) => r.shadow),
  );
  const webmcp = webMcpTools();
  const html = document.documentElement ? document.documentElement.outerHTML : '';
  const bodyText = document.body ? clean(document.body.innerText, 3000) : '';
  return {
    url: location.href,
    title: clean(document.title, 300) || clean(document.querySelector('h1')?.textContent, 300),
    lang: document.documentElement?.lang ?? '',
    description: clean(document.querySelector('meta[name=description]')?.getAttribute('content'), 300),
    text,
    bodyText,
    htmlHead: html.slice(0, 30000),
    htmlLength: html.length,
    groups: scan.forms.map((f) => f.raw),
    buttons: scan.buttons.map((b) => b.raw),
    targets: scan.targets.map((t) => t.raw),
    editables: scanEditables(scan.roots).map((e) => e.raw.label),
    hoverables: scanHoverables(scan.roots),
    sliders: scanSliders(scan.roots),
    items: appItems(scan.roots),
    rowActions: scanRowActions(scan.roots),
    hearsKeys: pageHearsKeys(),
    overlay: scan.overlay
      ? {
          ...scan.overlay.raw,
          // A field's own control inside it (a combo box's "Toggle the dropdown list") closes nothing.
          choices: scan.targets
            .filter((t) => t.raw.overlay && !fieldsOwnControl(t.el))
            .map((t) => t.raw.label)
            .slice(0, 12),
        }
      : null,
    links,
    webmcp,
    captcha: hasCaptcha(scan.roots),
    loading: veiled() ? 'veiled' : emptyMount() ? 'mount' : bodyText.length < UNRENDERED_TEXT_MAX && showsLoading(),
    scripts: document.scripts.length,
    frameOrigins: foreignFrameOrigins(scan.roots),
    ms: Math.round(performance.now() - scan.t0),
  };
}
