/**
 * What became of the main document while tools ran. A tool navigation (navigate, a link, a form)
 * that redirects to an address the outbound guard refuses never reaches it: the egress proxy
 * answers in its place (plain http, marked with REFUSED_HEADER) or fails the tunnel (https). The
 * tool itself sees a page that loaded, so it reports success; without this watch the caller got
 * `success: true` with the proxy's refusal as the page, and was billed for it. Likewise the
 * proxy's own 502 (the site did not answer) is not a page of the site.
 */
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import type { ToolResult } from '@pagemap/contracts';
import { REFUSED_HEADER, UNREACHABLE } from '../browser/egress-proxy';
import type { TargetPolicy } from './target-policy';

type Verdict = 'refused' | 'unreachable' | 'tunnel_failed';

export class DocumentWatch {
  /** The last main-frame document request (after a redirect, the address the proxy judged). */
  #requested: string | undefined;
  #verdict: { verdict: Verdict; url: string } | undefined;

  readonly #onRequest = (r: HTTPRequest) => {
    if (this.#mainDocument(r)) this.#requested = r.url();
  };
  readonly #onResponse = (r: HTTPResponse) => {
    if (!this.#mainDocument(r.request())) return;
    const marker = r.headers()[REFUSED_HEADER];
    // Each main-frame response replaces the last: only the document the page ends on counts.
    this.#verdict =
      marker === 'refused' || marker === UNREACHABLE
        ? { verdict: marker === 'refused' ? 'refused' : 'unreachable', url: r.url() }
        : undefined;
  };
  readonly #onFailed = (r: HTTPRequest) => {
    if (this.#mainDocument(r) && /ERR_TUNNEL_CONNECTION_FAILED/.test(r.failure()?.errorText ?? ''))
      this.#verdict = { verdict: 'tunnel_failed', url: this.#requested ?? r.url() };
  };

  constructor(private readonly page: Page) {
    page.on('request', this.#onRequest);
    page.on('response', this.#onResponse);
    page.on('requestfailed', this.#onFailed);
  }

  #mainDocument(r: HTTPRequest): boolean {
    return r.isNavigationRequest() && r.frame() === this.page.mainFrame();
  }

  detach(): void {
    this.page.off('request', this.#onRequest);
    this.page.off('response', this.#onResponse);
    this.page.off('requestfailed', this.#onFailed);
  }

  /**
   * The failure that replaces a successful tool's result when the main document the tools led to
   * was refused or never reached; undefined when it was a page of the site (or no navigation).
   */
  async failure(policy: TargetPolicy): Promise<ToolResult['error'] | undefined> {
    const seen = this.#verdict;
    if (!seen) return undefined;
    const refusal = {
      code: 'NOT_ALLOWED',
      message: 'The navigation led to an address that is not a public http(s) address; it was refused.',
    } as const;
    if (seen.verdict === 'refused') return refusal;
    if (seen.verdict === 'tunnel_failed' && (await policy.refuseAddress(seen.url).catch(() => null))) return refusal;
    return { code: 'NAVIGATION_FAILED', message: 'The navigation the tool started could not reach its site.' };
  }
}
