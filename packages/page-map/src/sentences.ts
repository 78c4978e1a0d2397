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

/** Closing quotes or brackets that may follow a terminal mark. */
const CLOSER = String.raw`["”’')\]」』）]`;
const CLOSERS = `${CLOSER}*`;
/**
 * Full stops of scripts written without spaces between sentences (Chinese, Japanese: 。！？, the
 * half-width ｡ and the full-width ！？): a sentence ends at one whatever follows it — at the last
 * of a run: "（以及解答！）。" ends once.
 */
const CJK_END = `[。！？｡]+${CLOSERS}(?:[。！？｡]+${CLOSERS})*`;

/** A space after every CJK full stop that has none, so every splitter below sees a boundary. */
// The look-ahead refuses a closer too: else the match backs off from "？”" at a text's end and
// puts the space inside, making the quote mark a sentence of its own.
const spaceAfterCjkStops = (text: string): string =>
  text.replace(new RegExp(`(${CJK_END})(?=[^\\s"”’')\\]」』）])`, 'g'), '$1 ');

/** A strict boundary: terminal marks, closing quotes or brackets, then white space or the end. */
const STRICT_BOUNDARY = new RegExp(`[.!?…。！？｡]+${CLOSERS}(?=\\s|$)`, 'g');
const STRICT_END = new RegExp(`[.!?…。！？｡]${CLOSERS}$`);

/** How many sentences a strict reader finds in `text` (in any script). */
export function strictSentenceCount(text: string): number {
  const t = spaceAfterCjkStops(text.trim());
  if (!t) return 0;
  const marks = t.match(STRICT_BOUNDARY)?.length ?? 0;
  return STRICT_END.test(t) ? marks : marks + 1;
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

/**
 * A mark closed by a bracket the sentence opened in its middle: "(その回答も!) を集めています",
 * "a reply (yes!) came". The sentence goes on after the parenthesis; only a sentence written
 * wholly in brackets ends inside them.
 */
const inParenthesis = (mark: string, chunk: string): boolean =>
  /[)\]）]$/.test(mark) && !/^["“'(\[「『（]/.test(chunk.trim());

/**
 * Splits text into sentences: at a terminal mark followed by a capital, a digit or a letter of a
 * script without case (Chinese, Japanese, Arabic …), never after an abbreviation; and at every
 * CJK full stop (。！？), which needs no space after it.
 */
export function sentences(text: string): string[] {
  const flat = spaceAfterCjkStops(text.replace(/\s+/g, ' ').trim());
  const out: string[] = [];
  let start = 0;
  const re = new RegExp(`([.!?…]+${CLOSERS})\\s+(?=["“'(\\[「『（]?[\\p{Lu}\\p{N}\\p{Lo}])|(${CJK_END})\\s+`, 'gu');
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    const mark = m[1] ?? m[2]!;
    const end = m.index + mark.length;
    const chunk = flat.slice(start, end);
    if (mark.startsWith('.') && mark.length === 1 && endsWithAbbreviation(chunk)) continue;
    if (m[1] && inParenthesis(m[1], chunk)) continue;
    out.push(chunk.trim());
    start = m.index + m[0].length;
  }
  const rest = flat.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/** Whether a sentence already ends with a terminal mark (of any script). */
export const endsSentence = (s: string): boolean => STRICT_END.test(s.trim());

/**
 * One sentence that a strict reader also counts as one: inner terminal marks followed by a space
 * are rewritten (abbreviations lose their periods or are spelled out, "!"/"?" are dropped, an
 * ellipsis becomes a comma), and the sentence ends with exactly one terminal mark.
 */
export function asOneSentence(sentence: string): string {
  let s = sentence.replace(/\s+/g, ' ').trim();
  const tail = new RegExp(`[.!?…。！？｡]+${CLOSERS}$`).exec(s);
  const ending = tail ? tail[0] : '.';
  s = tail ? s.slice(0, tail.index) : s;
  // A mark closed by a bracket or quote just before the end ("（以及解答！）。"): a reader who cuts
  // after every 。！？ would find a sentence in the "）。" left behind it.
  s = s.replace(new RegExp(`[。！？｡]+(?=${CLOSER}+$)`, 'u'), '');
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
  // Chinese and Japanese put no space after a full stop.
  let out = parts.reduce((acc, p) => (!acc ? p : /[。！？｡]\S*$/.test(acc) ? acc + p : `${acc} ${p}`), '');
  // A reader who cuts after every 。！？ finds a sentence in the closing quote of "…的？”" when it is
  // the last thing: the stop goes after the quote there ("…的”？"), where no words are left behind it.
  out = out.replace(new RegExp(`([。！？｡]+)(${CLOSER}+)$`, 'u'), '$2$1');
  if (out.length > maxChars)
    out =
      out
        .slice(0, maxChars - 1)
        .replace(/\s+\S*$/, '')
        .replace(/[,;:]$/, '') + '…';
  return out;
}
