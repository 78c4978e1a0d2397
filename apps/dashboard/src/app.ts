/**
 * Assembles the dashboard's Express app: security headers (helmet, a strict CSP with no inline
 * script or style and no third-party origin), sessions, CSRF on every unsafe method, the pages,
 * the documentation site at /docs/, and a plain error page that leaks nothing.
 */
import { timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import type { DashboardServices } from './services';
import { csrfProtection, sessions } from './http/session';
import { requireOwner } from './http/owner';
import { authRoutes } from './routes/auth';
import { keyRoutes } from './routes/keys';
import { usageRoutes } from './routes/usage';
import { billingRoutes } from './routes/billing';
import { webhookRoutes } from './billing/webhook';
import { playgroundRoutes } from './routes/playground';
import { html } from './views/html';
import { page } from './views/layout';
import { httpMetrics } from './metrics';

export function createApp(services: DashboardServices): express.Express {
  const { env, log } = services;
  const app = express();
  app.disable('x-powered-by');
  // One proxy hop (the TLS terminator), not "trust everything": client IPs feed the rate limiter.
  app.set('trust proxy', env.PAGEMAP_TRUST_PROXY ? 1 : false);
  app.use(httpMetrics(services.metrics));
  app.use(securityHeaders(env));
  app.use('/static', express.static(services.staticDir, { index: false, maxAge: '1h' }));
  app.use('/docs', express.static(services.siteDir, { index: 'index.html', extensions: ['html'] }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/metrics', async (req, res) => {
    if (!metricsAllowed(req.headers.authorization, services.env.PAGEMAP_DASHBOARD_METRICS_TOKEN))
      return void res
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="pagemap-metrics"')
        .json({ error: 'UNAUTHORIZED' });
    res.setHeader('Content-Type', services.metrics.registry.contentType);
    res.send(await services.metrics.registry.metrics());
  });

  // The payment provider's webhooks: signed raw bodies, no session, no CSRF token (the signature is the check).
  if (services.payments && env.STRIPE_WEBHOOK_SECRET) {
    const { stripe } = services.payments;
    const deps = { env, stripe, billing: services.billing, gate: services.gate, log, metrics: services.metrics };
    app.use(webhookRoutes(deps, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_WEBHOOK_TOLERANCE_S));
  }

  app.use(express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' }));
  app.use(sessions(services));
  app.use(csrfProtection);
  app.use(authRoutes(services), playgroundRoutes(services));
  app.use(requireOwner(services), usageRoutes(services), keyRoutes(services), billingRoutes(services));

  app.use(
    (_req, res) =>
      void res
        .status(404)
        .type('html')
        .send(page({ title: 'Not found' }, html`<h1>Not found</h1><p><a href="/">Back to the dashboard</a></p>`)),
  );
  app.use(errorPage(services));
  return app;
}

/** /metrics is open without a configured token; with one, only a request bearing it (compared in constant time). */
function metricsAllowed(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = Buffer.from(/^Bearer +(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Security headers: a strict CSP (no inline script or style, no third-party origin but the API and the payment provider's forms). */
function securityHeaders(env: DashboardServices['env']) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // The playground calls the API from the browser.
        connectSrc: ["'self'", env.apiOrigin],
        // Billing forms answer with a redirect to the payment provider's hosted page.
        formAction: ["'self'", ...env.paymentOrigins],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        ...(env.publicUrl.protocol === 'https:' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: env.publicUrl.protocol === 'https:',
    referrerPolicy: { policy: 'same-origin' },
  });
}

/** The plain error page: a CSRF refusal says so (403); anything else is logged and answers 500, leaking nothing. */
function errorPage(services: DashboardServices): ErrorRequestHandler {
  const { log } = services;
  return (err: unknown, req, res, _next) => {
    const code = (err as { code?: string }).code;
    if (code === 'EBADCSRFTOKEN' || (err as { message?: string }).message === 'invalid csrf token') {
      services.metrics.csrfRejected.inc();
      log.warn({ event: 'csrf_rejected', path: req.path }, 'CSRF token missing or wrong');
      res.status(403);
      return req.accepts(['html', 'json']) === 'json'
        ? void res.json({
            error: 'CSRF_REJECTED',
            message: 'The form expired or did not come from this site; reload the page and try again.',
          })
        : void res
            .type('html')
            .send(
              page(
                { title: 'Request refused' },
                html`<h1>Request refused</h1><p>The form expired or did not come from this site. Reload the page and try again.</p>`,
              ),
            );
    }
    log.error(
      { err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), path: req.path },
      'unhandled error',
    );
    if (res.headersSent) return void res.end();
    res
      .status(500)
      .type('html')
      .send(page({ title: 'Error' }, html`<h1>Something went wrong</h1><p>Try again in a moment.</p>`));
  };
}
