/**
 * Node side of extraction: turns the page script's raw groups, buttons and links into tools an
 * agent understands — named in snake_case from their purpose, with params, ranked and capped.
 * Pure functions over JSON, so the corpus tests can exercise them without a browser too.
 */
import type { RawLink, RawPage } from '../page-script/types';
import type { PageTool } from '../types';
import type { LinkListBinding } from './bindings';
import { buttonCandidate, formCandidate, webMcpCandidate, type Candidate } from './candidates';
import { clickCandidate, dismissCandidate } from './click';

/** Link choices for follow_link: content links first, then the rest, unique by text. */
export function linkChoices(links: RawLink[], max = 40): string[] {
  const rank = (l: RawLink) =>
    l.menu ? 4 : l.inMain && !l.chrome ? 0 : !l.chrome ? 1 : l.chrome === 'nav' || l.chrome === 'header' ? 2 : 3;
  const sorted = links
    .filter((l) => l.text)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l) - rank(b.l) || a.i - b.i);
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
  // The click tool and the overlay's dismiss tool keep their names (reserved, like follow_link).
  const fixed = [clickCandidate(raw.targets ?? []), dismissCandidate(raw.overlay ?? null, raw.targets ?? [])].filter(
    (c): c is Candidate => c !== null,
  );
  const choices = linkChoices(raw.links);
  const linkBinding: LinkListBinding = {
    kind: 'follow_link',
    links: raw.links.slice(0, 1000).map((l) => ({ text: l.text, href: l.href })),
  };
  const follow: Candidate = {
    base: 'follow_link',
    score: 50,
    order: 1e9,
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
    binding: linkBinding,
  };
  const navigate: Candidate = {
    base: 'navigate',
    score: 45,
    order: 1e9 + 1,
    tool: {
      name: 'navigate',
      description: 'Open another URL (http or https) in this browser session.',
      params: [
        {
          name: 'url',
          description: 'Absolute URL to open, or a path relative to the current page.',
          type: 'url',
          required: true,
        },
      ],
    },
    binding: { kind: 'navigate' },
  };
  const ranked = [...cands, ...fixed]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, Math.max(0, maxTools - 2));
  // A page without links gets no follow_link: a tool that can only fail is noise for the agent.
  const linkTools = raw.links.length > 0 ? [follow] : [];
  const reserved = [...linkTools, navigate, ...fixed];
  const all = [...ranked, ...linkTools, navigate].sort((a, b) => b.score - a.score || a.order - b.order);
  // Unique names: the higher-ranked keeps the plain name; reserved names stay with their tools.
  const used = new Set<string>(reserved.map((c) => c.base));
  const out: PageTool[] = [];
  for (const c of all) {
    let name = c.base;
    if (!reserved.includes(c)) {
      if (!name) name = 'tool';
      for (let k = 2; used.has(name); k++) name = `${c.base}_${k}`;
      used.add(name);
    }
    out.push({ tool: { ...c.tool, name }, binding: c.binding });
  }
  return out;
}
