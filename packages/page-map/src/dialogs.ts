/**
 * JavaScript dialogs (alert, confirm, prompt, beforeunload). A dialog blocks the page's scripts and
 * every evaluate until it is answered, so no dialog may stay open unseen. Policy:
 * - alert and beforeunload: accepted at once (an alert has only OK; a beforeunload comes from a
 *   navigation the agent asked for).
 * - confirm and prompt while no tool runs (page load, timers between requests): dismissed at once
 *   (Cancel), the answer of a browser nobody watches; the page map comes back in normal time.
 * - confirm and prompt while a tool runs: held open, the tool answers at once, and the response
 *   offers `answer_dialog` so the agent decides. Any other tool dismisses it first. Once the tool
 *   has brought a new document (a navigation committed), its dialogs are load dialogs again.
 * Every dialog is recorded (type, message, what was answered) and reported with the next response.
 */
import type { Dialog, Page } from 'puppeteer-core';

export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

export interface DialogRecord {
  type: DialogType;
  message: string;
  /** accepted / dismissed at once, answered later by the agent, or still waiting for an answer. */
  status: 'accepted' | 'dismissed' | 'pending';
}

const MAX_MESSAGE = 500;
const MAX_RECORDS = 20;

export class PageDialogs {
  #records: DialogRecord[] = [];
  #pending: { dialog: Dialog; record: DialogRecord } | null = null;
  #hold = 0;
  /** A navigation committed during the held tool: the new document's dialogs follow the load policy. */
  #newDocument = false;
  #listeners = new Set<() => void>();
  #opened = 0;

  constructor(page: Page) {
    page.on('dialog', (d: Dialog) => void this.#onDialog(d));
  }

  async #onDialog(d: Dialog): Promise<void> {
    this.#opened += 1;
    const type = (['alert', 'confirm', 'prompt', 'beforeunload'].includes(d.type()) ? d.type() : 'alert') as DialogType;
    const record: DialogRecord = { type, message: d.message().slice(0, MAX_MESSAGE), status: 'pending' };
    if (this.#records.length < MAX_RECORDS) this.#records.push(record);
    if ((type === 'confirm' || type === 'prompt') && this.#hold > 0 && !this.#newDocument && !this.#pending) {
      this.#pending = { dialog: d, record };
    } else {
      const accept = type === 'alert' || type === 'beforeunload';
      record.status = accept ? 'accepted' : 'dismissed';
      await (accept ? d.accept() : d.dismiss()).catch(() => undefined); // the page may be gone already
    }
    for (const l of this.#listeners) l();
  }

  /**
   * How many dialogs have opened on the page, counted as each arrives (the watchers hear of one
   * only once it is answered): what ran meanwhile may have lost its input.
   */
  get opened(): number {
    return this.#opened;
  }

  /** The dialog waiting for the agent's answer, if any. */
  get pending(): DialogRecord | null {
    return this.#pending?.record ?? null;
  }

  /** While `fn` runs, confirm and prompt are held open for the agent instead of dismissed. */
  async holding<T>(fn: () => Promise<T>): Promise<T> {
    this.#hold += 1;
    this.#newDocument = false;
    try {
      return await fn();
    } finally {
      this.#hold -= 1;
      this.#newDocument = false;
    }
  }

  /** The main frame committed a new document (settle/settle.ts tells). */
  newDocument(): void {
    if (this.#hold > 0) this.#newDocument = true;
  }

  /** Calls `listener` on every dialog until the returned function is called. */
  watch(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Answers the held dialog; false when none is open. `text` is for prompts (never recorded). */
  async answer(accept: boolean, text?: string): Promise<boolean> {
    const p = this.#pending;
    if (!p) return false;
    this.#pending = null;
    p.record.status = accept ? 'accepted' : 'dismissed';
    await (accept
      ? p.dialog.accept(p.record.type === 'prompt' ? (text ?? p.dialog.defaultValue()) : undefined)
      : p.dialog.dismiss()
    ).catch(() => undefined);
    return true;
  }

  /** Rewrites the recorded messages (removes tool param values a page may echo in a dialog). */
  redact(fn: (message: string) => string): void {
    for (const r of this.#records) r.message = fn(r.message);
  }

  /** Dialogs seen since the last call (the next response reports them); a pending one stays listed. */
  take(): DialogRecord[] {
    const out = this.#records.map((r) => ({ ...r }));
    this.#records = this.#pending ? [this.#pending.record] : [];
    return out;
  }
}

const byPage = new WeakMap<Page, PageDialogs>();

/** The page's dialog handling, installed on first use (preparePage installs it before any navigation). */
export function dialogsOf(page: Page): PageDialogs {
  let d = byPage.get(page);
  if (!d) {
    d = new PageDialogs(page);
    byPage.set(page, d);
  }
  return d;
}
