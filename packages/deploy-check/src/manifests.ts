/**
 * Reads deploy/ the way the checks compare it: the compose services, the Kubernetes workloads
 * and the Dockerfiles' runtime stages, reduced to what both must agree on (image, port, probe
 * path, environment, security settings). test/compose-k8s.test.ts holds the comparisons.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEPLOY_DIR } from './paths';

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is untyped; each check reads what it needs
export type Json = Record<string, any>;

export function readYaml(relPath: string): Json[] {
  // merge: compose's `<<: *anchor` (YAML 1.1 merge keys) as compose implementations read it.
  const docs = parseAllDocuments(readFileSync(join(DEPLOY_DIR, relPath), 'utf8'), { merge: true });
  return docs.map((d) => d.toJS() as Json).filter((d) => d !== null);
}

/** The three images, under the names compose, Kubernetes and the Dockerfiles give them. */
export const APPS = [
  { app: 'gateway', compose: ['gateway'], k8s: 'pagemap-gateway', file: 'gateway.yaml' },
  { app: 'worker', compose: ['worker-1', 'worker-2'], k8s: 'pagemap-worker', file: 'worker.yaml' },
  { app: 'dashboard', compose: ['dashboard'], k8s: 'pagemap-dashboard', file: 'dashboard.yaml' },
] as const;

export const compose = (): Json => readYaml('compose.yaml')[0]!;

export function k8sDeployment(file: string, name: string): Json {
  const dep = readYaml(join('k8s', file)).find((d) => d.kind === 'Deployment' && d.metadata?.name === name);
  if (!dep) throw new Error(`no Deployment ${name} in deploy/k8s/${file}`);
  return dep;
}

/** Every variable a k8s container gets: its ConfigMap's keys (envFrom) and its own env. */
export function k8sEnv(container: Json): Map<string, string | undefined> {
  const env = new Map<string, string | undefined>();
  const config = readYaml(join('k8s', 'configmap.yaml')).find((d) => d.kind === 'ConfigMap')!;
  for (const from of container.envFrom ?? [])
    if (from.configMapRef?.name === config.metadata.name)
      for (const [k, v] of Object.entries(config.data)) env.set(k, String(v));
  for (const e of container.env ?? []) env.set(e.name, e.value === undefined ? undefined : String(e.value));
  return env;
}

/** The runtime (last) stage of a Dockerfile: its USER, EXPOSE, ENV and HEALTHCHECK URL. */
export function dockerRuntime(app: string): { user?: string; expose?: number; env: string; healthUrl?: string } {
  const text = readFileSync(join(DEPLOY_DIR, `Dockerfile.${app}`), 'utf8').replace(/\\\n/g, ' ');
  const stage = text.slice(text.lastIndexOf('\nFROM '));
  return {
    user: stage.match(/^USER (\S+)$/m)?.[1],
    expose: Number(stage.match(/^EXPOSE (\d+)$/m)?.[1]),
    env: (stage.match(/^ENV .*$/gm) ?? []).join(' '),
    healthUrl: stage.match(/^HEALTHCHECK .*?(http:\/\/127\.0\.0\.1:'\+\(process\.env\.\w+\|\|\d+\)\+'[^']+)/m)?.[1],
  };
}

/** Port and path of a `fetch('http://127.0.0.1:PORT/PATH')` health command. */
export function healthTarget(command: string): { port: number; path: string } | undefined {
  const m = command.match(/http:\/\/127\.0\.0\.1:(?:'\+\(process\.env\.\w+\|\|)?(\d+)\)?(?:\+')?(\/[\w/]*)/);
  return m ? { port: Number(m[1]), path: m[2]! } : undefined;
}

/** Seconds of a compose duration such as "80s" or "1m30s". */
export function seconds(duration: string): number {
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(h|m|s)/g)) total += Number(n) * { h: 3600, m: 60, s: 1 }[unit!]!;
  return total;
}
