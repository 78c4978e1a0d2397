/**
 * Turns a word table (phrases per language) into one matcher. Phrases are regular-expression
 * fragments, matched case-insensitively as whole words where words have letters around them:
 * "login" does not match inside "blogging", "войти" matches in "Войти в аккаунт", and Chinese or
 * Japanese phrases (no spaces between words) match wherever they stand.
 */
export type Language = 'en' | 'es' | 'de' | 'ja' | 'fr' | 'pt' | 'ru' | 'it' | 'zh' | 'pl' | 'nl';

/** One table: the phrases of one concern in each language (every language listed, none left out). */
export type WordTable = Record<Language, readonly string[]>;

/** A letter of an alphabetic script or a digit: what makes a word go on. */
const WORD_CHAR = '[\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\p{N}_]';

/** The phrases of several tables, language by language (one concern that includes another). */
export function joinTables(...tables: WordTable[]): WordTable {
  const out = {} as Record<Language, string[]>;
  for (const lang of Object.keys(tables[0]!) as Language[]) out[lang] = tables.flatMap((t) => [...t[lang]]);
  return out;
}

/** A matcher for any phrase of the tables, in any language. */
export function matcherOf(...tables: WordTable[]): RegExp {
  const phrases = tables.flatMap((t) => Object.values(t).flat());
  return new RegExp(`(?<!${WORD_CHAR})(?:${phrases.join('|')})(?!${WORD_CHAR})`, 'iu');
}

/** Spaces, punctuation and symbols around a button's words: "Next →", "» Weiter", "Continue ›". */
const AROUND = '[\\s\\p{P}\\p{S}]*';

/** A matcher for a label that says one phrase of the tables and nothing else ("Weiter", "Next →", "次へ"). */
export function onlyPhraseOf(...tables: WordTable[]): RegExp {
  const phrases = tables.flatMap((t) => Object.values(t).flat());
  return new RegExp(`^${AROUND}(?:${phrases.join('|')})${AROUND}$`, 'iu');
}
