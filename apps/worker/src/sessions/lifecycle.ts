/**
 * A session's lifecycle, as one typed state with its allowed transitions, owned here:
 *
 *   open ──beginClose(reason)──▶ closing ──finishClose()──▶ closed
 *
 * `closing` starts the moment anything decides to close the session (a DELETE, expiry, a browser
 * crash, shutdown, a failed open, a lapsed heartbeat); from then on it takes no request, and a
 * second close is a no-op (beginClose answers false). `closed` follows once its directory entry
 * and browser context are gone. Any other move is a bug and throws IllegalSessionTransition.
 */

/**
 * Why a session closed; `declared_gone`: the service answered it as gone while this worker could
 * not act (its heartbeat lapsed); `unlisted`: its directory entry was lost (unlisted-sweep.ts).
 */
export type CloseReason =
  | 'deleted'
  | 'idle'
  | 'max_age'
  | 'browser_crash'
  | 'shutdown'
  | 'open_failed'
  | 'declared_gone'
  | 'unlisted';

export type SessionState = 'open' | 'closing' | 'closed';

/** The states each state may move to. */
const ALLOWED: Readonly<Record<SessionState, readonly SessionState[]>> = {
  open: ['closing'],
  closing: ['closed'],
  closed: [],
};

export class IllegalSessionTransition extends Error {
  constructor(
    readonly from: SessionState,
    readonly to: SessionState,
  ) {
    super(`a session cannot go from ${from} to ${to}`);
    this.name = 'IllegalSessionTransition';
  }
}

export class SessionLifecycle {
  #state: SessionState = 'open';
  #reason: CloseReason | undefined;

  get state(): SessionState {
    return this.#state;
  }

  /** Why the session is closing or closed; undefined while open. */
  get reason(): CloseReason | undefined {
    return this.#reason;
  }

  /** open → closing, recording why. False (and nothing changes) when it is already closing or closed. */
  beginClose(reason: CloseReason): boolean {
    if (this.#state !== 'open') return false;
    this.#move('closing');
    this.#reason = reason;
    return true;
  }

  /** closing → closed, once the session's resources are released. */
  finishClose(): void {
    this.#move('closed');
  }

  #move(to: SessionState): void {
    if (!ALLOWED[this.#state].includes(to)) throw new IllegalSessionTransition(this.#state, to);
    this.#state = to;
  }
}
