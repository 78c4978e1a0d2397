/**
 * Summaries must be 1–3 sentences as a strict reader counts them (every terminal mark followed by
 * a space ends one). Nasty inputs: abbreviations, initials, mid-sentence "!" and ellipses, quotes,
 * text without punctuation, one very long first paragraph, lists.
 */
import { asOneSentence, clampSummary, sentences, strictSentenceCount } from '../src/sentences';
import { offlineSummary } from '../src';

const strictCountOk = (s: string) => {
  const n = strictSentenceCount(s);
  return n >= 1 && n <= 3;
};

test('the strict count splits at every terminal mark followed by a space', () => {
  expect(strictSentenceCount('Dr. Smith came. He left.')).toBe(3);
  expect(strictSentenceCount('One. Two! Three? Four')).toBe(4);
  expect(strictSentenceCount('He said "stop." Then left.')).toBe(2);
  expect(strictSentenceCount('')).toBe(0);
});

test('abbreviations and initials do not end a sentence', () => {
  expect(sentences('Dr. Smith met J. R. R. Tolkien in the U.S. Army. They talked.')).toEqual([
    'Dr. Smith met J. R. R. Tolkien in the U.S. Army.',
    'They talked.',
  ]);
  expect(sentences('Prices start at 3.50 EUR. Shipping is free.')).toHaveLength(2);
});

test('one sentence stays one for a strict reader', () => {
  expect(asOneSentence('Dr. Smith met the U.S. Army, e.g. at Fort Knox')).toBe(
    'Dr Smith met the US Army, for example at Fort Knox.',
  );
  expect(asOneSentence('Yahoo! mail is back... and faster than ever!')).toBe(
    'Yahoo mail is back, and faster than ever!',
  );
  expect(strictSentenceCount(asOneSentence('Wait... what? no way. really'))).toBe(1);
});

test('clampSummary never exceeds three strict sentences', () => {
  const inputs = [
    'Dr. Jones, Prof. Lee and Mr. Wu of Acme Inc. met on Jan. 5. They agreed. They signed. They left. They returned.',
    'Sale! 50% off everything! Today only! Hurry! Ends soon!',
    'A list: apples. pears. plums. cherries. figs.',
    '"Quoted." "Another." "Third." "Fourth."',
    'no punctuation at all just words running on and on about a product that does many things',
  ];
  for (const input of inputs) {
    const out = clampSummary(input);
    expect(strictCountOk(out)).toBe(true);
    expect(out.length).toBeGreaterThan(0);
  }
});

test('the offline summary of a page whose first paragraph is long is 1–3 sentences', () => {
  const long = `${'The committee, which met in Washington D.C. on Sept. 10 with representatives from the U.S. and the U.K. (i.e. the two founding members), discussed budgets, schedules, staffing, procurement, and a long list of other matters '.repeat(4)}and then adjourned.`;
  const cases = [
    {
      title: 'Minutes',
      text: `Minutes\n${long}\nSecond paragraph follows here with more words. And another sentence here.`,
      url: 'https://example.org/minutes',
    },
    { title: 'Menu', text: 'Home\nAbout\nContact', url: 'https://example.org/' },
    { title: '', text: '', url: 'https://example.org/' },
    {
      title: 'Shop',
      text: 'Buy now! Free shipping on orders over $50! Returns accepted within 30 days! Sign up for deals! Contact us today!',
      url: 'https://shop.example/',
    },
    {
      title: 'List',
      text: '- item one is a fairly long bullet point text\n- item two is another long bullet point text\n- item three also long enough to count as prose\n- item four',
      url: 'https://example.org/list',
    },
  ];
  for (const input of cases) {
    const summary = offlineSummary(input);
    expect(strictCountOk(summary)).toBe(true);
  }
});

test('a mark inside a parenthesis, or in a run of marks, ends no sentence of its own', () => {
  // A reader who cuts after every 。！？ and at . ! ? before a space.
  const asRead = (s: string) =>
    s
      .replace(/([。！？｡])/g, '$1\n')
      .replace(/([.!?…])["”’')\]]*\s+/g, '$1\n')
      .split('\n')
      .filter((x) => x.trim()).length;
  const cases = [
    // The Japanese Debian FAQ: "(その回答も!)" in the middle of its first sentence.
    ['この文書は疑問 (その回答も!) を集めています。他の文書へのポインタです。三つ目の文です。', 3],
    // The Chinese FAQ: "！）。" closes one sentence.
    ['常见问题（以及解答！）。如果可能，会提供链接。您会发现一些解答。', 3],
    // A quoted question as the last thing: its closing quote is no sentence.
    ['有三种版本。“测试”版有时会冻结。它是如何“冻结”的？”', 3],
    ['A reply (yes!) came at last. Then nothing. The end.', 3],
  ] as const;
  for (const [text, n] of cases) {
    const summary = clampSummary(text, 3, 420);
    expect(strictSentenceCount(summary)).toBe(n);
    expect(asRead(summary)).toBe(n);
  }
  expect(sentences('他说“好的。”然后走了。')).toEqual(['他说“好的。”', '然后走了。']);
});
