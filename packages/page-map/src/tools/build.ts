/**
 * Node side of extraction: turns the page script's raw groups, buttons and links into tools an
 * agent understands — each kind builds its own (tools/kinds/), named in snake_case from their
 * purpose, ranked and capped. Pure functions over JSON, so the corpus tests can exercise them
 * without a browser too.
 */
import type { RawPage } from '../shared/page-script-types';
import type { PageTool } from '../types';
import { type Candidate, KINDS } from './kinds';
import { clip } from './params';

const byRank = (a: Candidate, b: Candidate) => b.score - a.score || a.order - b.order;

export function buildTools(raw: RawPage, maxTools = 30): PageTool[] {
  const cands = Object.values(KINDS).flatMap((kind) => kind.build?.(raw) ?? []);
  // navigate is always offered, follow_link whenever the page has a link; the others compete for the remaining places.
  const always = cands.filter((c) => c.keep === 'always');
  const ranked = cands
    .filter((c) => c.keep !== 'always')
    .sort(byRank)
    .slice(0, Math.max(0, maxTools - always.length));
  const all = placed([...ranked, ...always].sort(byRank));
  // Unique names: the higher-ranked keeps the plain name; reserved names stay with their tools.
  const used = new Set<string>(cands.filter((c) => c.keep).map((c) => c.base));
  const out: PageTool[] = [];
  for (const c of all) {
    let name = c.base;
    if (!c.keep) {
      if (!name) name = 'tool';
      for (let k = 2; used.has(name); k++) name = `${c.base}_${k}`;
      used.add(name);
    }
    out.push({ tool: { ...c.tool, name }, binding: c.binding });
  }
  return out;
}

/**
 * Tools that read alike are told apart by where they are: each of two or more with the same
 * description that knows its section's heading says it ("It is under …"). Before, Date Range
 * Picker's five example boxes were five tools saying 'Type into the "Produces:" field …'.
 */
function placed(cands: Candidate[]): Candidate[] {
  const count = new Map<string, number>();
  for (const c of cands) count.set(c.tool.description, (count.get(c.tool.description) ?? 0) + 1);
  return cands.map((c) =>
    c.place && (count.get(c.tool.description) ?? 0) > 1
      ? { ...c, tool: { ...c.tool, description: `${c.tool.description} It is under "${clip(c.place, 80)}".` } }
      : c,
  );
}
