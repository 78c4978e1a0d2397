/**
 * deploy/ against what production needs and the code does (static: no cluster or Docker here):
 * - the Chromium sandbox is on in the images (uid 1000, no --no-sandbox anywhere, a seccomp
 *   profile that allows user namespaces), shared memory in /tmp as the flags say, the headless
 *   shell with no calls home;
 * - worker pods carry no service-account token and may not reach private addresses;
 * - the gateway's drain outlasts the request deadline, and the grace period the drain;
 * - the alert rules name the jobs both shipped scrape configs produce, fire only on series that
 *   exist without extra exporters, and link runbooks absolutely.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { BASE_CHROMIUM_ARGS, CHROMIUM_CANDIDATES, chromiumArgs, findChromium } from '@pagemap/chromium';
import { DEPLOY_DIR, DOCS_DIR } from '../src/paths';

type Json = Record<string, any>;

// With YAML merge keys applied, as Compose does (worker-2 is `<<: *worker`).
const yamlDocs = (rel: string): Json[] =>
  parseAllDocuments(readFileSync(join(DEPLOY_DIR, rel), 'utf8'), { merge: true })
    .map((d) => d.toJS() as Json)
    .filter(Boolean);
const k8s = ['k8s/configmap.yaml', 'k8s/gateway.yaml', 'k8s/worker.yaml'].flatMap(yamlDocs);
const deployment = (name: string) => k8s.find((d) => d.kind === 'Deployment' && d.metadata.name === name)!;
const compose = yamlDocs('compose.yaml')[0]!;
const workerPod = deployment('pagemap-worker').spec.template.spec;
const gatewayPod = deployment('pagemap-gateway').spec.template.spec;
const envOf = (container: Json, name: string) =>
  container.env?.find((e: Json) => e.name === name)?.value as string | undefined;
const configMap = k8s.find((d) => d.kind === 'ConfigMap')!.data as Record<string, string>;

describe('the Chromium sandbox in the images', () => {
  const dockerfile = readFileSync(join(DEPLOY_DIR, 'Dockerfile.worker'), 'utf8');

  test('the worker image runs as uid 1000, so the launch flags keep the sandbox on', () => {
    // node:*-slim images' `node` user is uid 1000; the manifests pin the same uid.
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(workerPod.securityContext.runAsUser).toBe(1000);
    expect(workerPod.securityContext.runAsNonRoot).toBe(true);
    expect(chromiumArgs(1000)).not.toContain('--no-sandbox');
  });

  test('nothing in deploy/ turns the sandbox off', () => {
    for (const rel of ['Dockerfile.worker', 'compose.yaml', 'k8s/worker.yaml', 'k8s/configmap.yaml']) {
      const text = readFileSync(join(DEPLOY_DIR, rel), 'utf8')
        .split('\n')
        .filter((l) => !l.trim().startsWith('#'))
        .join('\n');
      expect([rel, /--no-sandbox/.test(text)]).toEqual([rel, false]);
    }
  });

  test('worker containers get the seccomp profile that allows user namespaces, and it still refuses the dangerous calls', () => {
    const profileFile = join(DEPLOY_DIR, 'seccomp', 'pagemap-chromium.json');
    const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Json;
    const denied = new Set<string>(
      profile.syscalls.filter((s: Json) => s.action === 'SCMP_ACT_ERRNO').flatMap((s: Json) => s.names),
    );
    expect(profile.defaultAction).toBe('SCMP_ACT_ALLOW');
    for (const call of ['clone', 'clone3', 'unshare', 'chroot'])
      expect([call, denied.has(call)]).toEqual([call, false]);
    for (const call of [
      'mount',
      'ptrace',
      'bpf',
      'keyctl',
      'kexec_load',
      'init_module',
      'setns',
      'userfaultfd',
      'process_vm_readv',
    ])
      expect([call, denied.has(call)]).toEqual([call, true]);

    const c = workerPod.containers[0];
    expect(c.securityContext.seccompProfile).toEqual({
      type: 'Localhost',
      localhostProfile: 'profiles/pagemap-chromium.json',
    });
    expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
    for (const w of ['worker-1', 'worker-2']) {
      const opts = compose.services[w].security_opt as string[];
      const seccomp = opts.find((o) => o.startsWith('seccomp='))!.slice('seccomp='.length);
      // Compose resolves it against the compose file's directory.
      expect(existsSync(join(DEPLOY_DIR, seccomp))).toBe(true);
      expect(join(DEPLOY_DIR, seccomp)).toBe(profileFile);
    }
  });

  test('shared memory: the flags put it in /tmp, so no /dev/shm volume or shm_size, and /tmp is a sized volume', () => {
    expect(BASE_CHROMIUM_ARGS).toContain('--disable-dev-shm-usage');
    const c = workerPod.containers[0];
    expect(c.volumeMounts.map((m: Json) => m.mountPath)).toEqual(['/tmp']);
    const tmp = workerPod.volumes.find((v: Json) => v.name === c.volumeMounts[0].name);
    expect(tmp.emptyDir.sizeLimit).toBeDefined();
    for (const w of ['worker-1', 'worker-2']) expect(compose.services[w].shm_size).toBeUndefined();
    const ops = readFileSync(join(DOCS_DIR, 'operations.md'), 'utf8');
    expect(ops).toContain('--disable-dev-shm-usage');
    expect(ops).not.toMatch(/memory-backed `\/dev\/shm`/);
  });

  test('the worker image runs the headless shell, and every launch keeps Chromium from calling Google', () => {
    expect(dockerfile).toMatch(/apt-get install[^\n]*\bchromium-headless-shell\b/);
    expect(dockerfile).not.toMatch(/apt-get install[^\n]* chromium /);
    const path = /PAGEMAP_CHROMIUM_PATH=(\S+)/.exec(dockerfile)![1]!;
    expect(CHROMIUM_CANDIDATES.map((c) => c.path)).toContain(path);
    expect(findChromium(path).headless).toBe('shell');
    for (const flag of [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--disable-client-side-phishing-detection',
      '--no-pings',
      '--disable-sync',
    ]) {
      expect(BASE_CHROMIUM_ARGS).toContain(flag);
    }
  });
});

/** Whether an IPv4 address is inside a CIDR. */
function inCidr(ip: string, cidr: string): boolean {
  const [net, bits] = cidr.split('/') as [string, string];
  if (net.includes(':') || ip.includes(':')) return false;
  const n = (a: string) => a.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(n(ip) / size) === Math.floor(n(net) / size);
}

describe('worker pods', () => {
  test('carry no service-account token', () => {
    expect(workerPod.automountServiceAccountToken).toBe(false);
    expect(gatewayPod.automountServiceAccountToken).toBe(false);
  });

  test('a NetworkPolicy lets worker egress reach public addresses, DNS and Redis — never a private range', () => {
    const policies = k8s.filter(
      (d) =>
        d.kind === 'NetworkPolicy' && d.spec.podSelector.matchLabels['app.kubernetes.io/name'] === 'pagemap-worker',
    );
    expect(policies).toHaveLength(1);
    const policy = policies[0]!.spec;
    expect(policy.policyTypes).toContain('Egress');
    const allows = (ip: string) =>
      policy.egress.some((rule: Json) =>
        (rule.to ?? []).some(
          (peer: Json) =>
            peer.ipBlock &&
            inCidr(ip, peer.ipBlock.cidr) &&
            !(peer.ipBlock.except ?? []).some((e: string) => inCidr(ip, e)),
        ),
      );
    for (const ip of [
      '10.0.0.1',
      '10.255.3.4',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect([ip, allows(ip)]).toEqual([ip, false]);
    for (const ip of ['1.1.1.1', '93.184.216.34', '172.32.0.1']) expect([ip, allows(ip)]).toEqual([ip, true]);
    const v6 = policy.egress.flatMap((r: Json) => (r.to ?? []).filter((p: Json) => p.ipBlock?.cidr === '::/0'));
    expect(v6).toHaveLength(1);
    expect(v6[0].ipBlock.except).toEqual(expect.arrayContaining(['::1/128', 'fc00::/7', 'fe80::/10']));
    // Every other rule names its peers by selector and is limited to its ports (DNS, Redis).
    for (const rule of policy.egress.filter((r: Json) => !(r.to ?? []).some((p: Json) => p.ipBlock))) {
      expect(rule.ports.length).toBeGreaterThan(0);
      for (const peer of rule.to) expect(peer.namespaceSelector ?? peer.podSelector).toBeDefined();
    }
  });
});

test("the gateway's drain outlasts the request deadline, and its grace period the preStop pause plus the drain", () => {
  const deadlineMs = Number(configMap.PAGEMAP_REQUEST_TIMEOUT_MS);
  expect(deadlineMs).toBeGreaterThan(0);
  const c = gatewayPod.containers[0];
  const drainMs = Number(envOf(c, 'PAGEMAP_DRAIN_TIMEOUT_MS'));
  expect(drainMs).toBeGreaterThan(deadlineMs);
  const preStopMs = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(c.lifecycle.preStop.exec.command.join(' '))![1]);
  expect(gatewayPod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(preStopMs + drainMs);
  // compose: the gateway's default deadline (60 s) against its drain and stop grace period.
  const g = compose.services.gateway;
  const composeDrain = Number(g.environment.PAGEMAP_DRAIN_TIMEOUT_MS);
  expect(composeDrain).toBeGreaterThan(Number(g.environment.PAGEMAP_REQUEST_TIMEOUT_MS ?? 60_000));
  expect(Number(/^(\d+)s$/.exec(g.stop_grace_period)![1]) * 1000).toBeGreaterThan(composeDrain);
});

describe('alert rules against the shipped scrape configs', () => {
  const rules = yamlDocs('prometheus/alerts.yml')[0]!.groups.flatMap((g: Json) => g.rules) as Json[];
  const jobsInRules = new Set(rules.flatMap((r) => [...String(r.expr).matchAll(/job="([^"]+)"/g)].map((m) => m[1]!)));

  test('the rules name pagemap-gateway and pagemap-worker, the jobs compose scrapes', () => {
    expect([...jobsInRules].sort()).toEqual(['pagemap-gateway', 'pagemap-worker']);
    const composeJobs = yamlDocs('prometheus/prometheus.yml')[0]!.scrape_configs.map((s: Json) => s.job_name);
    for (const j of jobsInRules) expect(composeJobs).toContain(j);
    for (const name of ['PagemapGatewayDown', 'PagemapWorkerHeartbeatsMissing'])
      expect(rules.find((r) => r.alert === name)).toBeDefined();
  });

  test('in Kubernetes the job label is the pod label app.kubernetes.io/name, which is the same job names', () => {
    const scrape = yamlDocs('prometheus/kubernetes.yml')[0]!.scrape_configs as Json[];
    const relabels = scrape.flatMap((s) => s.relabel_configs as Json[]);
    const jobRule = relabels.find((r) => r.target_label === 'job')!;
    expect(jobRule.source_labels).toEqual(['__meta_kubernetes_pod_label_app_kubernetes_io_name']);
    expect(jobRule.action ?? 'replace').toBe('replace');
    const podMonitor = yamlDocs('prometheus/podmonitor.yaml')[0]!;
    expect(podMonitor.spec.jobLabel).toBe('app.kubernetes.io/name');
    // The pods carry those label values, the annotations the config keeps, and the ports named.
    const k8sJobs = new Set<string>();
    for (const name of ['pagemap-gateway', 'pagemap-worker']) {
      const tpl = deployment(name).spec.template;
      k8sJobs.add(tpl.metadata.labels['app.kubernetes.io/name']);
      expect(tpl.metadata.annotations['prometheus.io/scrape']).toBe('true');
      expect(tpl.metadata.labels['app.kubernetes.io/part-of']).toBe('pagemap');
      const ports = tpl.spec.containers[0].ports.map((p: Json) => p.name);
      expect(podMonitor.spec.podMetricsEndpoints.some((e: Json) => ports.includes(e.port))).toBe(true);
    }
    for (const j of jobsInRules) expect(k8sJobs.has(j)).toBe(true);
  });

  test('absent() only on series Pagemap itself exports (no rule that fires forever without an exporter)', () => {
    for (const r of rules) {
      for (const m of String(r.expr).matchAll(/absent\(\s*([a-z_:][a-z0-9_:]*)/g))
        expect([r.alert, m[1]!.startsWith('pagemap_')]).toEqual([r.alert, true]);
    }
  });

  test('runbook links are absolute', () => {
    for (const r of rules)
      expect([r.alert, /^https:\/\/[^\s]+#[a-z]+$/.test(r.annotations.runbook_url)]).toEqual([r.alert, true]);
  });
});
