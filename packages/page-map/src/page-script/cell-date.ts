/**
 * The day a calendar's cell stands for, when the page writes it on the cell: `data-date` as an
 * ISO date or as a timestamp in milliseconds (Vanilla JS Datepicker's day cells), or a `<time>`'s
 * `datetime`. It tells apart the days of two months a calendar shows together: the "1" of
 * November and the "1" of December were "1 (Demo)" and "1 (2)" before.
 */

const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:$|T)/;
/** Milliseconds since 1970 for a day between 1970 and 2100 (a bare day number is no timestamp). */
const MS_STAMP = /^\d{11,13}$/;
const LAST_MS = Date.UTC(2100, 0, 1);

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-12-01` from the cell's own date attribute (or its cell's), else ''. */
export function cellDate(el: Element): string {
  const cell = el.closest('td,th,[role=gridcell]');
  const raw = [el, el.querySelector('time'), cell]
    .map((e) => e?.getAttribute('data-date') ?? (e?.tagName === 'TIME' ? e.getAttribute('datetime') : null))
    .find((v) => !!v)
    ?.trim();
  if (!raw) return '';
  const iso = ISO_DAY.exec(raw);
  if (iso) return iso[1]!;
  if (!MS_STAMP.test(raw) || Number(raw) > LAST_MS) return '';
  // The calendar drew the day at its local midnight: the day is read in the page's time zone.
  const d = new Date(Number(raw));
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
