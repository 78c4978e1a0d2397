/** Assembles the Express app: middleware, every route, 404/405, and the error mapper. */
import express, { Router } from 'express';
import { PagemapError } from '@pagemap/contracts';
import type { GatewayServices } from './services';
import {
  errorMapper,
  httpMetrics,
  jsonBody,
  patternRegExp,
  requestId,
  requestLog,
  routeLabeler,
} from './http/middleware';
import { mountRoute, type RouteDef } from './http/route';
import { billingPortalRedirect, docsCors } from './http/cors';
import { ROUTES } from './routes';
import { BILLING_PORTAL_PATH } from './routes/billing-portal.get';

export function createApp(services: GatewayServices): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', services.env.PAGEMAP_TRUST_PROXY);
  const routeOf = routeLabeler(ROUTES.map((r) => r.path));
  app.use(requestId(), httpMetrics(services.metrics, routeOf), requestLog(services.log, routeOf));
  // Before the body parser and the OPTIONS handler: a CORS preflight is answered here, and a
  // refused cross-origin credential never reaches a route.
  app.use(
    docsCors(services.env.PAGEMAP_DOCS_ORIGIN),
    billingPortalRedirect(BILLING_PORTAL_PATH, services.env.PAGEMAP_DASHBOARD_URL),
  );
  app.use(...jsonBody());

  const methodsByPath = new Map<string, string[]>();
  for (const r of ROUTES) {
    const m = r.method.toUpperCase();
    methodsByPath.set(r.path, [...(methodsByPath.get(r.path) ?? []), ...(m === 'GET' ? ['GET', 'HEAD'] : [m])]);
  }
  // OPTIONS on a known path: 204 with Allow (instead of the router's text/plain default).
  app.use((req, res, next) => {
    if (req.method !== 'OPTIONS') return next();
    for (const [path, methods] of methodsByPath) {
      if (matches(path, req.path)) {
        res.setHeader('Allow', [...methods, 'OPTIONS'].join(', '));
        res.status(204).end();
        return;
      }
    }
    next();
  });

  const router = Router({ strict: false, caseSensitive: true });
  for (const route of ROUTES) mountRoute(router, route as RouteDef<unknown>, services);
  app.use(router);

  // A known path with the wrong method is 405 with Allow; anything else is 404.
  app.use((req, res, next) => {
    for (const [path, methods] of methodsByPath) {
      if (matches(path, req.path)) {
        res.setHeader('Allow', methods.join(', '));
        return next(
          new PagemapError(
            'METHOD_NOT_ALLOWED',
            `${req.method} is not allowed on this route; allowed: ${methods.join(', ')}.`,
          ),
        );
      }
    }
    next(new PagemapError('NOT_FOUND', `No route ${req.method} ${req.path}.`));
  });
  app.use(errorMapper(services.log, services.metrics));
  return app;
}

/** Matches an Express path pattern with `:params` against a concrete path. */
function matches(pattern: string, path: string): boolean {
  return patternRegExp(pattern).test(path);
}
