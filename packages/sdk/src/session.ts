import type { BrowseResponse, ToolCall, ToolParams } from '@pagemap/contracts';
import { SessionNotFoundError } from './errors.js';
import type { BrowseInput, BrowseResult, RequestOptions, SessionClient } from './types.js';

/**
 * One browser session: carries `session_id` forward and keeps the latest page map.
 * `open(url)` → `run(tool, params)` / `batch([...])` → `close()`.
 */
export class BrowserSession {
  /** The latest page map (title, summary, tools) of the session's current page. */
  page: BrowseResult;
  #closed = false;

  constructor(
    private readonly client: SessionClient,
    first: BrowseResult,
  ) {
    this.page = first;
  }

  get id(): string {
    return this.page.session_id;
  }

  /** When the session expires if no further request comes. */
  get expiresAt(): Date {
    return new Date(this.page.expires_at);
  }

  get tools(): BrowseResponse['tools'] {
    return this.page.tools;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The current page's tool of that name, if any. */
  tool(name: string): BrowseResponse['tools'][number] | undefined {
    return this.page.tools.find((t) => t.name === name);
  }

  /** Executes one tool. Its outcome is `results[0]` (`success`, `error`); the page map is the page after it. */
  async run(
    tool: string,
    params?: ToolParams,
    opts: { include_page_content?: boolean } & RequestOptions = {},
  ): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse(
      {
        session_id: this.id,
        tool,
        ...(params ? { params } : {}),
        ...(include_page_content !== undefined ? { include_page_content } : {}),
      },
      options,
    );
  }

  /**
   * Executes tools in order. A tool that navigates ends the batch (`stopped_reason: "navigation"`);
   * the session stays open either way.
   */
  async batch(
    calls: ToolCall[],
    opts: { include_page_content?: boolean } & RequestOptions = {},
  ): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse(
      { session_id: this.id, tools: calls, ...(include_page_content !== undefined ? { include_page_content } : {}) },
      options,
    );
  }

  /** Re-reads the current page (no tool runs; a follow-up, so it also keeps the session alive). */
  async refresh(opts: { include_page_content?: boolean } & RequestOptions = {}): Promise<BrowseResult> {
    const { include_page_content, ...options } = opts;
    return this.#browse(
      { session_id: this.id, ...(include_page_content !== undefined ? { include_page_content } : {}) },
      options,
    );
  }

  /** Closes the session. Resolves true when this call closed it, false when it was already gone. */
  async close(options?: RequestOptions): Promise<boolean> {
    if (this.#closed) return false;
    try {
      await this.client.closeSession(this.id, options);
      this.#closed = true;
      return true;
    } catch (err) {
      // Already closed or expired is what close() is for; anything else (network) may have left it open.
      if (!(err instanceof SessionNotFoundError)) throw err;
      this.#closed = true;
      return false;
    }
  }

  async #browse(input: BrowseInput, options: RequestOptions): Promise<BrowseResult> {
    const result = await this.client.browse(input, options);
    this.page = result;
    return result;
  }
}
