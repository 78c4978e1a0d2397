/**
 * The worker's own small HTTP server: probes and GET /metrics (Prometheus).
 * - GET /health/live — the process answers and its browser runs. Kubernetes restarts the pod when
 *   this fails, so it must not depend on Redis: a Redis outage of a minute would otherwise restart
 *   every worker and end every session.
 * - GET /health/ready and GET /health — liveness plus Redis reachable (readiness; compose's check).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { listen } from '@pagemap/runtime';

export interface WorkerHealth {
  status: 'ok' | 'fail';
  [key: string]: unknown;
}

export interface WorkerProbes {
  live: () => Promise<WorkerHealth>;
  ready: () => Promise<WorkerHealth>;
}

const PROBE_PATHS: Record<string, keyof WorkerProbes> = {
  '/health': 'ready',
  '/health/ready': 'ready',
  '/health/live': 'live',
};

export function startWorkerHttp(host: string, port: number, registry: Registry, probes: WorkerProbes): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { 'content-type': registry.contentType });
          res.end(text);
        },
        () => {
          res.writeHead(500).end();
        },
      );
      return;
    }
    const probe = req.method === 'GET' && path ? PROBE_PATHS[path] : undefined;
    if (probe) {
      probes[probe]().then(
        (h) => {
          res.writeHead(h.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
          res.end(JSON.stringify(h));
        },
        () => {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ status: 'fail' }));
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'NOT_FOUND', message: 'No such route.' }));
  });
  return listen(server, host, port, 'PAGEMAP_WORKER_PORT').then(() => server);
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
