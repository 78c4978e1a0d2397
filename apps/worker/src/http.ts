/** The worker's own small HTTP server: GET /health (for probes) and GET /metrics (Prometheus). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface WorkerHealth {
  status: 'ok' | 'fail';
  [key: string]: unknown;
}

export function startWorkerHttp(host: string, port: number, registry: Registry, health: () => Promise<WorkerHealth>): Promise<Server> {
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
    if (req.method === 'GET' && path === '/health') {
      health().then(
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
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
