/**
 * The first navigation of a new session, and how a refused one is told apart from a page that
 * failed to load. The egress proxy refuses non-public addresses on connection, so a redirect to
 * one never reaches the page: for plain http the proxy answers in the redirect's place (marked by
 * REFUSED_HEADER); for a tunnel (https) Chromium reports a failed tunnel, and the last document
 * address the page asked for is judged again to say why.
 */
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { REFUSED_HEADER, UNREACHABLE } from '../browser/egress-proxy';
import type { JobError } from './failure';
import type { PhaseClock } from '../telemetry/phases';
import type { TargetPolicy } from './target-policy';

/** Navigates the page; the main document's HTTP status, or why there is no page. */
export async function navigate(
  page: Page,
  url: string,
  policy: TargetPolicy,
  timeoutMs: number,
  phases: PhaseClock,
): Promise<number | JobError> {
  // The last main-frame document request: after a redirect, the address the egress proxy judged.
  let lastDocument = url;
  const onRequest = (r: HTTPRequest) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) lastDocument = r.url();
  };
  // When the main document's (last) response arrived: splits the wait into 'goto' and 'load'.
  const started = performance.now();
  let responded: number | undefined;
  const onResponse = (r: HTTPResponse) => {
    const req = r.request();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) responded = performance.now();
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
    const done = performance.now();
    phases.add('goto', (responded ?? done) - started);
    phases.add('load', done - (responded ?? done));
    // A redirect to a refused address: the egress proxy answered for it (plain http).
    if (response?.headers()[REFUSED_HEADER] === 'refused') return policy.refused('a redirect led to a refused address');
    // The proxy's own 502: the site never answered, so there is no page of it to map (nor bill).
    if (response?.headers()[REFUSED_HEADER] === UNREACHABLE)
      return { code: 'NAVIGATION_FAILED', message: 'The page could not be loaded: the site did not answer.' };
    return response?.status() ?? 200;
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0]! : 'navigation failed';
    // A refused tunnel (https, or a redirect to one) surfaces as a failed tunnel: say why.
    if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_UNSAFE_REDIRECT|ERR_UNKNOWN_URL_SCHEME/.test(reason)) {
      // The navigation's failure can reach us before the request event of the redirect that
      // caused it: let pending protocol events arrive before judging the last document.
      await new Promise((r) => setTimeout(r, 100));
      const refused = await policy.refuseAddress(lastDocument);
      if (refused) return refused;
    }
    return {
      code: 'NAVIGATION_FAILED',
      message: `The page could not be loaded: ${reason.replace(/ at https?:\/\/\S+/, '')}`,
    };
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}
