/**
 * Fuzzy text matching for the scripted agent: how well a phrase from a task ("Director name")
 * matches a text from a page map (`director_name`, "Name of the director"). Deliberately plain —
 * normalised equality, containment, then token overlap — so that the agent behaves like a careful
 * reader, not like something tuned to the corpus.
 */

/** Lower case, snake/kebab case split, punctuation dropped, spaces collapsed. */
export function normalize(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-–—/]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'for',
  'and',
  'or',
  'in',
  'on',
  'your',
  'my',
  'this',
  'with',
  'by',
  'at',
  'is',
  'be',
]);

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

export function tokens(text: string): string[] {
  return normalize(text)
    .split(' ')
    .filter((w) => w && !STOP.has(w))
    .map(stem);
}

/** Chinese, Japanese and Korean words are often two characters ("注销", sign out): a whole word all the same. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const minWordLength = (text: string): number => (CJK.test(text) ? 2 : 3);

/**
 * 0..1: 1 for the same text; 0.9 when the text contains the whole target as words; when the target
 * contains the text, 0.5–0.8 by how much of the target the text covers (so a generic "name" fits
 * "Shipping full name" less than "Shipping address: Full name" does); else 0.75 × the Dice
 * coefficient of their words.
 */
export function similarity(target: string, text: string): number {
  const a = normalize(target);
  const b = normalize(text);
  if (!a || !b) return 0;
  if (a === b) return 1;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  const ta = new Set(tokens(a));
  const tb = new Set(tokens(b));
  if (shorter.length >= minWordLength(shorter) && ` ${longer} `.includes(` ${shorter} `)) {
    return shorter === a ? 0.9 : 0.5 + (0.3 * Math.min(tb.size, ta.size)) / Math.max(ta.size, 1);
  }
  if (ta.size === 0 || tb.size === 0) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return (0.75 * (2 * common)) / (ta.size + tb.size);
}

/** The best similarity of `target` against several texts (name, description, …). */
export function bestSimilarity(target: string, texts: Array<string | undefined>): number {
  let best = 0;
  for (const t of texts) if (t) best = Math.max(best, similarity(target, t));
  return best;
}
