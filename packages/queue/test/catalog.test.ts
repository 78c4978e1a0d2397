import { isJobName, JOB_CATALOG, parseJobPayload, type JobHandlers, type JobName } from '../src';

const SESSION = 's_'.padEnd(24, 'x');
const base = { requestId: 'r-1', tenantId: 't-1', sessionId: SESSION, deadlineAt: Date.now() + 60_000 };
const browse = {
  ...base,
  url: 'https://example.com/',
  toolCount: 0,
  includePageContent: false,
  loginAutomation: false,
};

test('the job names say what the browse route does: open with a url, resume with a session id, close', () => {
  expect(Object.keys(JOB_CATALOG).sort()).toEqual(['close', 'open', 'resume']);
  for (const name of ['open', 'resume', 'close']) expect(isJobName(name)).toBe(true);
  // The follow-up's old name, and names every object answers to, are not jobs.
  for (const name of ['browse', 'toString', '__proto__', 'constructor']) expect(isJobName(name)).toBe(false);
  // New sessions go to whichever worker has room; follow-ups and closes to the session's owner.
  expect(JOB_CATALOG.open.queue).toBe('open');
  expect(JOB_CATALOG.resume.queue).toBe('worker');
  expect(JOB_CATALOG.close.queue).toBe('worker');
});

test('metric kinds keep the labels dashboards select on', () => {
  expect(Object.fromEntries(Object.entries(JOB_CATALOG).map(([name, spec]) => [name, spec.metricKind]))).toEqual({
    open: 'open',
    resume: 'browse',
    close: 'close',
  });
});

test('a payload is checked against its job schema, and unknown fields do not travel on', () => {
  expect(parseJobPayload('open', { ...browse, extra: 'x' })).toEqual(browse);
  expect(parseJobPayload('close', base)).toEqual(base);
  expect(() => parseJobPayload('resume', base)).toThrow(); // a close payload is not a browse payload
  expect(() => parseJobPayload('close', { ...base, sessionId: 'not a session id' })).toThrow();
});

test('a handler map keyed by job name dispatches each payload to its own handler, typed', async () => {
  const seen: string[] = [];
  const handlers: JobHandlers<string> = {
    open: async (job, ctx) => (
      seen.push(`open ${job.url} ${ctx}`), { ok: false, error: { code: 'SITE_BLOCKED', message: 'm' }, workerId: 'w' }
    ),
    resume: async (job, ctx) => (
      seen.push(`resume ${job.sessionId} ${ctx}`),
      { ok: false, error: { code: 'SESSION_NOT_FOUND', message: 'm' }, workerId: 'w' }
    ),
    close: async (job, ctx) => (seen.push(`close ${job.sessionId} ${ctx}`), { ok: true, workerId: 'w' }),
  };
  const dispatch = <N extends JobName>(name: N, data: unknown) => handlers[name](parseJobPayload(name, data), 'ctx');
  await expect(dispatch('close', base)).resolves.toEqual({ ok: true, workerId: 'w' });
  await dispatch('open', browse);
  await dispatch('resume', { ...browse, url: undefined });
  expect(seen).toEqual([`close ${SESSION} ctx`, 'open https://example.com/ ctx', `resume ${SESSION} ctx`]);

  // Checked by `typecheck`: a map that leaves a job out does not compile.
  // @ts-expect-error close has no handler
  const partial: JobHandlers<string> = { open: handlers.open, resume: handlers.resume };
  expect(Object.keys(partial)).toHaveLength(2);
});
