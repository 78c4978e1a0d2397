/**
 * GET /health — unauthenticated, for load-balancer probes. Without `deep=true` it answers from
 * this process alone (plus a best-effort session count); with `deep=true` it checks that Redis takes a write, that
 * at least one worker with a live browser is heart-beating, and the workers' summarizer.
 * A failing component makes `status` "fail" and the HTTP status 503. Shape: docs/api.md.
 */
import type { HealthRecord } from '@pagemap/contracts';
import { withTimeout } from '@pagemap/runtime';
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'get',
  path: '/health',
  access: 'public',
  async handler({ req, res, services }) {
    const { fleet, metrics, startedAt } = services;
    const deep = req.query.deep === 'true' || req.query.deep === '1';
    const uptime_s = Math.floor((Date.now() - startedAt) / 1000);
    const listed = await withTimeout(fleet.live(), 1000).catch(() => null);
    const workers = listed && !listed.timedOut ? listed.value : null;
    const active_sessions = workers ? workers.reduce((n, w) => n + w.sessions, 0) : 0;
    if (workers) {
      metrics.activeSessions.set(active_sessions);
      metrics.liveWorkers.set(workers.length);
    }
    if (!deep) {
      const record: HealthRecord = {
        status: 'ok',
        uptime_s,
        active_sessions,
        checks: { browser: 'unchecked', model: 'unchecked', datastore: 'unchecked' },
      };
      res.status(200).json(record);
      return;
    }
    const details: Record<string, string> = {};
    // A write, not a PING: Redis at maxmemory answers PING yet refuses what every request writes.
    const probe = await withTimeout(fleet.writable(`gateway.${process.pid}`), 1000).catch(() => null);
    const datastore = probe && !probe.timedOut && probe.value ? 'ok' : 'fail';
    if (datastore !== 'ok') details.datastore = 'Redis did not take a write within 1 s.';
    let browser = 'fail';
    let model = 'fail';
    if (workers && workers.length > 0) {
      const withBrowser = workers.filter((w) => w.browser === 1);
      browser = withBrowser.length > 0 ? 'ok' : 'fail';
      if (browser !== 'ok') details.browser = 'No live worker has a running browser.';
      const modelOk = workers.some((w) => w.summarizer === 'ok');
      model = modelOk ? 'ok' : 'fail';
      if (!modelOk) details.model = workers[0]?.summarizer ?? 'unknown';
    } else {
      details.browser = workers ? 'No worker is heart-beating.' : 'Worker heartbeats could not be read.';
      details.model = 'No worker to report the summarizer.';
    }
    const ok = datastore === 'ok' && browser === 'ok' && model === 'ok';
    const record: HealthRecord = {
      status: ok ? 'ok' : 'fail',
      uptime_s,
      active_sessions,
      checks: { browser, model, datastore },
      ...(ok ? {} : { details }),
    };
    res.status(ok ? 200 : 503).json(record);
  },
});
