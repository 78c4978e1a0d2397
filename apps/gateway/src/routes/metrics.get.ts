/** GET /metrics — Prometheus text of the gateway's registry. */
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'get',
  path: '/metrics',
  access: 'public',
  async handler({ res, services }) {
    const { metrics, fleet } = services;
    const { registry } = metrics;
    // Fleet gauges from the workers' heartbeats, fresh at each scrape (skipped while Redis is down).
    const workers = await fleet.live().catch(() => null);
    if (workers) {
      metrics.activeSessions.set(workers.reduce((n, w) => n + w.sessions, 0));
      metrics.liveWorkers.set(workers.length);
    }
    res.setHeader('Content-Type', registry.contentType);
    res.status(200).send(await registry.metrics());
  },
});
