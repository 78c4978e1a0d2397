/** Whether the events a page recorded satisfy a task's expectations. */
import type { Expectation } from './corpus';
import type { CorpusEvent } from './server';
import { normalize } from './text-match';

/** Values compare as text with case and spacing ignored; lists as sets. */
function sameValue(want: unknown, got: unknown): boolean {
  if (Array.isArray(want)) {
    const list = Array.isArray(got) ? got : got === undefined || got === null ? [] : [got];
    if (list.length !== want.length) return false;
    const a = want.map((v) => normalize(String(v))).sort();
    const b = list.map((v) => normalize(String(v))).sort();
    return a.every((v, i) => v === b[i]);
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object') return false;
    return Object.entries(want).every(([k, v]) => sameValue(v, (got as Record<string, unknown>)[k]));
  }
  if (Array.isArray(got)) return got.length === 1 && sameValue(want, got[0]);
  return normalize(String(want ?? '')) === normalize(String(got ?? ''));
}

/** An event matches when its kind is the same and every expected detail/field is there (extra fields are fine). */
export function matches(want: Expectation, event: CorpusEvent): boolean {
  if (event.kind !== want.kind) return false;
  if (want.fields !== undefined) return sameValue(want.fields, event.detail);
  if (want.detail !== undefined) return sameValue(want.detail, event.detail);
  return true;
}

/** The expectations no recorded event satisfies. */
export function unmet(expect: Expectation[], events: CorpusEvent[]): Expectation[] {
  return expect.filter((want) => !events.some((e) => matches(want, e)));
}

export function describeExpectation(e: Expectation): string {
  return `${e.kind} ${JSON.stringify(e.fields ?? e.detail ?? '')}`;
}

export function describeEvents(events: CorpusEvent[]): string {
  if (events.length === 0) return 'nothing recorded';
  return events
    .slice(-4)
    .map((e) => `${e.kind} ${JSON.stringify(e.detail)}`.slice(0, 160))
    .join('; ');
}
