/** Every metric the dashboard exports, on its own registry. Labels are bounded (route pattern, status, outcome). */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { RequestHandler } from 'express';
import { createRegistry } from '@pagemap/runtime';

export function createDashboardMetrics(registry: Registry = createRegistry('dashboard')) {
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'pagemap_dashboard_request_duration_seconds',
      help: 'Dashboard request latency, by route group, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    signIns: new Counter({
      name: 'pagemap_dashboard_signins_total',
      help: 'Sign-in attempts, by outcome (ok, failed, locked, rate_limited)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    csrfRejected: new Counter({
      name: 'pagemap_dashboard_csrf_rejected_total',
      help: 'Unsafe requests refused for a missing or wrong CSRF token',
      registers: [registry],
    }),
    cardChecks: new Counter({
      name: 'pagemap_dashboard_card_checks_total',
      help: 'Card verifications for login automation, by provider mode and result code',
      labelNames: ['mode', 'result'],
      registers: [registry],
    }),
    billingWebhooks: new Counter({
      name: 'pagemap_dashboard_billing_webhooks_total',
      help: 'Payment-provider webhooks, by outcome (applied, stale, ignored, duplicate, bad_signature, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}

export type DashboardMetrics = ReturnType<typeof createDashboardMetrics>;

/** The first path segment as the route label (`/keys/key_…/revoke` → `/keys`): bounded, no ids. */
function routeGroup(path: string): string {
  const first = path.split('/')[1] ?? '';
  return /^(|signin|signup|signout|keys|usage|billing|api|docs|static|metrics|healthz)$/.test(first)
    ? `/${first}`
    : 'other';
}

export function httpMetrics(metrics: DashboardMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      metrics.requestSeconds.observe(
        { route: routeGroup(req.path), method: req.method, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
