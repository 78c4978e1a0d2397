/**
 * Runs the corpus: every task through the scripted agent, then the login detection metrics.
 * Tasks run one at a time against one corpus server whose event log is reset before each task.
 */
import { CATEGORIES, type Category, type LoginLabel, type Task } from './corpus';
import { describeError, runSteps, type AgentApi } from './agent';
import { chooseLogin, hasLoginTool } from './choose';
import { describeEvents, describeExpectation, unmet } from './expect';
import type { CorpusServer } from './server';

export interface TaskResult {
  id: string;
  category: Category;
  page: string;
  success: boolean;
  /** Why it failed: the step that could not be done, or the expected events that were not recorded. */
  failure?: string;
  calls: string[];
}

export interface CategoryScore {
  category: Category | 'overall';
  tasks: number;
  solved: number;
  rate: number;
}

export interface LoginMetrics {
  pages: number;
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
  precision: number;
  recall: number;
  /** Login pages with a sink: the submission reached it with the right fields. */
  sink: { pages: number; ok: number; rate: number; failures: string[] };
  /** Pages that answered an error instead of a page map. */
  errors: string[];
}

export async function runTask(api: AgentApi, server: CorpusServer, task: Task): Promise<TaskResult> {
  server.reset();
  const run = await runSteps(api, server.url(task.page), task.steps);
  const base = { id: task.id, category: task.category, page: task.page, calls: run.calls };
  if (run.failure) return { ...base, success: false, failure: run.failure };
  const events = server.events();
  const missing = unmet(task.expect, events);
  if (missing.length > 0) {
    // The calls made say how the agent read the page map (e.g. a link followed by its href instead of clicked).
    return {
      ...base,
      success: false,
      failure: `expected ${missing.map(describeExpectation).join(' and ')}; got ${describeEvents(events)} (after ${run.calls.join(', ') || 'no call'})`,
    };
  }
  return { ...base, success: true };
}

export async function runTasks(
  api: AgentApi,
  server: CorpusServer,
  tasks: Task[],
  onResult?: (r: TaskResult) => void,
): Promise<TaskResult[]> {
  const out: TaskResult[] = [];
  for (const task of tasks) {
    const r = await runTask(api, server, task);
    onResult?.(r);
    out.push(r);
  }
  return out;
}

const rate = (solved: number, total: number) => (total === 0 ? 1 : solved / total);

/** Success per category (only categories with tasks), then overall. */
export function scoreByCategory(results: TaskResult[]): CategoryScore[] {
  const rows: CategoryScore[] = [];
  for (const category of CATEGORIES) {
    const mine = results.filter((r) => r.category === category);
    if (mine.length === 0) continue;
    const solved = mine.filter((r) => r.success).length;
    rows.push({ category, tasks: mine.length, solved, rate: rate(solved, mine.length) });
  }
  const solved = results.filter((r) => r.success).length;
  rows.push({ category: 'overall', tasks: results.length, solved, rate: rate(solved, results.length) });
  return rows;
}

/**
 * Credentials the sink check signs in with: made up, only ever sent to the loopback corpus server.
 * Within the pages' field limits (the shortest, a bank's, takes 20 characters): a longer value is
 * refused with INVALID_PARAMS, as a person's typing would have been cut short there.
 */
export const CORPUS_CREDENTIALS = { username: 'reader@example.com', password: 'Corpus-Pass-4821' };

/**
 * Login precision/recall over the labels (a page "has login" when its page map offers a tool named
 * `login`/`sign_in`), and for labelled login pages with a sink, whether signing in with the login
 * tool delivered the username and password in the right fields.
 */
export async function loginMetrics(api: AgentApi, server: CorpusServer, labels: LoginLabel[]): Promise<LoginMetrics> {
  const m: LoginMetrics = {
    pages: labels.length,
    truePositives: 0,
    falsePositives: [],
    falseNegatives: [],
    precision: 1,
    recall: 1,
    sink: { pages: 0, ok: 0, rate: 1, failures: [] },
    errors: [],
  };
  for (const label of labels) {
    server.reset();
    let map;
    try {
      map = await api.open(server.url(label.page));
    } catch (err) {
      m.errors.push(`${label.page}: ${describeError(err)}`);
      if (label.login) m.falseNegatives.push(label.page);
      continue;
    }
    try {
      const offered = hasLoginTool(map.tools);
      if (offered && label.login) m.truePositives++;
      else if (offered) m.falsePositives.push(label.page);
      else if (label.login) m.falseNegatives.push(label.page);
      if (label.login && label.sink) {
        m.sink.pages++;
        const failure = await sinkCheck(api, server, map.session_id, map.tools, label.sink);
        if (failure) m.sink.failures.push(`${label.page}: ${failure}`);
        else m.sink.ok++;
      }
    } finally {
      await api.close(map.session_id);
    }
  }
  m.precision = rate(m.truePositives, m.truePositives + m.falsePositives.length);
  m.recall = rate(m.truePositives, m.truePositives + m.falseNegatives.length);
  m.sink.rate = rate(m.sink.ok, m.sink.pages);
  return m;
}

async function sinkCheck(
  api: AgentApi,
  server: CorpusServer,
  sessionId: string,
  tools: Parameters<typeof chooseLogin>[0],
  sink: { username: string; password: string },
): Promise<string | undefined> {
  const { username, password } = CORPUS_CREDENTIALS;
  const choice = chooseLogin(tools, username, password);
  if (!choice) return 'no login tool';
  try {
    // The outcome the tool reports does not matter here (the sink answers "Received", not an account page).
    await api.run(sessionId, choice.tool, choice.params);
  } catch (err) {
    return `login tool: ${describeError(err)}`;
  }
  const submitted = server.events().filter((e) => e.kind === 'submitted');
  const ok = submitted.some((e) => {
    const f = (e.detail ?? {}) as Record<string, unknown>;
    return f[sink.username] === username && f[sink.password] === password;
  });
  if (ok) return undefined;
  const seen = submitted.map((e) => Object.keys((e.detail ?? {}) as object).join('+')).join('; ');
  return submitted.length
    ? `submitted, but not as ${sink.username}+${sink.password} (fields: ${seen})`
    : 'nothing reached the sink';
}
