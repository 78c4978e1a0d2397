/** A fresh prom-client registry per process (never the global one), with default process metrics. */
import { Registry, collectDefaultMetrics } from 'prom-client';

export function createRegistry(app: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry, prefix: 'pagemap_' });
  return registry;
}
