/** The benchmark's tasks (`tasks/<source>.json`): a page, a goal, the agent's steps and a check of the page's state. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Step } from '@pagemap/web-corpus';
import { BENCH_DIR, SOURCES, sourceFile, sourceNamed } from './sources';

export const KINDS = [
  'click',
  'reveal',
  'select',
  'fill',
  'search',
  'key',
  'per-item',
  'hover',
  'double-click',
  'dialog',
  'frame',
  'shadow-dom',
  'login',
  'slider',
] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Steps the web-corpus agent does not know, added here: pressing a key in (or after filling) a
 * field, hovering over an element, double-clicking one, typing a new text into the box of one row
 * of a list (`item`: the words the row starts with), setting a slider to a number. The agent looks
 * for a tool that says it does that, as a person reading the tool list would.
 */
export type ExtStep =
  | { do: 'press'; key: string; target?: string }
  | { do: 'hover'; target: string }
  | { do: 'double_click'; target: string }
  | { do: 'set_row'; item: string; text: string }
  | { do: 'slide'; target: string; value: number };

export type BenchStep = Step | ExtStep;

export interface BenchTask {
  id: string;
  source: string;
  /** Path under the source's web root, as served (`radios/default.html`). */
  page: string;
  kind: Kind;
  goal: string;
  steps: BenchStep[];
  /**
   * A JavaScript expression evaluated in the page (top frame) after the steps; the task is solved
   * when it is true. It reads only the page's own state (DOM, form values, ARIA states, location).
   */
  check?: string;
  /** Fields a form submission to the source's server must have carried (what the local sink received). */
  received?: Record<string, string>;
  /** In the CI subset (test/ci-subset.test.ts). */
  ci?: boolean;
}

export const TASKS_DIR = join(BENCH_DIR, 'tasks');

export function loadTasks(dir = TASKS_DIR): BenchTask[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const tasks = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as BenchTask[]);
  const ids = new Set<string>();
  for (const t of tasks) {
    if (ids.has(t.id)) throw new Error(`duplicate task id ${t.id}`);
    ids.add(t.id);
    if (!(KINDS as readonly string[]).includes(t.kind)) throw new Error(`task ${t.id}: unknown kind ${t.kind}`);
    if (!SOURCES.some((s) => s.name === t.source)) throw new Error(`task ${t.id}: unknown source ${t.source}`);
    if (t.check === undefined && t.received === undefined) throw new Error(`task ${t.id}: neither check nor received`);
  }
  return tasks;
}

/** Tasks whose page is not in their source (a typo, or a file not copied). */
export function tasksWithoutPage(tasks: BenchTask[]): string[] {
  return tasks
    .filter((t) => {
      const path = new URL(t.page, 'http://x/').pathname;
      return !sourceFile(sourceNamed(t.source), path);
    })
    .map((t) => t.id);
}
