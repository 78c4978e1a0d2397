/** Every metric the gateway exports, on its own registry. Labels are bounded (route, status, code). */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createRegistry } from '@pagemap/runtime';

export function createGatewayMetrics(registry: Registry = createRegistry('gateway')) {
  return { registry, ...httpMetrics(registry), ...jobMetrics(registry), ...billingMetrics(registry) };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;

/** HTTP requests: latency, counts, refusals, in flight. */
function httpMetrics(registry: Registry) {
  return {
    requestSeconds: new Histogram({
      name: 'pagemap_http_request_duration_seconds',
      help: 'HTTP request latency, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    requests: new Counter({
      name: 'pagemap_http_requests_total',
      help: 'HTTP requests, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    rejections: new Counter({
      name: 'pagemap_http_rejections_total',
      help: 'Requests answered with an error, by error code',
      labelNames: ['code'],
      registers: [registry],
    }),
    inflight: new Gauge({
      name: 'pagemap_http_inflight_requests',
      help: 'Requests being served',
      registers: [registry],
    }),
  };
}

/** Jobs sent to workers, and the fleet seen through heartbeats. */
function jobMetrics(registry: Registry) {
  return {
    jobWaitSeconds: new Histogram({
      name: 'pagemap_gateway_job_wait_seconds',
      help: "Time from enqueue to the worker's result, by job kind and outcome",
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    queueWaitSeconds: new Histogram({
      name: 'pagemap_gateway_queue_wait_seconds',
      help: 'Time a new-session job waited on the shared queue until a worker took it',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    activeSessions: new Gauge({
      name: 'pagemap_active_sessions',
      help: 'Sessions open across all live workers (from heartbeats)',
      registers: [registry],
    }),
    liveWorkers: new Gauge({ name: 'pagemap_live_workers', help: 'Workers heart-beating now', registers: [registry] }),
  };
}

/** Actions billed, refused for the usage limit, and refunded. */
function billingMetrics(registry: Registry) {
  return {
    actionsBilled: new Counter({
      name: 'pagemap_actions_billed_total',
      help: 'Actions billed, by kind (page, tool)',
      labelNames: ['kind'],
      registers: [registry],
    }),
    actionsRejected: new Counter({
      name: 'pagemap_actions_rejected_total',
      help: 'Actions asked for by requests refused with USAGE_LIMIT_EXCEEDED (never run, never billed)',
      registers: [registry],
    }),
    actionsRefunded: new Counter({
      name: 'pagemap_actions_refunded_total',
      help: 'Reserved actions given back, by reason (error code or not_run)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}
