/**
 * The `click` tool (every click target of the page, chosen by its visible text) and the
 * `dismiss_overlay` tool (the buttons of a cookie banner or pop-up). Both bind to a label that the
 * page script finds again at run time, so they survive re-renders and reach what no named button
 * tool covers: tabs, menus, "show more", clickable cards and rows, script-only links.
 */
import type { ClickBinding } from '../../bindings';
import { frameTarget } from '../../frames';
import { markListeners } from '../../listeners';
import { callPageScript } from '../../page-script-host/call';
import type { RawOverlay, RawPage, RawTarget } from '../../shared/page-script-types';
import { ToolError } from '../../outcome';
import { probeBudget, settle } from '../../settle/settle';
import type { PageTool } from '../../types';
import { clip } from '../params';
import { type Candidate, type ToolKind, settledOutcome } from './kind';

/** Most labels offered as options (the tool accepts any other target text too). */
const MAX_OPTIONS = 80;
const OVERLAY_WORDS: Record<RawOverlay['kind'], string> = {
  cookie_consent: 'cookie-consent banner',
  newsletter: 'newsletter pop-up',
  modal: 'dialog',
};

/** Options kept for what is outside the content when the content alone would fill them all. */
const OUTSIDE_SHARE = 16;

function rank(t: RawTarget): number {
  // Choices a click elsewhere shows come last: what is on screen keeps its options.
  if (t.opensWith) return 5;
  if (t.overlay) return 0;
  if (t.inMain && !t.chrome) return 1;
  if (!t.chrome) return 2;
  return t.chrome === 'nav' || t.chrome === 'header' ? 3 : 4;
}

/**
 * Content first, then the rest of the page, the page's chrome (nav, header, footer) last; at most
 * `max`, of which the rest of the page keeps a share when the content has more than enough.
 * Before, Swagger UI's 90 controls of operations left no room for its "Authorize" above them.
 */
function ranked(targets: RawTarget[], max: number): RawTarget[] {
  const order = targets
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i)
    .map((x) => x.t);
  const content = order.filter((t) => rank(t) <= 1);
  const outside = order.slice(content.length);
  const room = Math.max(max - outside.length, max - OUTSIDE_SHARE);
  return [...content.slice(0, room), ...outside].slice(0, max);
}

/** Where the click goes for labels that live in cross-origin frames; absent when none does. */
function framesOf(targets: RawTarget[], labels: string[]): Pick<ClickBinding, 'frames'> {
  const wanted = new Set(labels.map((l) => l.toLowerCase()));
  const frames = Object.fromEntries(
    targets.filter((t) => t.frame && wanted.has(t.label.toLowerCase())).map((t) => [t.label.toLowerCase(), t.frame!]),
  );
  return Object.keys(frames).length ? { frames } : {};
}

/**
 * Choices in hidden panels (page-script/revealed.ts), said with what shows them: without it the
 * agent sees "Yesterday" and no reason it is not on screen.
 */
function inPanels(targets: RawTarget[]): string {
  const byOpener = new Map<string, string[]>();
  for (const t of targets) if (t.opensWith) byOpener.set(t.opensWith, [...(byOpener.get(t.opensWith) ?? []), t.label]);
  const said = [...byOpener].slice(0, 2).map(([opener, labels]) => {
    const shown = labels.slice(0, 4).map((l) => `"${clip(l, 30)}"`);
    return `"${clip(opener, 40)}" shows ${shown.join(', ')}${labels.length > 4 ? '…' : ''}`;
  });
  return said.length
    ? ` Some options are in a panel another click shows (${said.join('; ')}): clicking one shows its panel first.`
    : '';
}

function clickCandidate(targets: RawTarget[]): Candidate | null {
  if (targets.length === 0) return null;
  const options = ranked(targets, MAX_OPTIONS).map((t) => t.label);
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
    keep: 'name',
    order: 1e9 - 1,
    tool: {
      name: 'click',
      description: clip(
        `Click something on the page by its visible text: buttons, tabs, menu items, options, clickable cards, rows and list items, links that work by script${reveals ? `, and ${reveals} control(s) that reveal hidden content (tabs, menus, collapsed sections, "show more")` : ''}.${inPanels(targets)} The page map that comes back shows what the click changed or revealed.`,
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

function dismissCandidate(overlay: RawOverlay | null, targets: RawTarget[]): Candidate | null {
  if (!overlay || overlay.choices.length === 0) return null;
  const binding: ClickBinding = { kind: 'click', param: 'choice', ...framesOf(targets, overlay.choices) };
  const what = OVERLAY_WORDS[overlay.kind];
  return {
    base: 'dismiss_overlay',
    score: 55,
    keep: 'name',
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

/** Why a label was not clicked: the target went away (it was offered), or nothing has that text. */
function notClicked(tool: PageTool, binding: ClickBinding, label: string): ToolError {
  const offered = tool.tool.params[0]?.options?.some((o) => o.toLowerCase() === label.toLowerCase());
  return offered
    ? new ToolError(
        'ELEMENT_GONE',
        'That element is no longer on the page (it re-rendered or closed); see the fresh tool list.',
      )
    : new ToolError(
        'INVALID_PARAMS',
        `Nothing clickable on the page has that text; use one of the options of "${binding.param}".`,
      );
}

export const click: ToolKind<ClickBinding> = {
  build: (raw: RawPage) =>
    [clickCandidate(raw.targets ?? []), dismissCandidate(raw.overlay ?? null, raw.targets ?? [])].filter(
      (c): c is Candidate => c !== null,
    ),
  async run(binding, { page, tool, call, values, deadline }) {
    const label = String(values[binding.param]);
    const r = await settle(page, deadline, async () => {
      // A target read in a cross-origin frame is clicked there (frames.ts).
      const where = frameTarget(page, binding.frames?.[label.toLowerCase()]);
      if (!where)
        throw new ToolError(
          'ELEMENT_GONE',
          'That element is no longer on the page (its frame went away); see the fresh tool list.',
        );
      // Targets found by their listeners are found again by them (re-rendered rows are new nodes).
      if (where === page) await markListeners(page);
      // In the main frame, the click and the settle's first quiet probe in one message
      // (page-script/quiet.ts); a frame's click is answered at once and the page probed after.
      const res =
        where === page
          ? await callPageScript(
              page,
              { op: 'clickTarget', label, quietMs: probeBudget(deadline) },
              { op: 'clickTarget', ok: true, quiet: 'gone' },
            )
          : await callPageScript(where, { op: 'clickTarget', label });
      if (res.op === 'clickTarget' && res.ok) return res.quiet;
      throw notClicked(tool, binding, label);
    });
    return settledOutcome(call.tool, r);
  },
};
