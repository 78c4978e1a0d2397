/**
 * The worker's shutdown, bounded by PAGEMAP_DRAIN_TIMEOUT_MS whatever Redis does. Every step that
 * waits on Redis or on running jobs shares one deadline (a step past it gets a short grace, then
 * is left behind), so a worker whose Redis is gone or stalled still exits: its sessions close,
 * its browser closes, and the heartbeat it could not remove expires by itself.
 */
import { withTimeout, type ShutdownStep } from '@pagemap/runtime';

/** The least a step past the deadline still gets (a local close, a quick Redis write). */
const STEP_GRACE_MS = 500;

export class Deadline {
  readonly #at: number;

  constructor(ms: number) {
    this.#at = Date.now() + ms;
  }

  get leftMs(): number {
    return Math.max(STEP_GRACE_MS, this.#at - Date.now());
  }

  /** Waits for `work` until the deadline; rejects (the step is reported as failed) past it. */
  async bound<T>(name: string, work: Promise<T>): Promise<T> {
    work.catch(() => undefined); // a step left behind must not fail unobserved
    const t = await withTimeout(work, this.leftMs);
    if (t.timedOut) throw new Error(`${name}: not done by the drain deadline`);
    return t.value;
  }
}

/** Steps run in order; `redis` ones and `jobs` ones are bounded by the deadline, `local` ones are not. */
export interface WorkerShutdownParts {
  stopTimers: () => Promise<unknown>;
  stopTakingSessions: () => Promise<unknown>;
  finishJobs: () => Promise<unknown>;
  /** Stops the consumers without waiting for their jobs (after `finishJobs` ran out of time). */
  abandonJobs: () => Promise<unknown>;
  closeSessions: () => Promise<unknown>;
  closePool: () => Promise<unknown>;
  deregister: () => Promise<unknown>;
  removeOwnQueue: () => Promise<unknown>;
  closeBrowser: () => Promise<unknown>;
  closeEgress: () => Promise<unknown>;
  closeHttp: () => Promise<unknown>;
  quitRedis: () => Promise<unknown>;
  disconnectRedis: () => void;
}

export function workerShutdownSteps(p: WorkerShutdownParts, drainMs: number): ShutdownStep[] {
  const deadline = new Deadline(drainMs);
  return [
    { name: 'stop timers', run: () => deadline.bound('stop timers', p.stopTimers()) },
    { name: 'stop taking sessions', run: () => deadline.bound('stop taking sessions', p.stopTakingSessions()) },
    {
      name: 'finish running jobs',
      run: () =>
        deadline.bound('finish running jobs', p.finishJobs()).catch(async (err) => {
          await withTimeout(p.abandonJobs(), STEP_GRACE_MS * 4);
          throw err;
        }),
    },
    // Sessions close in the browser whatever Redis does; their directory entries expire by themselves.
    { name: 'close sessions', run: () => deadline.bound('close sessions', p.closeSessions()) },
    { name: 'close context pool', run: () => p.closePool() },
    { name: 'deregister', run: () => deadline.bound('deregister', p.deregister()) },
    { name: 'remove own queue', run: () => deadline.bound('remove own queue', p.removeOwnQueue()) },
    { name: 'close browser', run: () => p.closeBrowser() },
    { name: 'close egress proxy', run: () => p.closeEgress() },
    { name: 'close http', run: () => p.closeHttp() },
    {
      name: 'close redis',
      run: () => deadline.bound('close redis', p.quitRedis()).catch(() => p.disconnectRedis()),
    },
  ];
}
