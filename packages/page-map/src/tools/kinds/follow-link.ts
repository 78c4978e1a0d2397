/** `follow_link`: follow one of the page's links by its text or URL. Offered whenever the page has a link. */
import type { FollowLinkBinding } from '../../bindings';
import { callPageScript } from '../../page-script-host/call';
import type { RawLink, RawPage } from '../../shared/page-script-types';
import { fail } from '../../outcome';
import { settle } from '../../settle/settle';
import { type Candidate, type ToolKind, settledOutcome } from './kind';
import { goTo } from './navigate';

/**
 * Link choices for follow_link: content links first, then the rest, unique by text. When the page
 * has more texts than places, every destination gets one text first (the name the site's
 * navigation gives it, else its first text in that order) and the other texts of the same
 * destination fill what room is left: on a home page that lists each section with a dozen links
 * into it (114 links), every section ("Actions", "Utilities") is a choice, instead of the first
 * sections' links taking every place.
 */
export function linkChoices(links: RawLink[], max = 40): string[] {
  const rank = (l: RawLink) =>
    l.menu ? 4 : l.inMain && !l.chrome ? 0 : !l.chrome ? 1 : l.chrome === 'nav' || l.chrome === 'header' ? 2 : 3;
  const sorted = links
    .filter((l) => l.text)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i)
    .map((x) => x.l);
  const seen = new Set<string>();
  const unique = sorted.filter((l) => !seen.has(l.text.toLowerCase()) && !!seen.add(l.text.toLowerCase()));
  if (unique.length <= max) return unique.map((l) => l.text);
  // A destination goes by the name the site's navigation gives it, else by its first text.
  const named = (l: RawLink) => !!l.menu || l.chrome === 'nav' || l.chrome === 'header';
  const byPlace = new Map<string, RawLink>();
  for (const l of unique) {
    const had = byPlace.get(l.href);
    if (!had || (named(l) && !named(had))) byPlace.set(l.href, l);
  }
  const first = unique.filter((l) => byPlace.get(l.href) === l);
  const rest = unique.filter((l) => byPlace.get(l.href) !== l);
  return [...first, ...rest].slice(0, max).map((l) => l.text);
}

function followCandidate(raw: RawPage): Candidate {
  const choices = linkChoices(raw.links);
  return {
    base: 'follow_link',
    score: 50,
    order: 1e9,
    keep: 'always',
    tool: {
      name: 'follow_link',
      description:
        raw.links.length === 1
          ? "Follow this page's one link, by its text (or its URL)."
          : `Follow one of this page's ${raw.links.length} links, by its text (or its URL).`,
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
    binding: {
      kind: 'follow_link',
      links: raw.links.slice(0, 1000).map((l) => ({
        text: l.text,
        href: l.href,
        ...(l.framed ? { framed: true } : {}),
        ...(l.acts ? { acts: true } : {}),
      })),
    },
  };
}

type BoundLink = FollowLinkBinding['links'][number];

/** The link a `link` param means: by exact text, then by URL, then by a part of its text. */
function findLink(binding: FollowLinkBinding, wanted: string, base: string): BoundLink | null {
  const w = wanted.trim().toLowerCase().replace(/\s+/g, ' ');
  const byText = binding.links.find((l) => l.text.toLowerCase() === w);
  if (byText) return byText;
  let abs: string | null = null;
  try {
    abs = new URL(wanted.trim(), base).href;
  } catch {
    abs = null;
  }
  if (abs) {
    const byHref = binding.links.find((l) => l.href === abs || l.href.replace(/\/$/, '') === abs!.replace(/\/$/, ''));
    if (byHref) return byHref;
  }
  const partial = binding.links.filter((l) => l.text.toLowerCase().includes(w));
  if (w.length >= 3 && partial.length >= 1) return partial[0]!;
  return null;
}

/** A link to another fragment of the page that is shown now. */
const samePage = (href: string, current: string): boolean => {
  const a = href.split('#');
  return a.length > 1 && a[0] === current.split('#')[0];
};

export const followLink: ToolKind<FollowLinkBinding> = {
  // A page without links gets no follow_link: a tool that can only fail is noise for the agent.
  build: (raw) => (raw.links.length > 0 ? [followCandidate(raw)] : []),
  async run(binding, { page, call, values, deadline, opts }) {
    const name = call.tool;
    const link = findLink(binding, String(values.link), page.url());
    if (!link)
      return fail(
        name,
        'INVALID_PARAMS',
        'Parameter "link" matches no link on this page; use one of the listed options or a link URL.',
      );
    const { href, text } = link;
    if (!link.framed && !link.acts && !samePage(href, page.url())) return goTo(page, name, href, deadline, opts);
    // Only the fragment changes, the page acts on the click, or the page loads in a frame: click
    // it, so the page's own handler (router, menu, a confirm() before leaving) acts, or the
    // browser loads it in the frame a person's click loads it in.
    const r = await settle(
      page,
      deadline,
      async () => void (await callPageScript(page, { op: 'clickLink', href, text })),
    );
    return settledOutcome(name, r);
  },
};
