/**
 * One full measurement: a real stack (gateway + worker + Redis + Chromium, loopback allowed), the
 * corpus server, every task and the login metrics. Used by the e2e test and the report script.
 */
import { startStack, type Stack } from '@pagemap/test-utils';
import { PagemapApi } from './agent';
import { listPages, loadLoginLabels, loadTasks, type LoginLabel, type Task } from './corpus';
import {
  loginMetrics,
  runTasks,
  scoreByCategory,
  type CategoryScore,
  type LoginMetrics,
  type TaskResult,
} from './runner';
import { startCorpusServer, type CorpusServer } from './server';

export interface Measurement {
  pages: number;
  results: TaskResult[];
  scores: CategoryScore[];
  login: LoginMetrics;
}

export interface CorpusRig {
  stack: Stack;
  server: CorpusServer;
  api: PagemapApi;
  stop(): Promise<void>;
}

export async function startRig(): Promise<CorpusRig> {
  const server = await startCorpusServer();
  let stack: Stack;
  try {
    stack = await startStack({ workers: 1, gateways: 1, env: { PAGEMAP_OUTBOUND_ALLOW: 'loopback' } });
  } catch (err) {
    await server.close();
    throw err;
  }
  const { apiKey } = await stack.tenant({ plan: 'builder' });
  return {
    stack,
    server,
    api: new PagemapApi({ baseUrl: stack.url, apiKey }),
    async stop() {
      await stack.stop();
      await server.close();
    },
  };
}

export async function measure(
  rig: CorpusRig,
  opts: { tasks?: Task[]; labels?: LoginLabel[]; log?: (line: string) => void } = {},
): Promise<Measurement> {
  const tasks = opts.tasks ?? loadTasks();
  const labels = opts.labels ?? loadLoginLabels();
  const results = await runTasks(rig.api, rig.server, tasks, (r) =>
    opts.log?.(`${r.success ? 'ok  ' : 'FAIL'} ${r.id}${r.failure ? `: ${r.failure}` : ''}`),
  );
  const login = await loginMetrics(rig.api, rig.server, labels);
  return { pages: listPages().length, results, scores: scoreByCategory(results), login };
}
