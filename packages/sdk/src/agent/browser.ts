/**
 * One agent run's browser: at most one Pagemap session open at a time, reopened when it
 * expired, closed at the end (and when the run's signal aborts). Every call answers a
 * ToolOutcome for the model — failures included — with secrets filled on the way in and masked
 * on the way out. The framework adapters are thin wrappers around `definitions` and `call`.
 */
import type { BrowseResponse } from '@pagemap/contracts';
import type { BrowseInput, PagemapOptions, RequestOptions } from '../types.js';
import { ADAPTER_ACTIONS, apiErrorAction, apiErrorOf, toolErrorAction, type ToolOutcome } from './outcome.js';
import {
  BROWSE_DEFINITION,
  BROWSE_TOOL,
  pageToolDefinitions,
  READ_DEFINITION,
  READ_TOOL,
  type ToolDefinition,
} from './page-tools.js';
import { hasPlaceholder, SecretVault, type SecretsInput } from './secrets.js';

/** What the agent browser needs of a client: `new Pagemap()` fits. */
export interface AgentClient {
  browse(input: BrowseInput, options?: RequestOptions): Promise<BrowseResponse>;
  closeSession(sessionId: string, options?: RequestOptions): Promise<unknown>;
}

export interface AgentBrowserOptions {
  /** The Pagemap client (`new Pagemap({ apiKey, baseUrl })`). */
  client: AgentClient;
  /** Secrets by site, or a resolver; the model only sees `{{secret:name}}` placeholders. */
  secrets?: SecretsInput;
  /** Ends the run: the call in flight is cancelled and the session closed. */
  signal?: AbortSignal;
}

type Input = Record<string, unknown>;

/** The page tool that opens another URL in the same session (most pages offer it). */
const NAVIGATE_TOOL = 'navigate';

export class AgentBrowser {
  readonly #client: AgentClient;
  readonly #vault: SecretVault;
  readonly #signal: AbortSignal | undefined;
  #page: BrowseResponse | undefined;
  #definitions: ToolDefinition[] = [BROWSE_DEFINITION];
  #closed = false;
  /** Calls run one after another: a session does one thing at a time, whatever the framework does. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: AgentBrowserOptions) {
    this.#client = options.client;
    this.#vault = new SecretVault(options.secrets);
    this.#signal = options.signal;
    this.#signal?.addEventListener('abort', () => void this.close(), { once: true });
  }

  /** The tools callable now: browse, read_page once a page is open, and the current page's own. */
  get definitions(): readonly ToolDefinition[] {
    return this.#definitions;
  }

  /** The open session's id, if one is open. */
  get sessionId(): string | undefined {
    return this.#closed ? undefined : this.#page?.session_id;
  }

  /** Runs the tool the model called by that name. Rejects only when the run's signal aborted. */
  call(name: string, input: Input = {}): Promise<ToolOutcome> {
    const next = this.#queue.then(() => this.#call(name, input));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Opens `url` as the run's page (what the browse tool does). */
  open(url: string): Promise<ToolOutcome> {
    return this.call(BROWSE_TOOL, { url });
  }

  /** Closes the session (idempotent; never throws: an expired session is already closed). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#closeCurrent();
  }

  async #call(name: string, input: Input): Promise<ToolOutcome> {
    this.#signal?.throwIfAborted();
    if (this.#closed) return this.#failure('CLOSED', 'This run has ended.');
    try {
      if (name === BROWSE_TOOL) return await this.#browse(input);
      if (!this.#page) return this.#failure('NO_PAGE', 'No page is open.');
      if (name === READ_TOOL) return await this.#inSession({ include_page_content: true });
      const def = this.#definitions.find((d) => d.name === name && d.pageTool !== undefined);
      if (!def)
        return this.#failure('UNKNOWN_TOOL', `No tool "${name}" on the current page.`, toolErrorAction('UNKNOWN_TOOL'));
      if (!def.takesSecrets && hasPlaceholder(input))
        return this.#failure(
          'SECRET_NOT_ALLOWED',
          `"${name}" takes no credential: secrets are only filled into tools that do (a login form).`,
        );
      const filled = await this.#vault.fill(input, this.#page.url);
      if ('refused' in filled) return this.#failure(filled.refused.code, filled.refused.message);
      return await this.#inSession({ tool: def.pageTool!, params: filled.params as BrowseInput['params'] });
    } catch (err) {
      this.#signal?.throwIfAborted();
      const api = apiErrorOf(err);
      if (api) return this.#failure(api.code, api.message, apiErrorAction(api.code));
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return this.#failure('CLIENT_ERROR', message);
    }
  }

  async #browse(input: Input): Promise<ToolOutcome> {
    const url = input.url;
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
      return this.#failure('INVALID_INPUT', '`url` must be an absolute http(s) URL.');
    if (hasPlaceholder(url)) return this.#failure('SECRET_NOT_ALLOWED', 'Secrets are never put into URLs.');
    // One session per run: a page that offers navigation is left through it (sign-ins stay);
    // otherwise the previous session is closed before the next one opens.
    // (An expired session is simply replaced: the page asked for opens in a new one.)
    if (this.#page?.tools.some((t) => t.name === NAVIGATE_TOOL))
      return this.#inSession({ tool: NAVIGATE_TOOL, params: { url } }, () => this.#openFresh(url));
    return this.#openFresh(url);
  }

  async #openFresh(url: string): Promise<ToolOutcome> {
    await this.#closeCurrent();
    const page = await this.#client.browse({ url }, this.#requestOptions());
    return this.#settle(page);
  }

  /**
   * A follow-up on the open session. A session that expired (by its clock, or the service says
   * it is gone) is reopened at its last address, and the model is told: what it was doing did
   * not run, and sign-ins are lost.
   */
  async #inSession(
    extra: Omit<BrowseInput, 'url' | 'session_id'>,
    onExpired: () => Promise<ToolOutcome> = () => this.#reopen(this.#page!.url),
  ): Promise<ToolOutcome> {
    const page = this.#page!;
    if (Date.parse(page.expires_at) <= Date.now()) return onExpired();
    let next: BrowseResponse;
    try {
      next = await this.#client.browse({ session_id: page.session_id, ...extra }, this.#requestOptions());
    } catch (err) {
      if (apiErrorOf(err)?.code === 'SESSION_NOT_FOUND') return onExpired();
      throw err;
    }
    const outcome = await this.#settle(next);
    const result = next.results?.[0];
    if (!result || result.success) return outcome;
    const code = result.error?.code ?? 'TOOL_FAILED';
    return this.#vault.mask({
      ...outcome,
      ok: false,
      error: { code, message: result.error?.message ?? 'The tool failed.', action: toolErrorAction(code) },
    });
  }

  async #reopen(url: string): Promise<ToolOutcome> {
    this.#page = undefined;
    const page = await this.#client.browse({ url }, this.#requestOptions());
    const outcome = await this.#settle(page);
    return this.#vault.mask({
      ...outcome,
      ok: false,
      error: {
        code: 'SESSION_EXPIRED',
        message: 'The session had expired; the last call did not run.',
        action: ADAPTER_ACTIONS.SESSION_EXPIRED!,
      },
    });
  }

  /** Takes `page` as the current page: new tool definitions, and the outcome the model reads. */
  async #settle(page: BrowseResponse): Promise<ToolOutcome> {
    this.#page = page;
    const secrets = await this.#vault.forPage(page.url);
    this.#definitions = [BROWSE_DEFINITION, READ_DEFINITION, ...pageToolDefinitions(page.tools, secrets)];
    return this.#vault.mask({
      ok: true,
      page: {
        url: page.url,
        title: page.title,
        summary: page.summary,
        tools: this.#definitions.map((d) => d.name),
        ...(page.page_content !== undefined ? { page_content: page.page_content } : {}),
      },
      ...(page.results?.[0] ? { result: page.results[0] } : {}),
    });
  }

  #failure(code: string, message: string, action = ADAPTER_ACTIONS[code] ?? apiErrorAction(code)): ToolOutcome {
    const page = this.#page;
    return this.#vault.mask({
      ok: false,
      error: { code, message, action },
      ...(page && !this.#closed
        ? {
            page: {
              url: page.url,
              title: page.title,
              summary: page.summary,
              tools: this.#definitions.map((d) => d.name),
            },
          }
        : {}),
    });
  }

  async #closeCurrent(): Promise<void> {
    const page = this.#page;
    this.#page = undefined;
    this.#definitions = [BROWSE_DEFINITION];
    if (!page) return;
    // Not tied to the run's signal: closing is what an aborted run still has to do.
    await this.#client.closeSession(page.session_id).catch(() => undefined);
  }

  #requestOptions(): RequestOptions {
    return this.#signal ? { signal: this.#signal } : {};
  }
}

/** Options of the adapters: a client, or the options to make one. */
export type AgentToolsOptions = Omit<AgentBrowserOptions, 'client'> &
  ({ client: AgentClient; pagemap?: never } | { client?: never; pagemap?: PagemapOptions });
