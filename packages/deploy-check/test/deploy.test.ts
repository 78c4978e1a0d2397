/**
 * deploy/ — what can be checked without Docker or a cluster (neither runs here): every YAML and
 * JSON file parses; the manifests hold the properties operations rely on; `promtool check rules`
 * passes when promtool is installed; every pagemap_* metric in the alert rules and the Grafana
 * dashboard exists in the gateway's or the worker's registry.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Registry } from 'prom-client';
import { createGatewayMetrics } from '@pagemap/gateway/dist/metrics';
import { createWorkerMetrics } from '@pagemap/worker/dist/metrics';
import { DEPLOY_DIR, REPO_ROOT } from '../src/paths';

type Json = Record<string, any>;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(DEPLOY_DIR);
const yamlFiles = files.filter((f) => /\.ya?ml$/.test(f));
const jsonFiles = files.filter((f) => f.endsWith('.json'));

function yamlDocs(file: string): Json[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const d of docs)
    if (d.errors.length) throw new Error(`${relative(REPO_ROOT, file)}: ${d.errors.map((e) => e.message).join('; ')}`);
  return docs.map((d) => d.toJS() as Json).filter((d) => d !== null);
}

const k8s = yamlFiles.filter((f) => f.includes(`${join('deploy', 'k8s')}`)).flatMap(yamlDocs);
const byKind = (kind: string, name?: string) =>
  k8s.filter((d) => d.kind === kind && (name === undefined || d.metadata?.name === name));

test('every YAML and JSON file in deploy/ parses', () => {
  expect(yamlFiles.length).toBeGreaterThanOrEqual(8);
  expect(jsonFiles.length).toBeGreaterThanOrEqual(1);
  for (const f of yamlFiles) expect(yamlDocs(f).length).toBeGreaterThan(0);
  for (const f of jsonFiles) expect(() => JSON.parse(readFileSync(f, 'utf8'))).not.toThrow();
});

test('Dockerfiles: multi-stage, non-root, Chromium from Debian in the worker, no browser download', () => {
  for (const name of ['Dockerfile.gateway', 'Dockerfile.worker']) {
    const text = readFileSync(join(DEPLOY_DIR, name), 'utf8');
    expect((text.match(/^FROM /gm) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/PUPPETEER_SKIP_DOWNLOAD=1/);
    expect(text).toMatch(/pnpm install --frozen-lockfile/);
  }
  const worker = readFileSync(join(DEPLOY_DIR, 'Dockerfile.worker'), 'utf8');
  expect(worker).toMatch(/apt-get install[^\n]*\bchromium\b/);
  expect(worker).toMatch(/PAGEMAP_CHROMIUM_PATH=\/usr\/lib\/chromium\/chromium-headless-shell/);
});

test('compose: Redis, a gateway, two workers, Prometheus and Grafana', () => {
  const [compose] = yamlDocs(join(DEPLOY_DIR, 'compose.yaml'));
  const services = Object.keys(compose!.services);
  expect(services).toEqual(
    expect.arrayContaining(['redis', 'gateway', 'worker-1', 'worker-2', 'prometheus', 'grafana']),
  );
  for (const w of ['worker-1', 'worker-2']) expect(compose!.services[w].environment.PAGEMAP_WORKER_ID).toBe(w);
  const prom = yamlDocs(join(DEPLOY_DIR, 'prometheus', 'prometheus.yml'))[0]!;
  const targets = prom.scrape_configs.flatMap((s: Json) => s.static_configs.flatMap((c: Json) => c.targets));
  expect(targets).toEqual(expect.arrayContaining(['gateway:8080', 'worker-1:9101', 'worker-2:9101']));
});

test('kubernetes: gateway Deployment + Service + HPA + PDB; worker drains, probes its own /health on 9101, has requests and a PDB', () => {
  expect(byKind('Deployment', 'pagemap-gateway')).toHaveLength(1);
  expect(byKind('Service', 'pagemap-gateway')).toHaveLength(1);
  expect(byKind('HorizontalPodAutoscaler', 'pagemap-gateway')).toHaveLength(1);
  expect(byKind('PodDisruptionBudget')).toHaveLength(2);
  expect(byKind('ConfigMap')).toHaveLength(1);
  expect(byKind('Secret')).toHaveLength(1);
  // Redis is external: no Redis workload in the manifests.
  expect(k8s.filter((d) => JSON.stringify(d.spec?.template?.spec?.containers ?? []).includes('redis:'))).toHaveLength(
    0,
  );

  for (const name of ['pagemap-gateway', 'pagemap-worker']) {
    const dep = byKind('Deployment', name)[0]!;
    const pod = dep.spec.template.spec;
    const c = pod.containers[0];
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(c.resources.requests.cpu).toBeDefined();
    expect(c.resources.requests.memory).toBeDefined();
    const portOf = (p: string | number) =>
      typeof p === 'number' ? p : c.ports.find((x: Json) => x.name === p).containerPort;
    // The worker's liveness leaves Redis out (/health/live), its readiness does not (/health/ready).
    const paths =
      name === 'pagemap-worker'
        ? { readinessProbe: '/health/ready', livenessProbe: '/health/live' }
        : { readinessProbe: '/health', livenessProbe: '/health' };
    for (const probe of ['readinessProbe', 'livenessProbe'] as const) {
      expect(c[probe].httpGet.path).toBe(paths[probe]);
      expect(portOf(c[probe].httpGet.port)).toBe(name === 'pagemap-worker' ? 9101 : 8080);
    }
  }
  const worker = byKind('Deployment', 'pagemap-worker')[0]!.spec.template.spec;
  expect(worker.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);
  const drain = worker.containers[0].env.find((e: Json) => e.name === 'PAGEMAP_DRAIN_TIMEOUT_MS');
  expect(Number(drain.value) / 1000).toBeLessThan(worker.terminationGracePeriodSeconds);
});

function findPromtool(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(join(dir, 'promtool'))) return join(dir, 'promtool');
  return existsSync('/usr/bin/promtool') ? '/usr/bin/promtool' : null;
}
const promtool = findPromtool();
if (!promtool) {
  // Debian's `prometheus` package provides promtool (~100 MB installed), so setup does not install it.
  process.stderr.write(
    'deploy-check: promtool not installed (apt-get install prometheus) — skipping `promtool check rules`\n',
  );
}
(promtool ? test : test.skip)('promtool check rules deploy/prometheus/alerts.yml', () => {
  const out = execFileSync(promtool!, ['check', 'rules', join(DEPLOY_DIR, 'prometheus', 'alerts.yml')], {
    encoding: 'utf8',
  });
  expect(out).toMatch(/SUCCESS/);
});

/** Every series name the registries expose, histogram/summary series included. */
async function knownMetricNames(): Promise<Set<string>> {
  const names = new Set<string>();
  const registries: Registry[] = [createGatewayMetrics().registry, createWorkerMetrics().registry];
  for (const r of registries) {
    for (const m of await r.getMetricsAsJSON()) {
      names.add(m.name);
      const type = String(m.type);
      if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(m.name + s);
      if (type === 'summary') for (const s of ['_sum', '_count']) names.add(m.name + s);
    }
  }
  return names;
}

function exprsOfRules(): string[] {
  const rules = yamlDocs(join(DEPLOY_DIR, 'prometheus', 'alerts.yml'))[0]!;
  return rules.groups.flatMap((g: Json) => g.rules.map((r: Json) => String(r.expr)));
}

function exprsOfDashboard(): string[] {
  const dash = JSON.parse(readFileSync(join(DEPLOY_DIR, 'grafana', 'dashboard.json'), 'utf8')) as Json;
  return dash.panels.flatMap((p: Json) => (p.targets ?? []).map((t: Json) => String(t.expr)));
}

test('every metric named in the alert rules and the dashboard exists in the code', async () => {
  const known = await knownMetricNames();
  expect(known.has('pagemap_http_requests_total')).toBe(true);
  const used = new Map<string, string>();
  for (const [where, exprs] of [
    ['alerts.yml', exprsOfRules()],
    ['dashboard.json', exprsOfDashboard()],
  ] as const) {
    expect(exprs.length).toBeGreaterThan(0);
    for (const e of exprs) for (const m of e.match(/\bpagemap_[a-z0-9_]+/g) ?? []) used.set(m, where);
  }
  const missing = [...used].filter(([name]) => !known.has(name)).map(([name, where]) => `${name} (${where})`);
  expect(missing).toEqual([]);
  expect(used.size).toBeGreaterThan(10);
});

test('the alert rules cover what operations needs, each with a runbook in docs/operations.md', () => {
  const rules = yamlDocs(join(DEPLOY_DIR, 'prometheus', 'alerts.yml'))[0]!.groups.flatMap(
    (g: Json) => g.rules,
  ) as Json[];
  const all = rules.map((r) => r.expr).join('\n');
  for (const needle of [
    'status=~"5.."',
    'pagemap_http_request_duration_seconds_bucket',
    'NO_CAPACITY',
    'pagemap_live_workers',
    'redis_up',
    'pagemap_worker_summary_fallbacks_total',
  ])
    expect(all).toContain(needle);
  const ops = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  for (const r of rules) {
    expect(r.annotations.runbook_url).toBe(
      `https://github.com/pagemap/pagemap/blob/main/docs/operations.md#${String(r.alert).toLowerCase()}`,
    );
    expect([r.alert, ops.includes(`### ${r.alert}`)]).toEqual([r.alert, true]);
  }
});
