/**
 * Redis restarted in the middle of a stream of requests (issue 6, "Redis and process faults"):
 * every failure is a clean 503 with the contract error body, no request hangs, success comes back
 * by itself within 10 s of Redis returning, and neither the gateway nor the worker exits.
 *
 * Two variants: a Redis that keeps its data across the restart (append-only file, like a
 * production Redis with persistence: tenants, keys, sessions and queues survive), and one that
 * comes back empty (the processes must re-register themselves; the test re-creates its tenant
 * and key right after the restart and uses the new key from then on).
 */
import { ErrorBody, UsageRecord, BrowseResponse } from '@pagemap/contracts';
import {
  startFixtureServer,
  startRedis,
  startStack,
  type FixtureServer,
  type RedisHandle,
  type Stack,
} from '@pagemap/test-utils';

const REQUEST_BOUND_MS = 15_000;
const RESUME_BOUND_MS = 10_000;
const DOWN_MS = 3_000;

let site: FixtureServer;
let redis: RedisHandle | undefined;
let stack: Stack | undefined;
let key: string;

beforeAll(async () => {
  site = await startFixtureServer();
}, 60_000);

afterEach(async () => {
  await stack?.stop();
  await redis?.stop();
  stack = undefined;
  redis = undefined;
});

afterAll(async () => {
  await site?.close();
});

interface Outcome {
  kind: 'usage' | 'open' | 'close';
  /** ms since the test started */
  at: number;
  ms: number;
  status: number | 'timeout' | 'network';
  body: unknown;
  key: string;
}

const t0 = Date.now();
const now = () => Date.now() - t0;

async function call(kind: Outcome['kind'], method: string, path: string, body?: unknown): Promise<Outcome> {
  const at = now();
  const usedKey = key;
  const headers: Record<string, string> = { authorization: `Bearer ${usedKey}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(new URL(path, stack!.url), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: the assertions below report it */
    }
    return { kind, at, ms: now() - at, status: res.status, body: parsed, key: usedKey };
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return { kind, at, ms: now() - at, status: timeout ? 'timeout' : 'network', body: String(err), key: usedKey };
  }
}

test.each([
  ['keeps its data', true],
  ['comes back empty', false],
])(
  'a Redis restart mid-stream (Redis %s): clean 503s, no hang, success resumes within 10 s, no process exits',
  async (_label, persist) => {
    redis = await startRedis({ persist });
    stack = await startStack({ workers: 1, gateways: 1, redis });
    ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
    const oldKey = key;
    const outcomes: Outcome[] = [];
    let stopAt = Infinity;
    let restartedAt = Infinity;

    // Warm-up: the page opens at all before the fault.
    const warm = await call('open', 'POST', '/v1/browse', { url: site.url('/form.html') });
    expect(warm.status).toBe(200);
    await call('close', 'DELETE', `/v1/session/${(warm.body as { session_id: string }).session_id}`);

    const usageLane = async () => {
      while (now() < stopAt) {
        outcomes.push(await call('usage', 'GET', '/v1/usage'));
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const browseLane = async () => {
      while (now() < stopAt) {
        const opened = await call('open', 'POST', '/v1/browse', { url: site.url('/form.html') });
        outcomes.push(opened);
        if (opened.status === 200)
          outcomes.push(
            await call('close', 'DELETE', `/v1/session/${(opened.body as { session_id: string }).session_id}`),
          );
        else await new Promise((r) => setTimeout(r, 100));
      }
    };
    const lanes = [usageLane(), browseLane(), browseLane()];

    // A few seconds of normal traffic, then the restart, then until browses have been succeeding
    // again for a while (bounded: the test's own deadline stops the lanes regardless).
    await new Promise((r) => setTimeout(r, 3_000));
    const downAt = now();
    await redis.restart(DOWN_MS);
    restartedAt = now();
    // An empty Redis lost the tenant and its key: the operator re-creates them (the test's own
    // connection reconnects by itself); the lanes switch to the new key.
    if (!persist) ({ apiKey: key } = await stack.tenant({ plan: 'scale' }));
    const deadline = restartedAt + RESUME_BOUND_MS + 10_000;
    while (now() < deadline) {
      const okAfter = outcomes.filter((o) => o.at >= restartedAt && o.status === 200);
      if (okAfter.filter((o) => o.kind === 'open').length >= 3 && okAfter.some((o) => o.kind === 'usage')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    stopAt = now() + 2_000;
    await Promise.all(lanes);

    // For the record: how many failed, the longest request, how soon service came back.
    const firstOkAt = outcomes
      .filter((o) => o.at >= restartedAt && o.status === 200)
      .reduce((m, o) => Math.min(m, o.at + o.ms), Infinity);
    process.stdout.write(
      `redis down ${downAt}..${restartedAt} ms; ${outcomes.length} requests, ${outcomes.filter((o) => o.status === 503).length} x 503, ` +
        `longest ${Math.max(...outcomes.map((o) => o.ms))} ms, first success ${firstOkAt - restartedAt} ms after Redis was back\n`,
    );

    // Nothing hung, nothing was cut off.
    expect(outcomes.filter((o) => o.status === 'timeout' || o.status === 'network')).toEqual([]);

    // Every answer is a success or a clean 503 with the contract error body. Redis that came back
    // empty also forgot the old key (401 for it) and the sessions opened before (404 on close).
    for (const o of outcomes) {
      if (!persist && o.at >= downAt && o.status !== 200 && o.status !== 503) {
        const err = ErrorBody.parse(o.body);
        if (o.key === oldKey && o.status === 401 && err.error === 'UNAUTHORIZED') continue;
        if (o.kind === 'close' && o.status === 404 && err.error === 'SESSION_NOT_FOUND') continue;
      }
      if (o.status === 200) {
        if (o.kind === 'usage') UsageRecord.parse(o.body);
        else if (o.kind === 'open') BrowseResponse.parse(o.body);
        else expect(o.body).toEqual({ status: 'closed' });
        continue;
      }
      expect({ kind: o.kind, status: o.status }).toEqual({ kind: o.kind, status: 503 });
      const err = ErrorBody.parse(o.body);
      expect(['SERVICE_UNAVAILABLE', 'NO_CAPACITY']).toContain(err.error);
    }

    // The outage was seen (the test exercised something) and service came back by itself.
    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    for (const kind of ['usage', 'open'] as const) {
      const firstOk = outcomes.find((o) => o.kind === kind && o.at >= restartedAt && o.status === 200);
      expect(firstOk).toBeDefined();
      expect(firstOk!.at + firstOk!.ms - restartedAt).toBeLessThanOrEqual(RESUME_BOUND_MS);
    }
    // And stays back: the last requests of every kind succeeded.
    for (const kind of ['usage', 'open'] as const) {
      expect(
        outcomes
          .filter((o) => o.kind === kind)
          .slice(-2)
          .map((o) => o.status),
      ).toEqual([200, 200]);
    }

    // No process exited.
    for (const p of [...stack.gateways, ...stack.workers]) expect(p.exitCode()).toBeNull();
  },
  90_000,
);
