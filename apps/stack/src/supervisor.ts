/**
 * Keeps the launcher's gateway and worker processes running: a child that exits while the stack
 * is up is started again after a backoff (doubling from `initialMs` to `maxMs`, back to the start
 * once a child has stayed up for `stableMs`), and each exit and restart is reported. A child that
 * keeps dying straight after start (a taken port, a bad setting) is not restarted forever: after
 * `maxQuickFailures` such exits in a row the supervisor gives up and calls `onGiveUp`.
 *
 * Children run in their own process groups (detached), so a Ctrl-C reaches only the launcher,
 * which stops them in order through `stop()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildSpec {
  /** Shown in messages, e.g. `worker 1`. */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
  /** A child that ran at least this long before exiting counts as having been healthy. */
  stableMs: number;
  /** Exits in a row, each sooner than `stableMs` after start, before giving up. */
  maxQuickFailures: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 15_000, stableMs: 10_000, maxQuickFailures: 5 };

export interface SupervisorEvents {
  /** A line for the operator's terminal. */
  say(msg: string): void;
  /** A child failed `maxQuickFailures` times in a row straight after start. */
  onGiveUp(name: string): void;
}

export interface Supervised {
  readonly name: string;
  /** The running process's pid (changes on each restart). */
  readonly pid: number | undefined;
  readonly restarts: number;
}

class Child implements Supervised {
  proc: ChildProcess | undefined;
  startedAt = 0;
  restarts = 0;
  quickFailures = 0;
  delayMs: number;
  timer: NodeJS.Timeout | undefined;

  constructor(
    readonly spec: ChildSpec,
    backoff: Backoff,
  ) {
    this.delayMs = backoff.initialMs;
  }

  get name(): string {
    return this.spec.name;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }
}

export class Supervisor {
  readonly #children: Child[] = [];
  #stopping = false;

  constructor(
    private readonly events: SupervisorEvents,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Starts `spec` now and keeps it running until `stop()`. */
  add(spec: ChildSpec): Supervised {
    const child = new Child(spec, this.backoff);
    this.#children.push(child);
    this.#launch(child);
    this.events.say(`started ${spec.name} (pid ${child.pid})`);
    return child;
  }

  #launch(child: Child): void {
    const proc = spawn(child.spec.command, child.spec.args, {
      env: child.spec.env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    child.proc = proc;
    child.startedAt = Date.now();
    proc.once('exit', (code, signal) => this.#onExit(child, code, signal));
  }

  #onExit(child: Child, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.#stopping) return;
    const ranMs = Date.now() - child.startedAt;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (ranMs >= this.backoff.stableMs) {
      child.delayMs = this.backoff.initialMs;
      child.quickFailures = 0;
    } else {
      child.quickFailures += 1;
    }
    if (child.quickFailures >= this.backoff.maxQuickFailures) {
      this.events.say(
        `${child.name} exited (${how}) ${child.quickFailures} times in a row right after starting; giving up`,
      );
      this.events.onGiveUp(child.name);
      return;
    }
    const delay = child.delayMs;
    child.delayMs = Math.min(this.backoff.maxMs, child.delayMs * 2);
    this.events.say(
      `${child.name} exited (${how}) after ${(ranMs / 1000).toFixed(1)} s; restarting it in ${(delay / 1000).toFixed(1)} s`,
    );
    child.timer = setTimeout(() => {
      child.timer = undefined;
      if (this.#stopping) return;
      child.restarts += 1;
      this.#launch(child);
      this.events.say(`${child.name} is back (pid ${child.pid}, restart ${child.restarts})`);
    }, delay);
  }

  /**
   * Stops restarting, then SIGTERM to each running child and SIGKILL to any still running after
   * `graceMs` (the gateway and worker drain within their own 30 s defaults).
   */
  async stop(graceMs = 35_000): Promise<void> {
    this.#stopping = true;
    for (const c of this.#children) clearTimeout(c.timer);
    await terminate(
      this.#children.flatMap((c) => (c.proc ? [c.proc] : [])),
      graceMs,
    );
  }
}

/** SIGTERM to each process still running, SIGKILL after `graceMs`; resolves when all have exited. */
export async function terminate(procs: ChildProcess[], graceMs = 35_000): Promise<void> {
  const running = procs.filter((c) => c.exitCode === null && c.signalCode === null);
  const exits = running.map((c) => new Promise<void>((r) => c.once('exit', () => r())));
  for (const c of running) c.kill('SIGTERM');
  const timer = setTimeout(() => running.forEach((c) => c.kill('SIGKILL')), graceMs);
  await Promise.all(exits);
  clearTimeout(timer);
}
