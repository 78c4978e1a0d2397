/** The corpus on disk: tasks (`tasks/*.json`), login labels (`login/labels.json`), pages (`pages/**`). */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORPUS_DIR, PAGES_DIR } from './server';

export const CATEGORIES = [
  'search',
  'click',
  'form',
  'select',
  'reveal',
  'dialog',
  'overlay',
  'typed',
  'login',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type Step =
  /**
   * `in`: where the target is, as the goal says it ("the list Markup"): among equal options
   * (a "×" on the same tag in five boxes), the tool whose description names that place.
   */
  | { do: 'click'; target: string; in?: string }
  | { do: 'follow'; target: string }
  | {
      do: 'fill';
      tool_hint?: string;
      values: Record<string, string | number | boolean | string[]>;
      submit?: string;
      /** false: the goal is only to fill (choose), not to send the form. */
      send?: false;
    }
  | { do: 'search'; query: string }
  | { do: 'login'; username: string; password: string }
  | { do: 'dismiss_overlay'; choice?: string }
  | { do: 'answer_dialog'; accept: boolean; text?: string };

export type Expectation = { kind: string; detail?: unknown; fields?: Record<string, unknown> };

export interface Task {
  id: string;
  page: string;
  category: Category;
  goal: string;
  steps: Step[];
  expect: Expectation[];
}

export interface LoginLabel {
  page: string;
  login: boolean;
  sign_up: boolean;
  /**
   * For login pages whose form reaches the sink (`/_corpus/sink` or `__record('submitted', …)`):
   * the names of the fields that must carry the username and the password.
   */
  sink?: { username: string; password: string };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Every page, as its path under `pages/` (`widgets/tabs-apg.html`). */
export function listPages(pagesDir = PAGES_DIR): string[] {
  return walk(pagesDir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => relative(pagesDir, f).split('\\').join('/'))
    .sort();
}

export function loadTasks(dir = join(CORPUS_DIR, 'tasks')): Task[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const tasks = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Task[]);
  const ids = new Set<string>();
  for (const t of tasks) {
    if (ids.has(t.id)) throw new Error(`duplicate task id ${t.id}`);
    ids.add(t.id);
    if (!(CATEGORIES as readonly string[]).includes(t.category))
      throw new Error(`task ${t.id}: unknown category ${t.category}`);
  }
  return tasks;
}

/**
 * All login labels: every `login/*.json` (each an array), so that groups of pages can keep their
 * labels in their own file (`labels.json` for the auth pages, `interaction.json` for the others).
 */
export function loadLoginLabels(dir = join(CORPUS_DIR, 'login')): LoginLabel[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const labels = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as LoginLabel[]);
  const seen = new Set<string>();
  for (const l of labels) {
    if (seen.has(l.page)) throw new Error(`page ${l.page} is labelled twice`);
    seen.add(l.page);
  }
  return labels;
}

export function loadThresholds(file = join(CORPUS_DIR, 'thresholds.json')): Thresholds {
  return JSON.parse(readFileSync(file, 'utf8')) as Thresholds;
}

/** Floors CI holds the corpus to (success rates, 0..1). */
export interface Thresholds {
  overall: number;
  categories: Partial<Record<Category, number>>;
  login: { precision: number; recall: number; sink: number };
}
