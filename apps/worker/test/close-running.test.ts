/**
 * A DELETE of a session whose request is still running (a tool that never settles, its batch
 * budget longer than the request deadline) closes the session before its own deadline instead of
 * waiting on that work: DELETE answers 200, not 504 — a 504 is retried, and every retry took
 * another of the worker's own-queue slots for as long as the work ran — and the request cut short
 * answers 404 SESSION_NOT_FOUND, not a 500.
 */
import { api, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { browse, hangingRequest, metric, useWorkerSuite } from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
const marks: string[] = [];
useWorkerSuite(
  {
    // The tool may run 30 s; every request's deadline is 8 s.
    workerEnv: { PAGEMAP_BATCH_TIMEOUT_MS: '30000' },
    gatewayEnv: { PAGEMAP_REQUEST_TIMEOUT_MS: '8000' },
    marks,
  },
  (s) => ({ stack, site, key } = s),
);

test('a DELETE closes a session whose tool still runs; that request answers SESSION_NOT_FOUND', async () => {
  const w = stack.workers[0]!;
  const opened = await browse(stack, key, { url: site.url('/worker-tools.html') });
  expect(opened.status).toBe(200);
  const id = opened.body.session_id as string;
  const openBefore = await metric(w, 'pagemap_worker_open_sessions');
  const { pending: running } = await hangingRequest(stack, key, marks, id);

  const del = await api(stack.url, 'DELETE', `/v1/session/${id}`, { key });
  expect([del.status, del.body.error]).toEqual([200, undefined]);
  const cut = await running;
  expect([cut.status, cut.body.error]).toEqual([404, 'SESSION_NOT_FOUND']);
  expect(await metric(w, 'pagemap_worker_open_sessions')).toBe(openBefore - 1);
  expect((await browse(stack, key, { session_id: id })).status).toBe(404);
  // The worker's own queue serves the next session's requests.
  const next = await browse(stack, key, { url: site.url('/worker-tools.html') });
  const tool = await browse(stack, key, { session_id: next.body.session_id, tool: 'append', params: { text: 'x' } });
  expect(tool.status).toBe(200);
  expect((await api(stack.url, 'DELETE', `/v1/session/${next.body.session_id}`, { key })).status).toBe(200);
}, 60_000);
