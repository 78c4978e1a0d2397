/**
 * The worker's liveness and readiness answers (served by http.ts).
 * - live: the process answers and its browser runs — never Redis (an orchestrator restarting
 *   every worker during a Redis outage would end every session).
 * - ready: live, plus Redis takes a write (a PING answers even at `maxmemory`, when nothing can
 *   be served) and both queue consumers run (one that stopped waits for its restart). Each part
 *   is bounded, so the probe answers within about two seconds whatever Redis does.
 */
import type { WorkerFleet } from '@pagemap/queue';
import { withTimeout } from '@pagemap/runtime';
import type { WorkerProbes } from './http';

export interface ProbeSources {
  workerId: string;
  fleet: Pick<WorkerFleet, 'writable'>;
  /** The command connection's state: a Redis that is gone answers nothing, so do not ask it. */
  redisReady: () => boolean;
  browserAlive: () => boolean;
  consumersUp: () => boolean;
  accepting: () => boolean;
  sessions: () => number;
  capacity: number;
}

const WRITE_PROBE_MS = 2_000;

export function workerProbes(src: ProbeSources): WorkerProbes {
  const live = async () => ({
    status: src.browserAlive() ? ('ok' as const) : ('fail' as const),
    worker: src.workerId,
    browser: src.browserAlive() ? 'ok' : 'fail',
  });
  const writable = async () => {
    if (!src.redisReady()) return false;
    const probe = src.fleet.writable(`worker.${src.workerId}`).catch(() => false);
    const t = await withTimeout(probe, WRITE_PROBE_MS);
    return !t.timedOut && t.value;
  };
  return {
    live,
    ready: async () => {
      const datastore = await writable();
      const consumers = src.consumersUp();
      const ok = datastore && consumers && src.browserAlive();
      return {
        ...(await live()),
        status: ok ? ('ok' as const) : ('fail' as const),
        datastore: datastore ? 'ok' : 'fail',
        consumers: consumers ? 'ok' : 'fail',
        sessions: src.sessions(),
        capacity: src.capacity,
        accepting: src.accepting(),
      };
    },
  };
}
