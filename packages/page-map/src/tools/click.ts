/**
 * The `click` tool (every click target of the page, chosen by its visible text) and the
 * `dismiss_overlay` tool (the buttons of a cookie banner or pop-up). Both bind to a label that the
 * page script finds again at run time, so they survive re-renders and reach what no named button
 * tool covers: tabs, menus, "show more", clickable cards and rows, script-only links.
 */
import type { RawOverlay, RawTarget } from '../page-script/types';
import type { ClickBinding } from './bindings';
import type { Candidate } from './candidates';
import { clip } from './params';

/** Most labels offered as options (the tool accepts any other target text too). */
const MAX_OPTIONS = 80;
const OVERLAY_WORDS: Record<RawOverlay['kind'], string> = {
  cookie_consent: 'cookie-consent banner',
  newsletter: 'newsletter pop-up',
  modal: 'dialog',
};

/** Content first, then the rest of the page, the page's chrome (nav, header, footer) last. */
function ranked(targets: RawTarget[]): RawTarget[] {
  const rank = (t: RawTarget) =>
    t.overlay ? 0 : t.inMain && !t.chrome ? 1 : !t.chrome ? 2 : t.chrome === 'nav' || t.chrome === 'header' ? 3 : 4;
  return targets
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t);
}

/** Where the click goes for labels that live in cross-origin frames; absent when none does. */
function framesOf(targets: RawTarget[], labels: string[]): Pick<ClickBinding, 'frames'> {
  const wanted = new Set(labels.map((l) => l.toLowerCase()));
  const frames = Object.fromEntries(
    targets.filter((t) => t.frame && wanted.has(t.label.toLowerCase())).map((t) => [t.label.toLowerCase(), t.frame!]),
  );
  return Object.keys(frames).length ? { frames } : {};
}

export function clickCandidate(targets: RawTarget[]): Candidate | null {
  if (targets.length === 0) return null;
  const options = ranked(targets)
    .slice(0, MAX_OPTIONS)
    .map((t) => t.label);
  const reveals = targets.filter((t) => t.expanded === 'false' || t.kind === 'tab' || t.kind === 'toggle').length;
  const binding: ClickBinding = {
    kind: 'click',
    param: 'target',
    ...framesOf(
      targets,
      targets.map((t) => t.label),
    ),
  };
  return {
    base: 'click',
    score: 48,
    order: 1e9 - 1,
    tool: {
      name: 'click',
      description: clip(
        `Click something on the page by its visible text: buttons, tabs, menu items, options, clickable cards, rows and list items, links that work by script${reveals ? `, and ${reveals} control(s) that reveal hidden content (tabs, menus, collapsed sections, "show more")` : ''}. The page map that comes back shows what the click changed or revealed.`,
        500,
      ),
      params: [
        {
          name: 'target',
          description: 'Visible text of what to click: one of the options (or another clickable text on the page).',
          type: 'string',
          required: true,
          options,
        },
      ],
    },
    binding,
  };
}

export function dismissCandidate(overlay: RawOverlay | null, targets: RawTarget[]): Candidate | null {
  if (!overlay || overlay.choices.length === 0) return null;
  const binding: ClickBinding = { kind: 'click', param: 'choice', ...framesOf(targets, overlay.choices) };
  const what = OVERLAY_WORDS[overlay.kind];
  return {
    base: 'dismiss_overlay',
    score: 55,
    order: -1,
    tool: {
      name: 'dismiss_overlay',
      description: clip(
        `Close the ${what} over the page${overlay.label ? ` ("${clip(overlay.label, 60)}")` : ''} by pressing one of its buttons${overlay.kind === 'cookie_consent' ? ' (accept or reject, as you choose)' : ''}.`,
        300,
      ),
      params: [
        {
          name: 'choice',
          description: `Button of the ${what} to press: one of the options.`,
          type: 'enum',
          required: true,
          options: overlay.choices,
        },
      ],
    },
    binding,
  };
}
