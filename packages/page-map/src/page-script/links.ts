/** Links: visible, followable anchors (no javascript:, mailto:, tel:, data: or bare '#'), unique by text + href. */
import type { RawLink } from '../shared/page-script-types';
import { clean, region, textOf, visible, type Order, type RootInfo } from './dom';
import { iconName, speakable } from './labels';
import { actsOnClick } from './listens';
import { contextOf } from './target-context';

const WIDGET_LINK =
  '[role=menuitem],[role=tab],[role=button],[role=option],[role=treeitem],[aria-haspopup],[aria-expanded],[aria-controls]';

/** Where a site's menus live: a link hidden there is one a person reaches by opening a menu. */
const NAV_REGION = 'nav,[role=navigation],[role=menubar],header';

/**
 * A link of a closed menu: hidden now (a dropdown shown on hover or by a click), inside a
 * navigation region that is itself on screen. Not one hidden from everyone (aria-hidden, inert),
 * and not a menu whose whole navigation is hidden (a phone layout's copy of the desktop menu).
 */
/** The link opens its page in a frame: it lives in a frame's document. */
const opensInFrame = (a: Element): boolean => a.ownerDocument !== document;

const inClosedMenu = (a: Element): boolean => {
  const nav = a.closest(NAV_REGION);
  return !!nav && visible(nav) && !a.closest('[aria-hidden=true],[inert],template');
};

export function scanLinks(roots: RootInfo[], maxLinks: number, order: Order): RawLink[] {
  const links: RawLink[] = [];
  const els: Element[] = [];
  const seenLinks = new Map<string, number>();
  for (const ri of roots) {
    for (const a of Array.from(ri.root.querySelectorAll('a[href],area[href]'))) {
      const href = (a as HTMLAnchorElement).href;
      const raw = a.getAttribute('href') ?? '';
      if (!href || /^(javascript|mailto|tel|data):/i.test(href) || raw === '#' || raw === '') continue;
      const menu = !visible(a);
      if (menu && !inClosedMenu(a)) continue;
      // A same-page anchor that drives a widget (menu item, tab, disclosure) is a click target, not a link.
      if (raw.startsWith('#') && a.matches(WIDGET_LINK)) continue;
      // The words it shows; a link that shows only a symbol ("›", "»") or an image goes by its
      // accessible name or tooltip ("Next page"), which is what an agent asks for. (An <area>'s
      // name is its alt.)
      const shown = textOf(a, 100);
      const text = speakable(shown)
        ? shown
        : clean(a.getAttribute('aria-label') || a.getAttribute('alt') || '', 100) || iconName(a) || shown;
      const k = `${text}\n${href}`;
      const at = seenLinks.get(k);
      // The same link in a closed menu and on screen (a site's dropdown and its home page's list):
      // the one a person sees is kept, so it ranks as the content it is.
      if (at !== undefined && !(links[at]!.menu && !menu)) continue;
      const reg = region(a);
      const link: RawLink = {
        text,
        href,
        inMain: reg.inMain,
        chrome: reg.chrome,
        order: order.next++,
        ...(menu ? { menu } : {}),
        ...(opensInFrame(a) ? { framed: true } : {}),
        ...(!menu && (a.hasAttribute('onclick') || actsOnClick(a)) ? { acts: true } : {}),
      };
      if (at !== undefined) {
        links[at] = link;
        els[at] = a;
        continue;
      }
      seenLinks.set(k, links.length);
      links.push(link);
      els.push(a);
      if (links.length >= maxLinks) break;
    }
  }
  tellApart(links, els);
  return links;
}

/**
 * Equal texts that lead to different places ("Read more" under every post, "Edit" on every row)
 * are told apart by the row, card or item each sits in, as click targets are: "Read more (Tide
 * tables explained)". Otherwise only the first of them could be chosen by its text.
 */
function tellApart(links: RawLink[], els: Element[]): void {
  const hrefs = new Map<string, Set<string>>();
  for (const l of links) {
    const k = l.text.toLowerCase();
    if (!hrefs.has(k)) hrefs.set(k, new Set());
    hrefs.get(k)!.add(l.href);
  }
  links.forEach((l, i) => {
    if (!l.text || (hrefs.get(l.text.toLowerCase())?.size ?? 0) < 2) return;
    const ctx = contextOf(els[i]!, l.text);
    if (ctx) l.text = `${l.text} (${ctx})`;
  });
}
