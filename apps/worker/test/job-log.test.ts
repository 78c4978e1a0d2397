/**
 * The worker's job lines an operator can search: each names the tenant and the target host —
 * never the path, the query or tool params — and no line carries a key twice (the logger already
 * carries `worker`).
 */
import { browse, useWorkerSuite, type WorkerSuite } from './helpers';
import { api, waitFor } from '@pagemap/test-utils';

let suite: WorkerSuite;
useWorkerSuite({}, (s) => (suite = s));

test('open, follow-up and close lines carry tenant id and host, never path, query or params', async () => {
  const { tenant, apiKey } = await suite.stack.tenant({ plan: 'scale' });
  const opened = await browse(suite.stack, apiKey, { url: suite.site.url('/search.html?q=private-query-text') });
  expect(opened.status).toBe(200);
  const sessionId = opened.body.session_id as string;
  const search = opened.body.tools.find((t: { name: string }) => t.name.includes('search')) as {
    name: string;
    params: Array<{ name: string }>;
  };
  const next = await browse(suite.stack, apiKey, {
    session_id: sessionId,
    tool: search.name,
    params: { [search.params[0]!.name]: 'private-param-value' },
  });
  expect(next.status).toBe(200);
  expect(next.body.url).toContain('private-param-value'); // the param did reach the page
  expect((await api(suite.stack.url, 'DELETE', `/v1/session/${sessionId}`, { key: apiKey })).status).toBe(200);

  const worker = suite.stack.workers[0]!;
  const lines = await waitFor(
    () => {
      const l = worker.logs().filter((x) => x.msg === 'job served' && x.sessionId === sessionId);
      return l.length >= 3 ? l : undefined;
    },
    10_000,
    "three 'job served' lines",
  );
  const host = new URL(suite.site.origin).host;
  expect(lines.map((l) => [l.job, l.tenantId, l.host, l.worker])).toEqual([
    ['open', tenant.id, host, worker.id],
    ['resume', tenant.id, host, worker.id],
    ['close', tenant.id, host, worker.id],
  ]);
  const out = worker.output();
  for (const secret of ['private-query-text', 'private-param-value', '/search.html']) expect(out).not.toContain(secret);
  const raw = out.split('\n').filter((l) => l.startsWith('{'));
  for (const line of raw)
    for (const k of Object.keys(JSON.parse(line) as object))
      expect([k, line.split(`"${k}":`).length - 1]).toEqual([k, 1]);
});
