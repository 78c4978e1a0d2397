/** The report: agent failures and invalid tasks are listed but not counted; the doc keeps everything outside its section. */
import {
  readingMarkdown,
  reportMarkdown,
  scoreOf,
  sentencesAsRead,
  withSection,
  type BenchResult,
  type BenchTask,
  type ReadingResult,
} from '../src';

const r = (id: string, verdict: BenchResult['verdict'], fault?: BenchResult['fault']): BenchResult => ({
  id,
  source: 'kitchensink',
  kind: 'click',
  page: 'commands/actions',
  verdict,
  ...(fault ? { fault } : {}),
  ...(verdict === 'solved' ? {} : { failure: `why ${id}` }),
  calls: [],
});
const results = [r('a', 'solved'), r('b', 'failed', 'product'), r('c', 'failed', 'agent'), r('d', 'invalid')];
const tasks = results.map((x) => ({ id: x.id, goal: `goal ${x.id}` }) as BenchTask);

test("only the product's failures count: 1 solved of 2 counted", () => {
  expect(scoreOf('all', results)).toEqual({ group: 'all', tasks: 3, solved: 1, agentFaults: 1, rate: 0.5 });
});

test('the report lists product failures with their cause, agent failures and invalid tasks apart', () => {
  const md = reportMarkdown(results, tasks, '2026-11-25', { b: 'the tool submits the form' });
  expect(md).toContain('| kitchensink | 3 | 1 | 1 | 0.50 |');
  expect(md).toContain('- `b` (click) goal b — why b. Cause: the tool submits the form');
  expect(md).toMatch(/Agent failures \(1, not counted\):\n\n- `c`/);
  expect(md).toMatch(/Invalid tasks \(1, not counted\):\n\n- `d`/);
});

test('the generated section is replaced in place, the rest of the document kept', () => {
  const first = withSection('# Doc\n\nintro\n', 'one');
  expect(first).toContain('## External benchmark');
  const doc = `${first}\n## After\n`;
  const second = withSection(doc, 'two');
  expect(second).toContain('two');
  expect(second).not.toContain('\none\n');
  expect(second.startsWith('# Doc\n\nintro')).toBe(true);
  expect(second).toContain('## After');
});

test('the summaries report counts per set and language and lists every failure with its summary', () => {
  const base = {
    set: 'debian-faq',
    lang: 'zh-cn',
    path: 'zh-cn/a.zh-cn.html',
    fromParagraph: true as const,
    contentStarts: true as const,
  };
  const results: ReadingResult[] = [
    { ...base, summary: '一。二。三。', sentences: sentencesAsRead('一。二。三。') },
    { ...base, path: 'zh-cn/b.zh-cn.html', summary: '一。二。三？”', sentences: sentencesAsRead('一。二。三？”') },
    {
      ...base,
      lang: 'de',
      path: 'de/c.de.html',
      summary: 'Eins.',
      sentences: 1,
      fromParagraph: false,
      contentStarts: false,
    },
  ];
  expect(results.map((r) => r.sentences)).toEqual([3, 4, 1]);
  const md = readingMarkdown(results, '2026-11-28');
  expect(md).toContain('| debian-faq | zh-cn | 2 | 1 | 2 | 2 | 1 |');
  expect(md).toContain('| debian-faq | de | 1 | 1 | 0 | 0 | 0 |');
  expect(md).toContain('Failures (2):');
  expect(md).toContain('`debian-faq/zh-cn/b.zh-cn.html`: a summary of 4 sentences');
  expect(md).toContain(
    '`debian-faq/de/c.de.html`: a summary of 1 sentence, opening not from a paragraph (false): "Eins."; page_content does not start with the chapter',
  );
});
