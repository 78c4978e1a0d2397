/**
 * A list of languages is the page's language switcher, whatever stands before it. Sphinx's
 * switcher in the Debian Developer's Reference sits in a breadcrumb trail with no label, and took
 * the trail's last item as its name ("choose_debian": Choose in the "Debian »" list); a person
 * reads its options and sees the page's languages. Names come from the runtime's own data
 * (Intl.DisplayNames): a language's English name, its own name ("Deutsch", "日本語"), or an option
 * value that is a language code whose name the option shows.
 */

/** Codes of the languages most used on the web and their neighbours: the names a list may show. */
const COMMON =
  'en de fr es it pt ru ja zh ko nl pl ar tr sv da fi no nb nn cs hu ro el he hi id th vi uk bg hr sr sk sl et lv lt fa ca gl eu ms bn ta ur sw af is ga cy sq mk be ka hy az kk uz'.split(
    ' ',
  );

const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A code's names: in English and in the language itself, lower case. */
function namesOf(code: string): string[] {
  const out: string[] = [];
  try {
    const en = english.of(code);
    if (en) out.push(en.toLowerCase());
    const own = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code);
    if (own) out.push(own.toLowerCase());
  } catch {
    // not a well-formed code
  }
  return out;
}

let known: Set<string> | undefined;
const knownNames = (): Set<string> => (known ??= new Set(COMMON.flatMap(namesOf)));

const CODE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

function isLanguage(text: string, value: string): boolean {
  const t = text.trim().toLowerCase();
  if (!t) return false;
  if (knownNames().has(t)) return true;
  return CODE.test(value) && (t === value.toLowerCase() || namesOf(value.replace(/_/g, '-')).includes(t));
}

/** Three or more options, four in five of them languages by name (or by code and the name shown). */
export function isLanguageList(options: readonly string[] = [], values: readonly string[] = []): boolean {
  if (options.length < 3) return false;
  const hits = options.filter((o, i) => isLanguage(o, values[i] ?? '')).length;
  return hits * 5 >= options.length * 4;
}
