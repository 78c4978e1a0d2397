/**
 * Session expiry on a clock the test moves: idle time-out, `expires_at` moving with each request,
 * and the maximum age that no amount of requests extends. The registry runs as in the worker —
 * real Chromium contexts, the real session directory in a real Redis — only time is the test's,
 * so no keep-alive has to win a race against a loaded machine (test/expiry.test.ts checks the
 * worker's own wiring of the same settings, end to end, by waiting for real expiry).
 */
import { randomBytes } from 'node:crypto';
import { findChromium } from '@pagemap/chromium';
import { createRedis, keySpace, SessionDirectory, type RedisClient } from '@pagemap/queue';
import { createLogger } from '@pagemap/runtime';
import { startRedis, waitFor, type RedisHandle } from '@pagemap/test-utils';
import { BrowserHost } from '../src/browser/browser-host';
import { createWorkerMetrics } from '../src/metrics';
import { ContextPool } from '../src/sessions/context-pool';
import { SessionRegistry } from '../src/sessions/registry';
import type { Session } from '../src/sessions/session';
import { ManualClock } from './manual-clock';

const IDLE_MS = 2_000;
const MAX_AGE_MS = 6_000;
const WORKER = 'clock-test-worker';
const log = createLogger({ name: 'test', level: 'silent' });

let redis: RedisHandle;
let client: RedisClient;
let host: BrowserHost;

beforeAll(async () => {
  redis = await startRedis();
  client = createRedis(redis.url, 'command');
  host = new BrowserHost(findChromium(process.env.CHROMIUM_PATH), [], log);
  await host.start();
});

afterAll(async () => {
  await host?.close();
  client?.disconnect();
  await redis?.stop();
});

/** A registry of its own (key prefix, metrics, pool) on a clock of its own. */
function harness() {
  const clock = new ManualClock();
  const keys = keySpace(`${redis.prefix}-${randomBytes(4).toString('hex')}`);
  const metrics = createWorkerMetrics();
  const pool = new ContextPool(host, async () => {}, { size: 0, room: () => 10 }, log);
  const registry = new SessionRegistry(host, pool, new SessionDirectory(client, keys), log, metrics, {
    workerId: WORKER,
    idleMs: IDLE_MS,
    maxAgeMs: MAX_AGE_MS,
    clock,
  });
  const expiresInDirectory = async (id: string) => Number(await client.hget(keys.session(id), 'expires_at'));
  const expiries = async (reason: 'idle' | 'max_age') =>
    (await metrics.expiries.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
  /** Resolves once the session is closed for good: directory entry removed and browser context gone. */
  const closed = async (s: Session) => {
    await waitFor(() => (!registry.has(s.id) ? true : undefined), 10_000, `session ${s.id} to close`);
    await waitFor(
      async () => ((await client.exists(keys.session(s.id))) === 0 ? true : undefined),
      10_000,
      `session ${s.id} to leave the directory`,
    );
    await waitFor(
      async () => (!(await host.browser()).browserContexts().includes(s.context) ? true : undefined),
      10_000,
      `session ${s.id}'s browser context to close`,
    );
  };
  return { clock, registry, expiresInDirectory, expiries, closed };
}

function sessionId(): string {
  return randomBytes(18).toString('base64url');
}

test('a session left alone closes when its idle time-out passes, not a millisecond before', async () => {
  const { clock, registry, expiresInDirectory, expiries, closed } = harness();
  const opened = clock.now();
  const s = await registry.open(sessionId(), 'tenant-idle');
  await s.recorded;
  expect(await expiresInDirectory(s.id)).toBe(opened + IDLE_MS);

  clock.advance(IDLE_MS - 1);
  expect(registry.get(s.id)).toBe(s);
  expect(await expiries('idle')).toBe(0);

  clock.advance(1);
  await closed(s);
  expect(s.closeReason).toBe('idle');
  expect(await expiries('idle')).toBe(1);
  expect(clock.pending).toBe(0);
});

test('each request moves expires_at, never past the maximum age, which closes the session however busy it is', async () => {
  const { clock, registry, expiresInDirectory, expiries, closed } = harness();
  const opened = clock.now();
  const s = await registry.open(sessionId(), 'tenant-max-age');
  await s.recorded;
  const seen = [await expiresInDirectory(s.id)];
  // A request every 1.5 s, closer together than the 2 s idle time-out, until the maximum age.
  while (clock.now() + 1_500 < opened + MAX_AGE_MS) {
    clock.advance(1_500);
    expect(registry.get(s.id)).toBe(s);
    await registry.touch(s);
    seen.push(await expiresInDirectory(s.id));
  }
  // Opened, then touched at 1.5, 3 and 4.5 s: the last touch would give 6.5 s, the cap is 6 s.
  expect(seen).toEqual([opened + 2_000, opened + 3_500, opened + 5_000, opened + MAX_AGE_MS]);
  expect(s.expiresAt()).toBe(opened + MAX_AGE_MS);

  clock.advance(opened + MAX_AGE_MS - 1 - clock.now());
  expect(registry.get(s.id)).toBe(s);
  clock.advance(1);
  await closed(s);
  expect(s.closeReason).toBe('max_age');
  expect(await expiries('max_age')).toBe(1);
  expect(await expiries('idle')).toBe(0);
});

test('a request touching the session after its timer was set keeps it open: the timer re-arms for the new expiry', async () => {
  const { clock, registry, closed } = harness();
  const s = await registry.open(sessionId(), 'tenant-rearm');
  await s.recorded;
  clock.advance(1_000);
  await registry.touch(s);
  expect(clock.pending).toBe(1); // the first timer was cancelled, not left to fire beside the new one
  clock.advance(IDLE_MS - 1); // past the first expiry, one ms before the new one
  expect(registry.get(s.id)).toBe(s);
  expect(s.closed).toBe(false);
  clock.advance(1);
  await closed(s);
  expect(s.closeReason).toBe('idle');
});
