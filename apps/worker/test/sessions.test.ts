/**
 * Sessions on one worker, end to end through a real gateway: cookie isolation, batches that stop
 * early (navigation, time budget), strict per-session order, DELETE, and the context pool.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { api, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { alive, browse, chromiumPids, metric, useWorkerSuite } from './helpers';

const BATCH_BUDGET_MS = 3_000;

let stack: Stack;
let site: FixtureServer;
let key: string;
const marks: string[] = [];
useWorkerSuite(
  { workerEnv: { PAGEMAP_BATCH_TIMEOUT_MS: String(BATCH_BUDGET_MS), PAGEMAP_CONTEXT_POOL_SIZE: '2' }, marks },
  (s) => ({ stack, site, key } = s),
);

test('cookies set in one session are invisible in another opened at the same moment', async () => {
  const [a, b] = await Promise.all([
    browse(stack, key, { url: site.url('/set-cookie?name=alpha&value=1') }),
    browse(stack, key, { url: site.url('/set-cookie?name=beta&value=2') }),
  ]);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(a.body.session_id).not.toBe(b.body.session_id);
  const [ca, cb] = await Promise.all([
    browse(stack, key, { session_id: a.body.session_id, tool: 'navigate', params: { url: site.url('/cookies') } }),
    browse(stack, key, { session_id: b.body.session_id, tool: 'navigate', params: { url: site.url('/cookies') } }),
  ]);
  expect(ca.status).toBe(200);
  expect(cb.status).toBe(200);
  expect(ca.body.title).toBe('Cookies: alpha');
  expect(cb.body.title).toBe('Cookies: beta');
  // A third session, opened later, sees neither.
  const c = await browse(stack, key, { url: site.url('/cookies') });
  expect(c.body.title).toBe('Cookies: none');
});

test('a batch stops at the tool that navigates: results for the first two, the third not run, session stays open', async () => {
  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  expect(opened.status).toBe(200);
  const names = BrowseResponse.parse(opened.body).tools.map((t) => t.name);
  // Tools declared by the page (WebMCP) are only captured when preparePage ran before the page
  // loaded — which also proves a pooled page was prepared before its first navigation.
  expect(names).toEqual(expect.arrayContaining(['append', 'hang', 'go_search']));
  const id = opened.body.session_id as string;
  const w = stack.workers[0]!;
  const stopsBefore = await metric(w, 'pagemap_worker_batch_stops_total', { reason: 'navigation' });

  const res = await browse(stack, key, {
    session_id: id,
    tools: [
      { tool: 'append', params: { text: 'one' } },
      { tool: 'go_search', params: { q: 'lamps' } },
      { tool: 'append', params: { text: 'three' } },
    ],
  });
  expect(res.status).toBe(200);
  const body = BrowseResponse.parse(res.body);
  expect(body.stopped_reason).toBe('navigation');
  expect(body.results).toHaveLength(2);
  expect(body.results![0]).toMatchObject({ tool: 'append', success: true, error: null });
  expect(body.results![1]).toMatchObject({ tool: 'go_search', success: true });
  expect(body.title).toBe('Results for lamps');
  expect(marks).toContain('one');
  expect(marks).not.toContain('three');
  expect(await metric(w, 'pagemap_worker_batch_stops_total', { reason: 'navigation' })).toBe(stopsBefore + 1);

  // The session stays open after an early stop.
  const again = await browse(stack, key, { session_id: id });
  expect(again.status).toBe(200);
  expect(again.body.title).toBe('Results for lamps');
});

test('a batch whose tool hangs stops with "timeout" within its budget; the session stays open', async () => {
  const w = stack.workers[0]!;
  const timeoutsBefore = await metric(w, 'pagemap_worker_tool_outcomes_total', { code: 'TOOL_TIMEOUT' });
  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const id = opened.body.session_id as string;
  const res = await browse(stack, key, {
    session_id: id,
    tools: [{ tool: 'append', params: { text: 'A' } }, { tool: 'hang' }, { tool: 'append', params: { text: 'B' } }],
  });
  // A 200 with stopped_reason "timeout", not the request deadline's 504: the batch budget ended
  // the hanging tool (how long that took depends on the machine, and is not asserted).
  expect(res.status).toBe(200);
  const body = BrowseResponse.parse(res.body);
  expect(body.stopped_reason).toBe('timeout');
  expect(body.results).toHaveLength(2);
  expect(body.results![0]!.success).toBe(true);
  expect(body.results![1]).toMatchObject({ tool: 'hang', success: false, error: { code: 'TOOL_TIMEOUT' } });
  expect(body.title).toBe('Log: A');
  expect(await metric(w, 'pagemap_worker_tool_outcomes_total', { code: 'TOOL_TIMEOUT' })).toBe(timeoutsBefore + 1);

  const again = await browse(stack, key, { session_id: id, tool: 'append', params: { text: 'C' } });
  expect(again.status).toBe(200);
  expect(again.body.results[0].success).toBe(true);
  expect(again.body.title).toBe('Log: AC');
});

test('a per-tool failure is a result with success false, and the request still answers 200', async () => {
  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const res = await browse(stack, key, {
    session_id: opened.body.session_id,
    tools: [{ tool: 'no_such_tool' }, { tool: 'append', params: { text: 'ok' } }],
  });
  expect(res.status).toBe(200);
  expect(res.body.results[0]).toMatchObject({ tool: 'no_such_tool', success: false, error: { code: 'UNKNOWN_TOOL' } });
  expect(res.body.results[1]).toMatchObject({ tool: 'append', success: true });
});

test('two concurrent requests on one session run one after the other, in arrival order', async () => {
  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const id = opened.body.session_id as string;
  // The first request's tool is slow; if the second ran alongside it, its fast effect would land first.
  const first = browse(stack, key, { session_id: id, tool: 'append', params: { text: 'X', delay_ms: 1500 } });
  await waitFor(() => marks.includes('X'), 20_000, 'the first tool to start');
  const second = browse(stack, key, { session_id: id, tool: 'append', params: { text: 'Y' } });
  const [r1, r2] = await Promise.all([first, second]);
  expect(r1.status).toBe(200);
  expect(r2.status).toBe(200);
  expect(r1.body.title).toBe('Log: X');
  expect(r2.body.title).toBe('Log: XY');
  expect(marks.indexOf('Y')).toBeGreaterThan(marks.indexOf('X'));
});

test('DELETE closes the session at once and frees its context; afterwards 404', async () => {
  const w = stack.workers[0]!;
  const opened = await browse(stack, key, { url: site.url('/') });
  const id = opened.body.session_id as string;
  const openBefore = await metric(w, 'pagemap_worker_open_sessions');
  const deletedBefore = await metric(w, 'pagemap_worker_sessions_closed_total', { reason: 'deleted' });
  const del = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
  expect(del.status).toBe(200);
  expect(await metric(w, 'pagemap_worker_open_sessions')).toBe(openBefore - 1);
  expect(await metric(w, 'pagemap_worker_sessions_closed_total', { reason: 'deleted' })).toBe(deletedBefore + 1);
  expect(await stack.redis.client.exists(`${stack.keys.session(id)}`)).toBe(0);
  expect((await browse(stack, key, { session_id: id })).status).toBe(404);
  expect((await api(stack.url, 'DELETE', `/v1/session/${id}`, { key })).body.error).toBe('SESSION_NOT_FOUND');
});

test('new sessions take ready contexts from the pool, and the worker exports its metrics', async () => {
  const w = stack.workers[0]!;
  // The pool refills in the background once no job runs.
  await waitFor(
    async () => ((await metric(w, 'pagemap_worker_context_pool_ready')) === 2 ? true : undefined),
    20_000,
    'the pool to refill',
  );
  const open = await metric(w, 'pagemap_worker_open_sessions');
  expect(await metric(w, 'pagemap_worker_browser_contexts')).toBe(open + 2);
  // What this test's own session adds, whatever ran before it in this file (counters only grow).
  const counters = {
    fromPool: () => metric(w, 'pagemap_worker_context_acquire_seconds_count', { source: 'pool' }),
    opens: () => metric(w, 'pagemap_worker_job_run_seconds_count', { kind: 'open', outcome: 'ok' }),
    browses: () => metric(w, 'pagemap_worker_job_run_seconds_count', { kind: 'browse' }),
    toolsPhase: () => metric(w, 'pagemap_worker_phase_seconds_count', { phase: 'tools' }),
    toolsOk: () => metric(w, 'pagemap_worker_tool_outcomes_total', { code: 'ok' }),
  };
  const phases = ['queue_pickup', 'pool_take', 'goto', 'load', 'extract', 'block_check', 'reply'];
  const phaseCount = (phase: string) => metric(w, 'pagemap_worker_phase_seconds_count', { phase });
  const before = Object.fromEntries(await Promise.all(Object.entries(counters).map(async ([k, f]) => [k, await f()])));
  const phasesBefore = await Promise.all(phases.map(phaseCount));

  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  expect(opened.status).toBe(200);
  const ran = await browse(stack, key, { session_id: opened.body.session_id, tool: 'append', params: { text: 'P' } });
  expect(ran.body.results[0].success).toBe(true);

  expect(await counters.fromPool()).toBe(before.fromPool + 1);
  expect(await counters.opens()).toBe(before.opens + 1);
  expect(await counters.browses()).toBe(before.browses + 1);
  expect(await counters.toolsPhase()).toBe(before.toolsPhase + 1);
  expect(await counters.toolsOk()).toBe(before.toolsOk + 1);
  // The open job went through every one of these phases (the follow-up through some of them too).
  const phasesAfter = await Promise.all(phases.map(phaseCount));
  phases.forEach((phase, i) =>
    expect({ phase, grew: phasesAfter[i]! > phasesBefore[i]! }).toEqual({ phase, grew: true }),
  );
  expect((await api(stack.url, 'DELETE', `/v1/session/${opened.body.session_id}`, { key })).status).toBe(200);
  const text = await (await fetch(`${w.url}/metrics`)).text();
  expect(text).toContain('pagemap_worker_browser_restarts_total');
  expect(text).toContain('pagemap_worker_session_expiries_total');
  expect(chromiumPids(w).every(alive)).toBe(true);
});
