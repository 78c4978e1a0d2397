/**
 * The steady client load every fault case runs under, and what it recorded. Each client opens a
 * session on a page (1 action), runs a tool on it (1 action) and closes it, again and again; a
 * DELETE answered 503 is retried until it is answered 200 or 404, as an agent would. Every
 * request has a client-side bound (`hungMs`): an answer that does not come in time is a hang.
 */
import { randomUUID } from 'node:crypto';
import { ErrorBody } from '@pagemap/contracts';

/** Clients every fault case runs. */
export const CLIENTS = 4;
/** Past the gateways' request deadline (20 s in every fault stack): an answer this late is a hang. */
export const HUNG_MS = 25_000;
/**
 * How long a stopping client keeps retrying a DELETE answered 503 (or not answered): past it the
 * session is recorded as never closed, so a service that stays down fails the verdict with what
 * it answered instead of hanging the case until jest's timeout says nothing.
 */
export const CLOSE_GIVE_UP_MS = 60_000;

export interface Outcome {
  startedAt: number;
  endedAt: number;
  what: 'open' | 'tool' | 'close';
  status: number | 'hung' | 'network';
  code?: string;
  /** A failure's error message and its X-Request-Id: what the verdict prints to diagnose it. */
  message?: string;
  requestId?: string;
  /** The session a tool or close was for (in the diagnosis, beside the logs' lines that name it). */
  session?: string;
  /** Actions the answer billed (200 opens and tools only). */
  actions: number;
}

export interface LoadOptions {
  /** Gateway base URLs; client n uses gateway n modulo their number. */
  gateways: () => string[];
  key: string;
  /** Page to open and the tool's navigation target. */
  pages: [string, string];
  clients: number;
  hungMs: number;
}

export class ClientLoad {
  readonly outcomes: Outcome[] = [];
  /** Sessions that were answered as gone (404 to a follow-up or a DELETE). */
  readonly declaredGone = new Set<string>();
  /** Sessions whose DELETE was still not answered 200 or 404 when the stopping client gave up. */
  readonly neverClosed = new Set<string>();
  #stop = false;
  #giveUpAt = Number.POSITIVE_INFINITY;
  #clients: Promise<void>[] = [];

  constructor(private readonly opts: LoadOptions) {}

  start(): void {
    this.#clients = Array.from({ length: this.opts.clients }, (_, n) => this.#client(n));
  }

  async stop(): Promise<void> {
    if (!this.#stop) this.#giveUpAt = Date.now() + CLOSE_GIVE_UP_MS;
    this.#stop = true;
    await Promise.all(this.#clients);
  }

  /** Actions the 200 answers billed: what usage must equal. */
  get served(): number {
    return this.outcomes.reduce((n, o) => n + o.actions, 0);
  }

  /** 200 answers to requests started after `t`. */
  okAfter(t: number): number {
    return this.outcomes.filter((o) => o.startedAt > t && o.status === 200).length;
  }

  summary(): Record<string, number> {
    const by: Record<string, number> = {};
    for (const o of this.outcomes) {
      const k = `${o.what} ${o.status}${o.code ? ` ${o.code}` : ''}`;
      by[k] = (by[k] ?? 0) + 1;
    }
    return by;
  }

  async #client(n: number): Promise<void> {
    const gateway = () => this.opts.gateways()[n % this.opts.gateways().length]!;
    while (!this.#stop) {
      const opened = await this.#call(gateway(), 'open', 'POST', '/v1/browse', { url: this.opts.pages[0] });
      const session = opened.status === 200 ? (opened.body as { session_id?: string }).session_id : undefined;
      if (!session) {
        await pause(200);
        continue;
      }
      const tool = await this.#call(
        gateway(),
        'tool',
        'POST',
        '/v1/browse',
        { session_id: session, tool: 'navigate', params: { url: this.opts.pages[1] } },
        session,
      );
      if (tool.status === 404) this.declaredGone.add(session);
      await this.#close(gateway, session);
    }
  }

  /**
   * DELETE until it is answered for good (200 or 404); a 503 means "not done, retry". Once the
   * load is stopping, retries end at its give-up time and the session is recorded as never closed.
   */
  async #close(gateway: () => string, session: string): Promise<void> {
    for (;;) {
      const r = await this.#call(gateway(), 'close', 'DELETE', `/v1/session/${session}`, undefined, session);
      if (r.status === 404) this.declaredGone.add(session);
      if (r.status === 200 || r.status === 404) return;
      if (Date.now() > this.#giveUpAt) {
        this.neverClosed.add(session);
        return;
      }
      await pause(250);
    }
  }

  async #call(
    base: string,
    what: Outcome['what'],
    method: string,
    path: string,
    body?: unknown,
    session?: string,
  ): Promise<{ status: Outcome['status']; body: unknown }> {
    const startedAt = Date.now();
    let status: Outcome['status'];
    let parsed: unknown;
    // Our own request id, so even a request that hung can be found in the processes' logs.
    const requestId = `faults-${randomUUID()}`;
    try {
      const res = await fetch(new URL(path, base), {
        method,
        headers: {
          authorization: `Bearer ${this.opts.key}`,
          'content-type': 'application/json',
          'x-request-id': requestId,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.opts.hungMs),
      });
      parsed = await res.json().catch(() => undefined);
      status = res.status;
    } catch (err) {
      status = err instanceof Error && err.name === 'TimeoutError' ? 'hung' : 'network';
      parsed = { message: err instanceof Error ? err.message : String(err) };
    }
    const failure = status !== 200 ? ErrorBody.safeParse(parsed).data : undefined;
    const message = status !== 200 ? ((parsed as { message?: unknown } | undefined)?.message as string) : undefined;
    this.outcomes.push({
      startedAt,
      endedAt: Date.now(),
      what,
      status,
      ...(failure ? { code: failure.error } : {}),
      ...(typeof message === 'string' ? { message } : {}),
      ...(status !== 200 ? { requestId } : {}),
      ...(session ? { session } : {}),
      actions: status === 200 && what !== 'close' ? 1 : 0,
    });
    return { status, body: parsed };
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
