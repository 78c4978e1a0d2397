/**
 * Helpers for the worker's acceptance tests: which worker served a job (from its own logs), the
 * Chromium processes a worker started, and small polling waits.
 */
import {
  alive,
  api,
  defaultTestEnv,
  processTree,
  startFixtureServer,
  startProcess,
  startRedis,
  startStack,
  waitFor,
  type FixtureServer,
  type ProcHandle,
  type RedisHandle,
  type Stack,
} from '@pagemap/test-utils';

/** The worker that served each job of a session, in order, from the workers' 'job served' log lines. */
export function servedBy(workers: ProcHandle[], sessionId: string): string[] {
  const lines = workers.flatMap((w) => w.logs().filter((l) => l.msg === 'job served' && l.sessionId === sessionId));
  lines.sort((a, b) => String(a.time).localeCompare(String(b.time)));
  return lines.map((l) => String(l.worker));
}

/** Chromium main pids a worker launched (one per launch), from its 'browser started' lines. */
export function chromiumPids(worker: ProcHandle): number[] {
  return worker
    .logs()
    .filter((l) => l.msg === 'browser started')
    .map((l) => Number(l.chromiumPid));
}

export { alive, metric, processTree } from '@pagemap/test-utils';

export async function waitGone(pids: number[], timeoutMs = 15_000): Promise<void> {
  await waitFor(
    () => (pids.every((p) => !alive(p)) ? true : undefined),
    timeoutMs,
    `processes ${pids.join(',')} to exit`,
    100,
  );
}

export function browse(stack: Stack | string, key: string, body: Record<string, unknown>) {
  return api(typeof stack === 'string' ? stack : stack.url, 'POST', '/v1/browse', { key, body });
}

/**
 * Starts a request running worker-tools.html's `hang` tool, which never settles, on `sessionId`,
 * and resolves once the tool runs in the page (its mark came), the request still pending (wrapped,
 * so that awaiting this does not await the request). `marks` is the suite's /worker-mark list.
 */
export async function hangingRequest(
  stack: Stack,
  key: string,
  marks: string[],
  sessionId: string,
): Promise<{ pending: ReturnType<typeof browse> }> {
  marks.length = 0;
  const pending = browse(stack, key, { session_id: sessionId, tool: 'hang' });
  await waitFor(() => marks.includes('hang'), 20_000, 'the hanging tool to start');
  return { pending };
}

/**
 * Waits until every gateway of the stack reaches Redis. A gateway logs 'gateway listening' before
 * its command connection to Redis is ready, and answers 503 SERVICE_UNAVAILABLE until it is.
 */
export async function gatewaysReady(stack: Stack): Promise<void> {
  for (const g of stack.gateways) {
    await waitFor(
      async () => {
        const res = await api(g.url, 'GET', '/health?deep=true').catch(() => undefined);
        return res?.status === 200 && res.body?.checks?.datastore === 'ok' ? true : undefined;
      },
      15_000,
      `gateway ${g.url} to reach Redis`,
      50,
    );
  }
}

/**
 * servedBy, once at least `jobs` jobs of the session are in the logs: a worker writes 'job served'
 * before it answers, but its stdout can reach the test after the HTTP response does.
 */
export function waitServedBy(workers: ProcHandle[], sessionId: string, jobs: number): Promise<string[]> {
  return waitFor(
    () => {
      const s = servedBy(workers, sessionId);
      return s.length >= jobs ? s : undefined;
    },
    10_000,
    `${jobs} 'job served' lines for session ${sessionId}`,
    20,
  );
}

export interface WorkerSuite {
  stack: Stack;
  site: FixtureServer;
  /** API key of a tenant on the scale plan. */
  key: string;
}

export interface WorkerSuiteOptions {
  workerEnv?: Record<string, string>;
  gatewayEnv?: Record<string, string>;
  /** Texts pages send to GET /worker-mark (a tool saying it started), in arrival order. */
  marks?: string[];
  /** Chromium pids a test saw (a worker it killed, say): waited for at the end with the rest. */
  chromium?: Set<number>;
}

/**
 * The set-up most worker test files share, as beforeAll/afterAll hooks: a fixture site (with a
 * /worker-mark route when `marks` is given), a stack of one worker and one gateway, a scale-plan
 * tenant. At the end everything stops and every Chromium process of the suite must be gone.
 * `bind` receives the suite once it is up (assign it to the file's variables).
 */
export function useWorkerSuite(opts: WorkerSuiteOptions, bind: (suite: WorkerSuite) => void): void {
  let suite: Partial<WorkerSuite> = {};
  const chromium = opts.chromium ?? new Set<number>();
  beforeAll(async () => {
    const site = await startFixtureServer();
    suite.site = site;
    const marks = opts.marks;
    if (marks) {
      site.route('GET', '/worker-mark', (_req, res, url) => {
        marks.push(url.searchParams.get('text') ?? '');
        res.writeHead(204).end();
      });
    }
    const stack = await startStack({
      workers: 1,
      gateways: 1,
      ...(opts.workerEnv ? { workerEnv: opts.workerEnv } : {}),
      ...(opts.gatewayEnv ? { gatewayEnv: opts.gatewayEnv } : {}),
    });
    suite.stack = stack;
    suite.key = (await stack.tenant({ plan: 'scale' })).apiKey;
    await gatewaysReady(stack);
    bind(suite as WorkerSuite);
  }, 60_000);
  afterAll(async () => {
    for (const w of suite.stack?.workers ?? [])
      for (const p of chromiumPids(w)) for (const q of processTree(p)) chromium.add(q);
    await suite.stack?.stop();
    await suite.site?.close();
    suite = {};
    await waitGone([...chromium]);
  });
}

export interface WorkerProcess {
  redis: RedisHandle;
  worker: ProcHandle;
}

/**
 * One real worker process on its own Redis for the file (no gateway), as beforeAll/afterAll
 * hooks; `beforeStop` runs first at the end (undo a fault the file left on Redis). Returns a
 * getter: the handles exist once beforeAll has run.
 */
export function useWorkerProcess(beforeStop?: (p: WorkerProcess) => Promise<unknown>): () => WorkerProcess {
  let p: WorkerProcess | undefined;
  beforeAll(async () => {
    const redis = await startRedis();
    p = { redis, worker: await startProcess('worker', defaultTestEnv(redis)) };
  }, 90_000);
  afterAll(async () => {
    if (p && beforeStop) await beforeStop(p).catch(() => undefined);
    await p?.worker.stop(5_000);
    await p?.redis.stop().catch(() => undefined);
  });
  return () => p!;
}
