/**
 * CORS for the documentation site's playground (docs/api.md#authentication: playground tokens are for the
 * documentation site only). Only the configured origin gets CORS headers, only on /v1 paths, and
 * a cross-origin request from it must carry a playground token: a full API key has no business in
 * a web page, so it is refused (403) instead of being used. Other origins get no CORS headers, so
 * browsers keep them from reading any answer.
 */
import type { RequestHandler } from 'express';
import { PagemapError } from '@pagemap/contracts';
import { looksLikeJwt } from '@pagemap/accounts';

const EXPOSED = [
  'X-Cache',
  'X-Usage-Action-Count',
  'X-Usage-Action-Limit',
  'X-Usage-Period-Start',
  'X-Request-Id',
  'Retry-After',
];

export function docsCors(docsOrigin: string | undefined): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!docsOrigin || origin !== docsOrigin || !req.path.startsWith('/v1/')) return next();
    res.setHeader('Access-Control-Allow-Origin', docsOrigin);
    res.append('Vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'POST, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED.join(', '));
    const credential = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (credential && !looksLikeJwt(credential)) {
      return next(
        new PagemapError(
          'FORBIDDEN',
          'From the documentation site, call the API with a playground token; full API keys belong on servers, not in web pages.',
        ),
      );
    }
    next();
  };
}

/**
 * A person (a browser, no Authorization header) following `billing.portal_url` is sent to the
 * dashboard's portal link, which (once signed in) opens the payment provider's Customer Portal for
 * the account, or the billing area before there is anything to manage; API clients keep getting
 * the JSON standing.
 */
export function billingPortalRedirect(path: string, dashboardUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (
      !dashboardUrl ||
      req.method !== 'GET' ||
      req.path !== path ||
      req.headers.authorization ||
      !req.accepts('html') ||
      req.accepts(['json', 'html']) !== 'html'
    )
      return next();
    res.redirect(
      303,
      new URL('billing/portal', dashboardUrl.endsWith('/') ? dashboardUrl : `${dashboardUrl}/`).toString(),
    );
  };
}
