/** The service through HTTP → gateway → BullMQ → worker, on a real stack started for the run. */
import { api, type Stack } from '@pagemap/test-utils';
import { runConcurrent, type Stats } from './stats';

export interface Client {
  base: string;
  key: string;
}

async function ok(res: { status: number; body: any }, what: string): Promise<any> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.body;
}

/**
 * The page's own buttons among its tools: those that take no parameters (the generic `click`,
 * `navigate` and `follow_link` all need one), in the page's order.
 */
export function buttonTools(tools: Array<{ name: string; params?: Array<{ required?: boolean }> }>): string[] {
  return tools.filter((t) => !(t.params ?? []).some((p) => p.required)).map((t) => t.name);
}

export async function open(c: Client, url: string): Promise<string> {
  const body = await ok(await api(c.base, 'POST', '/v1/browse', { key: c.key, body: { url } }), 'open');
  return body.session_id as string;
}

export async function close(c: Client, id: string): Promise<void> {
  await ok(await api(c.base, 'DELETE', `/v1/session/${id}`, { key: c.key }), 'close');
}

/**
 * Opens `n` sessions for a scenario, at most `parallel` at a time: all at once, on a loaded
 * machine, the last ones can wait past the gateway's pickup bound (503 NO_CAPACITY).
 */
export async function openMany(c: Client, url: string, n: number, parallel = 8): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < n) {
      next += 1;
      ids.push(await open(c, url));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, n) }, lane));
  return ids;
}

/**
 * Closes sessions a few at a time, waiting out the tenant's rate limit (429) instead of leaving
 * sessions open: hundreds of DELETEs at once exceed it.
 */
export async function closeMany(c: Client, ids: string[], parallel = 4): Promise<void> {
  const queue = [...ids];
  const lane = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await api(c.base, 'DELETE', `/v1/session/${id}`, { key: c.key });
        if (res.status !== 429) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, lane));
}

/** New-session browse, timed; the session is closed after the timed part. */
export function newSessionBrowse(c: Client, url: string, concurrency: number, total: number): Promise<Stats> {
  const toClose: string[] = [];
  return runConcurrent(concurrency, total, async () => {
    toClose.push(await open(c, url));
  }).finally(() => closeMany(c, toClose));
}

/** Follow-up browses spread over `concurrency` open sessions (one lane per session). */
export async function followUps(c: Client, url: string, concurrency: number, total: number): Promise<Stats> {
  const ids = await Promise.all(Array.from({ length: concurrency }, () => open(c, url)));
  try {
    return await runConcurrent(concurrency, total, async (i) => {
      await ok(
        await api(c.base, 'POST', '/v1/browse', { key: c.key, body: { session_id: ids[i % ids.length] } }),
        'follow-up',
      );
    });
  } finally {
    await Promise.all(ids.map((id) => close(c, id).catch(() => undefined)));
  }
}

/** One tool (a login on the fixture login page) per request, each on its own fresh session. */
export async function loginTool(
  c: Client,
  loginUrl: string,
  concurrency: number,
  total: number,
  password: string,
): Promise<Stats> {
  const ids = await openMany(c, loginUrl, total);
  try {
    return await runConcurrent(concurrency, total, async (i) => {
      const body = await ok(
        await api(c.base, 'POST', '/v1/browse', {
          key: c.key,
          body: { session_id: ids[i], tool: 'login', params: { username: 'alice', password } },
        }),
        'login',
      );
      if (!body.results?.[0]?.success) throw new Error(`login failed: ${JSON.stringify(body.results)}`);
    });
  } finally {
    await Promise.all(ids.map((id) => close(c, id).catch(() => undefined)));
  }
}

/** A 5-tool batch of in-page tools that do not navigate (form fills on the multi-form page). */
export async function batch(
  c: Client,
  url: string,
  tools: Array<{ tool: string; params?: Record<string, unknown> }>,
  concurrency: number,
  total: number,
): Promise<Stats> {
  const ids = await Promise.all(Array.from({ length: concurrency }, () => open(c, url)));
  try {
    return await runConcurrent(concurrency, total, async (i) => {
      const body = await ok(
        await api(c.base, 'POST', '/v1/browse', { key: c.key, body: { session_id: ids[i % ids.length], tools } }),
        'batch',
      );
      if ((body.results?.length ?? 0) === 0) throw new Error('no results');
    });
  } finally {
    await Promise.all(ids.map((id) => close(c, id).catch(() => undefined)));
  }
}

/** DELETE latency on sessions opened beforehand. */
export async function deletes(c: Client, url: string, concurrency: number, total: number): Promise<Stats> {
  const ids = await openMany(c, url, total);
  return runConcurrent(concurrency, total, (i) => close(c, ids[i]!));
}

/** Per-request hop overhead: client-observed latency minus the worker's own job time (from its logs). */
export async function hopOverhead(
  stack: Stack,
  c: Client,
  url: string,
  n: number,
): Promise<{ e2e: number[]; worker: number[]; hop: number[] }> {
  const id = await open(c, url);
  const e2e: number[] = [];
  const rids: string[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await api(c.base, 'POST', '/v1/browse', { key: c.key, body: { session_id: id } });
      e2e.push(performance.now() - t);
      rids.push(res.headers.get('x-request-id') ?? '');
    }
  } finally {
    await close(c, id);
  }
  await new Promise((r) => setTimeout(r, 300));
  const served = new Map<string, number>();
  for (const w of stack.workers)
    for (const l of w.logs())
      if (l.msg === 'job served' && typeof l.requestId === 'string') served.set(l.requestId, Number(l.ms));
  const worker = rids.map((r) => served.get(r) ?? NaN);
  return { e2e, worker, hop: e2e.map((v, i) => v - worker[i]!) };
}
