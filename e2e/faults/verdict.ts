/**
 * What every fault case asserts once its load has stopped (issue 26): no request hung, no 500,
 * every failure one of the documented retryable answers, serving again within the case's bound
 * after the fault ended, usage exactly the actions served, and no session answered as gone
 * still open anywhere.
 */
import { UsageRecord } from '@pagemap/contracts';
import { api, metric, waitFor } from '@pagemap/test-utils';
import { type ClientLoad, HUNG_MS, type Outcome } from './load';

/** The answers a client may get while the datastore or a process fails: each says "retry". */
export const RETRYABLE = [
  '503 SERVICE_UNAVAILABLE',
  '503 NO_CAPACITY',
  // the session's worker stopped (killed, or paused past its heartbeat): open a new session
  '502 WORKER_LOST',
  // a session its worker lost is gone, which the client learns as 404 and opens another
  '404 SESSION_NOT_FOUND',
];

export function report(name: string, load: ClientLoad, extra: Record<string, unknown> = {}): void {
  process.stdout.write(`${name}: ${JSON.stringify({ requests: load.outcomes.length, ...load.summary(), ...extra })}\n`);
}

const label = (o: Outcome) => `${o.status}${o.code ? ` ${o.code}` : ''}`;

/**
 * No hang, no 500, only retryable failures (`allowed` narrows or widens the list for the case).
 * Each wrong answer is printed with its message, request id and every log line `logs` (the
 * processes' output) has about that request, so a defect the matrix catches can be diagnosed.
 */
export function expectOnlyRetryable(load: ClientLoad, allowed: string[] = RETRYABLE, logs?: () => string): void {
  const hung = load.outcomes.filter((o) => o.status === 'hung');
  const wrong = load.outcomes.filter((o) => o.status !== 200 && o.status !== 'hung' && !allowed.includes(label(o)));
  if (hung.length || wrong.length) process.stdout.write(diagnosis([...hung, ...wrong], logs?.() ?? ''));
  expect(hung.map(label)).toEqual([]);
  expect(wrong.map((o) => `${o.what} ${label(o)}: ${o.message ?? ''} (request ${o.requestId ?? '?'})`)).toEqual([]);
}

/** The wrong answers, each with the log lines that name its request id. */
function diagnosis(outcomes: Outcome[], logs: string): string {
  const lines = logs.split('\n');
  const blocks = outcomes.slice(0, 10).map((o) => {
    const names = [o.requestId, o.session].filter((s): s is string => !!s);
    const about = lines.filter((l) => names.some((n) => l.includes(n))).slice(-20);
    const when = new Date(o.startedAt).toISOString();
    return [`${o.what} ${label(o)} at ${when}: ${o.message ?? ''} (request ${o.requestId ?? '?'})`, ...about].join(
      '\n  ',
    );
  });
  return `wrong answers (${outcomes.length}):\n${blocks.join('\n')}\n`;
}

/**
 * Every request started `withinMs` after `endedAt` (the fault's end) was served — among those
 * answered before `until` (the next fault began: a request it caught in flight is its own).
 */
export function expectBackWithin(
  load: ClientLoad,
  endedAt: number,
  withinMs: number,
  until = Number.POSITIVE_INFINITY,
  logs?: () => string,
): void {
  const late = load.outcomes.filter((o) => o.startedAt > endedAt + withinMs && o.endedAt < until && o.status !== 200);
  if (late.length) process.stdout.write(diagnosis(late, logs?.() ?? ''));
  expect(late.map((o) => `${o.what} ${label(o)} at +${o.startedAt - endedAt} ms`)).toEqual([]);
}

/**
 * Every session the clients opened was closed or answered as gone: a DELETE still answered 503
 * (or not at all) when the stopping clients gave up means a part never came back.
 */
export function expectAllClosed(load: ClientLoad, logs?: () => string): void {
  const stuck = [...load.neverClosed];
  if (stuck.length) {
    const last = stuck.map((id) => load.outcomes.findLast((o) => o.session === id)!).filter(Boolean);
    process.stdout.write(`sessions never closed: ${stuck.join(', ')}\n${diagnosis(last, logs?.() ?? '')}`);
  }
  expect(stuck).toEqual([]);
}

/** How long after `faultEnd` the last failed answer came (0: none came after it): the recovery to report. */
export function servingAgainAt(load: ClientLoad, faultEnd: number, until = Number.POSITIVE_INFINITY): number {
  const failures = load.outcomes.filter((o) => o.status !== 200 && o.what !== 'close' && o.endedAt < until);
  return Math.max(0, ...failures.map((o) => o.endedAt - faultEnd));
}

/** /v1/usage equals the actions the 200s billed, once refunds owed during the fault have landed. */
export async function expectUsageExact(gateway: () => string, key: string, served: number): Promise<void> {
  const used = async () => {
    const res = await api(gateway(), 'GET', '/v1/usage', { key, timeoutMs: HUNG_MS }).catch(() => undefined);
    return res?.status === 200 ? UsageRecord.parse(res.body).actions.used : -1;
  };
  const final = await waitFor(async () => ((await used()) === served ? served : undefined), 30_000, 'usage', 250).catch(
    used,
  );
  expect(final).toBe(served);
}

/**
 * No session left open: every client closed its sessions (or was told they were gone), so each
 * surviving worker ends with none open, and a session answered as gone still answers 404.
 */
export async function expectNoSessionLeft(
  load: ClientLoad,
  /** The surviving workers' HTTP base URLs (their /metrics). */
  workers: string[],
  gateway: () => string,
  key: string,
  /** The processes' output: its warnings are printed when a session is left (how it came about). */
  logs?: () => string,
): Promise<void> {
  const open = async () => {
    let n = 0;
    for (const w of workers) n += await metric(w, 'pagemap_worker_open_sessions').catch(() => 0);
    return n;
  };
  const left = await waitFor(async () => ((await open()) === 0 ? 0 : undefined), 30_000, 'no open session', 250).catch(
    open,
  );
  if (left !== 0) process.stdout.write(warnings(left, logs?.() ?? ''));
  expect(left).toBe(0);
  for (const id of [...load.declaredGone].slice(0, 10)) {
    const res = await api(gateway(), 'POST', '/v1/browse', {
      key,
      body: { session_id: id, tool: 'navigate', params: { url: 'http://127.0.0.1:9/' } },
      timeoutMs: HUNG_MS,
    });
    expect([id, res.status]).toEqual([id, 404]);
  }
}

/** The last warnings and errors the processes logged (levels by label: packages/runtime/src/logger.ts). */
function warnings(left: number, logs: string): string {
  const lines = logs.split('\n').filter((l) => /"level":"(warn|error|fatal)"/.test(l));
  return `sessions left open: ${left}; the processes' last warnings (${lines.length} in all):\n  ${lines.slice(-40).join('\n  ')}\n`;
}
