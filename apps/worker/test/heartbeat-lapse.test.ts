/**
 * A worker whose heartbeat key went missing (Redis came back empty, or a failed-over master
 * dropped the write) finds it gone on its next beat and closes the sessions the service may have
 * answered as gone — but not a session whose opening request is still running: no client holds
 * its id yet, so no one was told it is gone. A CI run of the Redis-restart test saw such an open
 * answer 502 WORKER_LOST, its worker alive, because the beat after the restart closed it. Real
 * worker, gateway and Redis; the key is deleted by hand, as the emptied Redis did.
 */
import { api, waitFor, type FixtureServer, type Stack } from '@pagemap/test-utils';
import { browse, useWorkerSuite } from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
const marks: string[] = [];
useWorkerSuite({ marks }, (s) => ({ stack, site, key } = s));

const OPENING_TOOL_MS = 4_000;

test('a lapsed heartbeat closes the sessions handed out and spares the one still opening', async () => {
  const worker = stack.workers[0]!;
  const handedOut = await browse(stack, key, { url: site.url('/') });
  expect(handedOut.status).toBe(200);
  const workerId = (await stack.redis.client.hget(stack.keys.session(handedOut.body.session_id), 'worker'))!;
  expect(workerId).toBeTruthy();

  // A new session whose first batch takes a while: its request is still running when the key goes.
  const opening = browse(stack, key, {
    url: site.url('/worker-tools.html'),
    tool: 'append',
    params: { text: 'slow-open', delay_ms: OPENING_TOOL_MS },
  });
  await waitFor(() => marks.includes('slow-open'), 20_000, 'the opening batch to start');
  const lapsesBefore = worker.logs().filter((l) => l.msg?.toString().startsWith('heartbeat had lapsed')).length;
  await stack.redis.client.del(stack.keys.worker(workerId));
  await waitFor(
    () =>
      worker.logs().filter((l) => l.msg?.toString().startsWith('heartbeat had lapsed')).length > lapsesBefore
        ? true
        : undefined,
    10_000,
    'the worker to find its heartbeat lapsed',
  );

  // The opening request answers as if nothing happened, and its session takes follow-ups.
  const opened = await opening;
  expect({ status: opened.status, error: opened.body.error }).toEqual({ status: 200, error: undefined });
  expect(opened.body.results[0].success).toBe(true);
  const followUp = await browse(stack, key, { session_id: opened.body.session_id });
  expect(followUp.status).toBe(200);
  expect(followUp.body.title).toContain('slow-open');
  // The session handed out before the lapse may have been answered as gone: it is closed.
  const gone = await browse(stack, key, { session_id: handedOut.body.session_id });
  expect(gone.status).toBe(404);
  expect((await api(stack.url, 'DELETE', `/v1/session/${opened.body.session_id}`, { key })).status).toBe(200);
}, 60_000);
