/**
 * Typed values, forgiving in what they accept and exact in what they produce: turns what an agent
 * writes ("8:22 AM", "Sept 10, 2012", "09/10/2012", "1,234") into the exact value format an input
 * of that type takes (HTML's value formats: 08:22, 2012-09-10, 1234). Pure; no browser.
 *
 * Ambiguous all-numeric dates: slashes read month/day/year (US usage, as in "09/10/2012" →
 * September 10) unless the first number cannot be a month; dots and dashes read day.month.year.
 */

export class ValueError extends Error {}

const MONTHS = 'january february march april may june july august september october november december'.split(' ');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Accepted forms, per input type: quoted in INVALID_PARAMS messages. */
export const ACCEPTED_FORMS: Record<string, string> = {
  date: 'YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY, "Sept 10, 2012" or "10 September 2012"',
  time: 'HH:MM (24-hour), HH:MM:SS, or "8:22 AM"',
  'datetime-local': 'a date and a time, e.g. 2012-09-10T08:22, "2012-09-10 8:22 AM" or "Sept 10, 2012 at 8:22 PM"',
  month: 'YYYY-MM, MM/YYYY or "September 2012"',
  week: 'YYYY-Www (e.g. 2012-W37) or any date in that week',
  number: 'a number such as 42, -3.5 or 1,234.5',
};

function monthOf(word: string): number {
  // A full name or a prefix of at least three letters ("Sep", "Sept", "Septem").
  const w = word.toLowerCase().replace(/\.$/, '');
  return w.length >= 3 ? MONTHS.findIndex((m) => m.startsWith(w)) + 1 : 0;
}

function validDate(y: number, m: number, d: number): boolean {
  if (!(y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1)) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate() || (y < 100 && d <= 31);
}

const year = (s: string): number => {
  const n = Number(s);
  return s.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
};

/** A calendar date → [y, m, d], or null when the text is not one. */
function parseDateParts(text: string): [number, number, number] | null {
  const s = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(\d)(st|nd|rd|th)\b/gi, '$1');
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)) || (m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s)))
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(s))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    return a > 12 && b <= 12 ? [year(m[3]!), b, a] : [year(m[3]!), a, b];
  }
  if ((m = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4}|\d{2})$/.exec(s))) return [year(m[3]!), Number(m[2]), Number(m[1])];
  // "Sept 10, 2012", "September 10 2012", "Mon, Sep 10, 2012"
  if ((m = /^(?:[a-z]+,? )?([a-z]+\.?) (\d{1,2}),? (\d{4})$/i.exec(s)) && monthOf(m[1]!))
    return [Number(m[3]), monthOf(m[1]!), Number(m[2])];
  // "10 Sept 2012", "10 September, 2012", "Monday 10 September 2012"
  if ((m = /^(?:[a-z]+,? )?(\d{1,2}) ([a-z]+\.?),? (\d{4})$/i.exec(s)) && monthOf(m[2]!))
    return [Number(m[3]), monthOf(m[2]!), Number(m[1])];
  return null;
}

function parseTimeParts(text: string): [number, number, number | null] | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2})(?:\.\d+)?)? ?(a\.?m\.?|p\.?m\.?)?$/.exec(s);
  if (!m || (m[2] === undefined && !m[4])) return null; // a bare number is not a time
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  const sec = m[3] === undefined ? null : Number(m[3]);
  if (m[4]) {
    if (h < 1 || h > 12) return null;
    const pm = m[4].startsWith('p');
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || min > 59 || (sec !== null && sec > 59)) return null;
  return [h, min, sec];
}

const fmtTime = ([h, m, s]: [number, number, number | null]) =>
  `${pad(h)}:${pad(m)}${s !== null && s !== 0 ? `:${pad(s)}` : ''}`;
const fmtDate = ([y, m, d]: [number, number, number]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

export function parseDate(text: string): string | null {
  const p = parseDateParts(text);
  return p && validDate(...p) ? fmtDate(p) : null;
}

export function parseTime(text: string): string | null {
  const p = parseTimeParts(text);
  return p ? fmtTime(p) : null;
}

export function parseDateTime(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})[T ](\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?)(?:Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    const d = parseDate(iso[1]!);
    const t = parseTime(iso[2]!);
    return d && t ? `${d}T${t}` : null;
  }
  // Split at " at ", ", " or the last space before a time.
  const m = /^(.*?)(?:,? at |, | )(\d{1,2}(?:[:.]\d{2}){0,2} ?(?:[ap]\.?m\.?)?)$/i.exec(s);
  if (!m) return null;
  const d = parseDate(m[1]!);
  const t = parseTime(m[2]!);
  return d && t ? `${d}T${t}` : null;
}

export function parseMonth(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  let m: RegExpExecArray | null;
  let y = 0;
  let mo = 0;
  if ((m = /^(\d{4})-(\d{1,2})$/.exec(s))) [y, mo] = [Number(m[1]), Number(m[2])];
  else if ((m = /^(\d{1,2})\/(\d{4})$/.exec(s))) [y, mo] = [Number(m[2]), Number(m[1])];
  else if ((m = /^([a-z]+\.?),? (\d{4})$/i.exec(s))) [y, mo] = [Number(m[2]), monthOf(m[1]!)];
  else {
    const d = parseDate(s);
    return d ? d.slice(0, 7) : null;
  }
  return y >= 1 && mo >= 1 && mo <= 12 ? `${pad(y, 4)}-${pad(mo)}` : null;
}

/** ISO 8601 week of a date: the week with that year's first Thursday is week 1. */
export function isoWeek(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - day);
  const wy = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(wy, 0, 1)) / 86_400_000 + 1) / 7);
  return `${pad(wy, 4)}-W${pad(week)}`;
}

export function parseWeek(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-?\s?w(?:eek)?\s?(\d{1,2})$/i.exec(s)) || (m = /^w(?:eek)?\s?(\d{1,2}),? (\d{4})$/i.exec(s))) {
    const [y, w] = /^\d{4}/.test(s) ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
    const weeks = isoWeek(y, 12, 28).endsWith('53') ? 53 : 52;
    return w >= 1 && w <= weeks ? `${pad(y, 4)}-W${pad(w)}` : null;
  }
  const p = parseDateParts(s);
  return p && validDate(...p) ? isoWeek(...p) : null;
}

export function parseNumber(v: string | number): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  const s = v.trim().replace(/\s/g, '');
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d*)(\.\d+)?(e[+-]?\d+)?$/i.test(s) || !/\d/.test(s)) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? String(n) : null;
}

const PARSERS: Record<string, (s: string) => string | null> = {
  date: parseDate,
  time: parseTime,
  'datetime-local': parseDateTime,
  month: parseMonth,
  week: parseWeek,
};

/**
 * The exact value for an input of `inputType`, or a ValueError naming the accepted forms. Types
 * without a format (text, email …) pass through unchanged.
 */
export function exactValue(inputType: string, v: string | number): string {
  if (inputType === 'number' || inputType === 'range') {
    const n = parseNumber(v);
    if (n === null) throw new ValueError(ACCEPTED_FORMS.number!);
    return n;
  }
  const parse = PARSERS[inputType];
  if (!parse) return String(v);
  const out = parse(String(v));
  if (out === null) throw new ValueError(ACCEPTED_FORMS[inputType]!);
  return out;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Choices among options (select, radio, checkbox group) by visible text or value, case- and
 * space-insensitively; several as an array or a comma list (a whole option containing a comma
 * still matches as one). Returns the chosen option values, or null naming nothing when a choice
 * matches no option.
 */
export function chooseOptions(
  v: string | number | boolean | string[],
  labels: string[],
  values: string[],
  multiple: boolean,
): string[] | null {
  const find = (want: string): string | null => {
    const w = norm(want);
    const i = labels.findIndex((l) => norm(l) === w);
    if (i >= 0) return values[i] ?? labels[i]!;
    const j = values.findIndex((x) => norm(x) === w);
    if (j >= 0) return values[j]!;
    // A long option is cut with "…" in the tool's list; the agent may give it whole, as the page
    // shows it: it names the one cut option it begins with.
    const cut = labels.flatMap((l, k) => (l.endsWith('…') && w.startsWith(norm(l.slice(0, -1))) ? [k] : []));
    return cut.length === 1 ? (values[cut[0]!] ?? labels[cut[0]!]!) : null;
  };
  const raw = Array.isArray(v) ? v.map(String) : [String(v)];
  const out: string[] = [];
  for (const item of raw) {
    const whole = find(item);
    if (whole !== null) {
      out.push(whole);
      continue;
    }
    if (!multiple || !item.includes(',')) return null;
    for (const part of item.split(',').filter((p) => p.trim())) {
      const hit = find(part);
      if (hit === null) return null;
      out.push(hit);
    }
  }
  if (!multiple && out.length > 1) return null;
  return [...new Set(out)];
}

/** Forgiving booleans for a single checkbox. */
export function parseBoolean(v: string | number | boolean): boolean | null {
  if (typeof v === 'boolean') return v;
  const s = norm(String(v));
  if (['true', 'yes', 'on', '1', 'checked', 'check', 'y'].includes(s)) return true;
  if (['false', 'no', 'off', '0', 'unchecked', 'uncheck', 'n'].includes(s)) return false;
  return null;
}
