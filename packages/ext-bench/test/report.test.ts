/** The report: agent failures and invalid tasks are listed but not counted; the doc keeps everything outside its section. */
import { reportMarkdown, scoreOf, withSection, type BenchResult, type BenchTask } from '../src';

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
