/** GET /metrics — Prometheus text of the gateway's registry. */
import { defineRoute } from '../http/route';

export default defineRoute({
  method: 'get',
  path: '/metrics',
  access: 'public',
  async handler({ res, services }) {
    const { registry } = services.metrics;
    res.setHeader('Content-Type', registry.contentType);
    res.status(200).send(await registry.metrics());
  },
});
