/**
 * The benchmark's material is complete and honest: at least 200 tasks over several sources, every
 * task page exists in its source, every source carries its licence and provenance, every kind is a
 * known one, and the CI subset covers every source.
 */
import { KINDS, SOURCES, loadCauses, loadTasks, missingProvenance, tasksWithoutPage } from '../src';

const tasks = loadTasks();

test('at least 200 tasks, with ids unique (loadTasks throws on a duplicate) and every source used', () => {
  expect(tasks.length).toBeGreaterThanOrEqual(200);
  for (const s of SOURCES) expect(tasks.filter((t) => t.source === s.name).length).toBeGreaterThan(0);
});

test('every task page is a file of its source', () => {
  expect(tasksWithoutPage(tasks)).toEqual([]);
});

test('every source has its LICENCE and SOURCE.md', () => {
  expect(missingProvenance()).toEqual([]);
});

test('every task has a goal, steps, a known kind and a check to read from the page', () => {
  for (const t of tasks) {
    expect(t.goal.length).toBeGreaterThan(5);
    expect(t.steps.length).toBeGreaterThan(0);
    expect(KINDS).toContain(t.kind);
    if (t.check !== undefined) expect(() => new Function(`return (${t.check});`)).not.toThrow();
    expect(t.check !== undefined || t.received !== undefined).toBe(true);
  }
});

test('the CI subset takes tasks of every source', () => {
  const ci = tasks.filter((t) => t.ci);
  for (const s of SOURCES) expect(ci.some((t) => t.source === s.name)).toBe(true);
});

test('every cause in causes.json belongs to a task', () => {
  const ids = new Set(tasks.map((t) => t.id));
  expect(Object.keys(loadCauses()).filter((id) => !ids.has(id))).toEqual([]);
});
