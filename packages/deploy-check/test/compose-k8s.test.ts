/**
 * deploy/compose.yaml is what the deploy test (deploy/test/run.sh) runs for real; deploy/k8s is
 * not run anywhere here. These checks hold the Kubernetes manifests to what the compose run
 * proves: the same images, ports, probe paths, environment and security settings, and the same
 * Prometheus jobs. A change on one side only fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPS,
  compose,
  dockerRuntime,
  healthTarget,
  type Json,
  k8sDeployment,
  k8sEnv,
  readYaml,
  seconds,
} from '../src/manifests';
import { DEPLOY_DIR } from '../src/paths';

const services = compose().services as Json;
const podOf = (a: (typeof APPS)[number]) => k8sDeployment(a.file, a.k8s).spec.template.spec as Json;
const containerOf = (a: (typeof APPS)[number]) => podOf(a).containers[0] as Json;
const composeHealth = (service: string) => healthTarget(String(services[service].healthcheck.test.at(-1)));

describe.each(APPS)('$app: compose and Kubernetes agree', (a) => {
  const c = containerOf(a);

  test('one image name: pagemap/<app>, the same tag for all three in Kubernetes', () => {
    for (const s of a.compose) expect(services[s].image).toBe(`pagemap/${a.app}:local`);
    expect(c.image).toMatch(new RegExp(`(^|/)pagemap/${a.app}:[\\w.-]+$`));
    const tags = APPS.map((x) => containerOf(x).image.split(':').at(-1));
    expect(new Set(tags).size).toBe(1);
  });

  test('one port and one liveness path: compose health check, Dockerfile, Kubernetes probes', () => {
    const health = composeHealth(a.compose[0])!;
    expect(health).toBeDefined();
    const docker = dockerRuntime(a.app);
    expect(docker.expose).toBe(health.port);
    expect(healthTarget(docker.healthUrl ?? '')).toEqual(health);
    const port = c.ports[0];
    expect(port.containerPort).toBe(health.port);
    const portOf = (p: string | number) =>
      typeof p === 'number' ? p : c.ports.find((x: Json) => x.name === p).containerPort;
    expect([c.livenessProbe.httpGet.path, portOf(c.livenessProbe.httpGet.port)]).toEqual([health.path, health.port]);
    expect(portOf(c.readinessProbe.httpGet.port)).toBe(health.port);
    expect(k8sDeployment(a.file, a.k8s).spec.template.metadata.annotations['prometheus.io/port']).toBe(
      String(health.port),
    );
  });

  test('every variable compose sets is set in Kubernetes, with the same value where it is not site-specific', () => {
    const env = k8sEnv(c);
    // Addresses differ by nature (service names, public URLs); everything else must match.
    const siteSpecific = /^(REDIS_URL|PAGEMAP_\w*_URL|PAGEMAP_DOCS_ORIGIN)$/;
    for (const s of a.compose) {
      for (const [name, value] of Object.entries(services[s].environment as Json)) {
        expect([name, env.has(name)]).toEqual([name, true]);
        const literal = !String(value).includes('${') && !siteSpecific.test(name) && name !== 'PAGEMAP_WORKER_ID';
        if (literal) expect([name, env.get(name)]).toEqual([name, String(value)]);
      }
    }
  });

  test('the same security settings: uid 1000, no privilege escalation, no capabilities, read-only root where compose has it', () => {
    const pod = podOf(a);
    expect(dockerRuntime(a.app).user).toBe('node'); // uid 1000 in the node image (and its stand-in)
    expect([pod.securityContext.runAsNonRoot, pod.securityContext.runAsUser]).toEqual([true, 1000]);
    expect(pod.automountServiceAccountToken === false || a.app === 'dashboard').toBe(true);
    for (const s of a.compose) {
      const svc = services[s];
      expect(svc.security_opt).toContain('no-new-privileges:true');
      expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(svc.cap_drop).toEqual(['ALL']);
      expect(c.securityContext.capabilities.drop).toEqual(['ALL']);
      expect(Boolean(c.securityContext.readOnlyRootFilesystem)).toBe(Boolean(svc.read_only));
      const seccomp = (svc.security_opt as string[]).find((o) => o.startsWith('seccomp='));
      const profile = c.securityContext.seccompProfile;
      if (seccomp) expect(`profiles/${seccomp.split('/').at(-1)}`).toBe(profile.localhostProfile);
      else expect(profile?.type ?? pod.securityContext.seccompProfile.type).toBe('RuntimeDefault');
    }
  });

  test('stop grace periods match', () => {
    const grace = services[a.compose[0]].stop_grace_period;
    const k8sGrace = podOf(a).terminationGracePeriodSeconds;
    if (grace === undefined) expect(k8sGrace ?? 30).toBeLessThanOrEqual(30);
    else expect(k8sGrace).toBe(seconds(grace));
  });
});

test("the README's one-off admin Job uses the gateway Deployment's image", () => {
  const readme = readFileSync(join(DEPLOY_DIR, 'README.md'), 'utf8');
  const gateway = APPS.find((a) => a.app === 'gateway')!;
  expect(readme.match(/^\s+image: (\S+)/m)?.[1]).toBe(containerOf(gateway).image);
});

test('secrets: every secret compose requires is a key of the Kubernetes Secret example', () => {
  const text = readFileSync(join(DEPLOY_DIR, 'compose.yaml'), 'utf8').replace(/^\s*#.*$/gm, '');
  const secret = readYaml(join('k8s', 'secret.example.yaml')).find((d) => d.kind === 'Secret')!;
  const keys = Object.keys(secret.stringData);
  for (const [, name] of text.matchAll(/\$\{(\w+)[?}]/g))
    if (!name!.startsWith('GRAFANA')) expect([name, keys.includes(name!)]).toEqual([name, true]);
});

test('Prometheus: the Kubernetes PodMonitor scrapes the pods compose scrapes, under the same job names and path', () => {
  const prom = readYaml(join('prometheus', 'prometheus.yml'))[0]!;
  const jobs = new Map<string, Json>(prom.scrape_configs.map((s: Json) => [s.job_name, s]));
  const monitor = readYaml(join('prometheus', 'podmonitor.yaml'))[0]!;
  const selector = monitor.spec.selector.matchLabels as Json;
  for (const a of APPS) {
    const dep = k8sDeployment(a.file, a.k8s);
    const labels = dep.spec.template.metadata.labels as Json;
    const selected = Object.entries(selector).every(([k, v]) => labels[k] === v);
    // The job is the pod's app.kubernetes.io/name (jobLabel) in Kubernetes, the job_name in compose.
    const job = labels[monitor.spec.jobLabel];
    expect([a.app, selected, jobs.has(job)]).toEqual([a.app, true, true]);
    const ports = containerOf(a).ports.map((p: Json) => p.name);
    const endpoint = monitor.spec.podMetricsEndpoints.find((e: Json) => ports.includes(e.port));
    expect(endpoint?.path).toBe(jobs.get(job)!.metrics_path ?? '/metrics');
    const port = String(composeHealth(a.compose[0])!.port);
    const targets = jobs.get(job)!.static_configs.flatMap((s: Json) => s.targets) as string[];
    expect(targets.sort()).toEqual(a.compose.map((s) => `${s}:${port}`).sort());
  }
});

test('NetworkPolicy: the workers may reach Redis on the port both REDIS_URLs name, and DNS', () => {
  const policy = readYaml(join('k8s', 'worker.yaml')).find((d) => d.kind === 'NetworkPolicy')!;
  const worker = APPS.find((a) => a.app === 'worker')!;
  const labels = k8sDeployment(worker.file, worker.k8s).spec.template.metadata.labels as Json;
  expect(Object.entries(policy.spec.podSelector.matchLabels).every(([k, v]) => labels[k] === v)).toBe(true);
  const allowed = policy.spec.egress.flatMap((rule: Json) => (rule.ports ?? []).map((p: Json) => p.port));
  const redisPorts = [services['worker-1'].environment.REDIS_URL, k8sEnv(containerOf(worker)).get('REDIS_URL')].map(
    (u) => Number(new URL(String(u)).port || 6379),
  );
  for (const p of [...redisPorts, 53]) expect(allowed).toContain(p);
});
