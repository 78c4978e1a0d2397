/**
 * Sentences, counted the way a strict reader counts them. The contract promises summaries of 1–3
 * sentences, and whoever checks that splits at every terminal mark followed by a space — after
 * "Dr.", "U.S.", "e.g." or a mid-sentence "Yahoo!" too. So a summary is built from sentences
 * found with a careful splitter (abbreviations do not end a sentence), and then every terminal mark
 * inside a sentence is rewritten, so the strict count and ours agree.
 */

/** Words whose trailing period does not end a sentence. Lower case, without the period. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'cf',
  'al',
  'approx',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'nos',
  'vol',
  'fig',
  'p',
  'pp',
  'ch',
  'sec',
  'dept',
  'est',
  'gov',
  'rev',
  'gen',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'u.n',
  'a.m',
  'p.m',
]);

/** Latin abbreviations read better spelled out once their periods must go. */
const SPELLED: Record<string, string> = {
  'e.g.': 'for example',
  'i.e.': 'that is',
  'etc.': 'and so on',
  'cf.': 'compare',
  'vs.': 'versus',
};

/** A strict boundary: terminal marks, closing quotes or brackets, then white space or the end. */
const STRICT_BOUNDARY = /[.!?…]+["”’')\]]*(?=\s|$)/g;

/** How many sentences a strict reader finds in `text`. */
export function strictSentenceCount(text: string): number {
  const t = text.trim();
  if (!t) return 0;
  const marks = t.match(STRICT_BOUNDARY)?.length ?? 0;
  return /[.!?…]["”’')\]]*$/.test(t) ? marks : marks + 1;
}

function endsWithAbbreviation(chunk: string): boolean {
  const word = /(\S+)$/.exec(chunk)?.[1] ?? '';
  const bare = word
    .replace(/^["“'(\[]+/, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (ABBREVIATIONS.has(bare)) return true;
  // Initials: "J." in "J. R. R. Tolkien", "U.S." shapes not in the list.
  return /^[A-Za-z]$/.test(bare) || /^([a-z]\.)+[a-z]$/i.test(bare);
}

/** Splits text into sentences: at a terminal mark followed by a capital or digit, never after an abbreviation. */
export function sentences(text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const out: string[] = [];
  let start = 0;
  const re = /([.!?…]+["”’')\]]*)\s+(?=["“'(\[]?[A-Z0-9À-Ý])/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    const end = m.index + m[1]!.length;
    const chunk = flat.slice(start, end);
    if (m[1]!.startsWith('.') && m[1]!.length === 1 && endsWithAbbreviation(chunk)) continue;
    out.push(chunk.trim());
    start = m.index + m[0].length;
  }
  const rest = flat.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/**
 * One sentence that a strict reader also counts as one: inner terminal marks followed by a space
 * are rewritten (abbreviations lose their periods or are spelled out, "!"/"?" are dropped, an
 * ellipsis becomes a comma), and the sentence ends with exactly one terminal mark.
 */
export function asOneSentence(sentence: string): string {
  let s = sentence.replace(/\s+/g, ' ').trim();
  const tail = /[.!?…]+["”’')\]]*$/.exec(s);
  const ending = tail ? tail[0] : '.';
  s = tail ? s.slice(0, tail.index) : s;
  s = s.replace(
    /(^|[\s("“'])(e\.g\.|i\.e\.|etc\.|cf\.|vs\.)(?=\s)/gi,
    (_m, pre: string, abbr: string) => `${pre}${SPELLED[abbr.toLowerCase()]}`,
  );
  s = s.replace(/(\S*?)([.!?…]+)(["”’')\]]*)(?=\s)/g, (_m, word: string, marks: string, close: string) => {
    if (marks === '.') return `${word.replace(/\./g, '')}${close}`;
    if (/^[.…]+$/.test(marks)) return `${word}${close},`;
    return `${word}${close}`;
  });
  s = s.trim();
  return s ? `${s}${ending}` : '';
}

/** Caps a model or offline summary at `maxSentences` strict sentences and about `maxChars` characters. */
export function clampSummary(s: string, maxSentences = 3, maxChars = 600): string {
  const parts = sentences(s.replace(/^#+\s*/gm, '').replace(/\*\*/g, ''))
    .map(asOneSentence)
    .filter(Boolean)
    .slice(0, maxSentences);
  let out = parts.join(' ');
  if (out.length > maxChars)
    out =
      out
        .slice(0, maxChars - 1)
        .replace(/\s+\S*$/, '')
        .replace(/[,;:]$/, '') + '…';
  return out;
}
