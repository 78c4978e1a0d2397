/** Every metric the worker exports, on its own registry. Labels are bounded (kind, code, reason). */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { createRegistry } from '@pagemap/runtime';

export function createWorkerMetrics(registry: Registry = createRegistry('worker')) {
  return {
    registry,
    ...sessionMetrics(registry),
    ...jobMetrics(registry),
    ...pageMetrics(registry),
    ...consumerMetrics(registry),
  };
}

export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;

/** Sessions and browser contexts on this worker, and its upkeep (expiries, reaping, memory). */
function sessionMetrics(registry: Registry) {
  return {
    openSessions: new Gauge({
      name: 'pagemap_worker_open_sessions',
      help: 'Sessions open on this worker',
      registers: [registry],
    }),
    capacity: new Gauge({
      name: 'pagemap_worker_capacity_sessions',
      help: 'Most sessions this worker holds open',
      registers: [registry],
    }),
    contexts: new Gauge({
      name: 'pagemap_worker_browser_contexts',
      help: "Browser contexts alive in this worker's Chromium (sessions plus pool)",
      registers: [registry],
    }),
    poolSize: new Gauge({
      name: 'pagemap_worker_context_pool_ready',
      help: 'Fresh prepared contexts waiting in the pool',
      registers: [registry],
    }),
    contextAcquireSeconds: new Histogram({
      name: 'pagemap_worker_context_acquire_seconds',
      help: 'Time to get a fresh context and page for a new session, by source (pool, new)',
      labelNames: ['source'],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    expiries: new Counter({
      name: 'pagemap_worker_session_expiries_total',
      help: 'Sessions expired, by reason (idle, max_age)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    reapedWorkers: new Counter({
      name: 'pagemap_worker_reaped_workers_total',
      help: 'Dead workers whose sessions and queue this worker cleaned up',
      registers: [registry],
    }),
    memoryReclaims: new Counter({
      name: 'pagemap_worker_memory_reclaims_total',
      help: 'Full collections run after the worker went idle, to give unused heap back to the OS',
      registers: [registry],
    }),
    sessionsOpened: new Counter({
      name: 'pagemap_worker_sessions_opened_total',
      help: 'Sessions opened',
      registers: [registry],
    }),
    sessionsClosed: new Counter({
      name: 'pagemap_worker_sessions_closed_total',
      help: 'Sessions closed, by reason (deleted, idle, max_age, browser_crash, shutdown, open_failed, declared_gone, unlisted)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}

/** Jobs: run time, time per phase, time waiting in the queue. */
function jobMetrics(registry: Registry) {
  return {
    jobSeconds: new Histogram({
      name: 'pagemap_worker_job_run_seconds',
      help: 'Time a job ran on the worker, by kind and outcome',
      labelNames: ['kind', 'outcome'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    phaseSeconds: new Histogram({
      name: 'pagemap_worker_phase_seconds',
      help: 'Time a job spent in each phase (src/jobs/phases.ts lists them), per job that entered the phase',
      labelNames: ['phase'],
      buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
    queueWaitSeconds: new Histogram({
      name: 'pagemap_worker_queue_wait_seconds',
      help: 'Time a job waited in its queue before a worker took it, by kind',
      labelNames: ['kind'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [registry],
    }),
  };
}

/** What happened on pages: logins suspended, tool outcomes, batch stops, browser restarts, blocks, summaries, the page-map cache. */
function pageMetrics(registry: Registry) {
  return {
    loginSuspensions: new Counter({
      name: 'pagemap_worker_login_suspensions_total',
      help: 'Tenants whose login automation this worker suspended automatically, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    toolOutcomes: new Counter({
      name: 'pagemap_worker_tool_outcomes_total',
      help: 'Tools executed, by outcome code (ok or the error code)',
      labelNames: ['code'],
      registers: [registry],
    }),
    batchStops: new Counter({
      name: 'pagemap_worker_batch_stops_total',
      help: 'Batches that stopped early, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    browserRestarts: new Counter({
      name: 'pagemap_worker_browser_restarts_total',
      help: 'Chromium relaunches after a crash',
      registers: [registry],
    }),
    blocks: new Counter({
      name: 'pagemap_worker_blocks_total',
      help: 'Pages refused or blocked, by kind (challenge, access_denied, domain, outbound)',
      labelNames: ['kind'],
      registers: [registry],
    }),
    summarySeconds: new Histogram({
      name: 'pagemap_worker_summary_seconds',
      help: 'Time to summarize a page, by source (model, offline, fallback)',
      labelNames: ['source'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
      registers: [registry],
    }),
    summaryFallbacks: new Counter({
      name: 'pagemap_worker_summary_fallbacks_total',
      help: 'Summaries that fell back to the offline summarizer because the model failed or was slow',
      registers: [registry],
    }),
    cacheLookups: new Counter({
      name: 'pagemap_worker_pagemap_cache_total',
      help: 'Page-map cache lookups, by result (hit, miss, bypass)',
      labelNames: ['result'],
      registers: [registry],
    }),
  };
}

/** The queue consumers' health, and sessions closed because the service declared them gone. */
function consumerMetrics(registry: Registry) {
  return {
    queueConsumerUp: new Gauge({
      name: 'pagemap_worker_queue_consumer_up',
      help: 'Whether the consumer of a queue fetches jobs (1) or has stopped and waits for its restart (0), by queue (open, own)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    queueConsumerRestarts: new Counter({
      name: 'pagemap_worker_queue_consumer_restarts_total',
      help: 'Queue consumers replaced after they stopped, by queue (open, own)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    sessionsDeclaredGone: new Counter({
      name: 'pagemap_worker_sessions_declared_gone_total',
      help: 'Sessions closed because the service had declared them gone while this worker could not act (its heartbeat lapsed)',
      registers: [registry],
    }),
  };
}
