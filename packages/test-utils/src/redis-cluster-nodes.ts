/**
 * The pieces of a test Redis Cluster below the handle: starting one node, asking nodes about the
 * cluster (`redis-cli`), and the conditions the start waits for (every slot covered, replicas in
 * sync). redis-cluster.ts puts them together.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePortPair, waitFor } from './ports';
import { redisServerBinary } from './redis-server';

/** A node of the cluster: its port and its process. */
export interface ClusterNode {
  port: number;
  pid: number;
  proc: ChildProcess;
}

const NODE_TIMEOUT_MS = 2000;

export function redisCliBinary(): string {
  return process.env.REDIS_CLI_BIN ?? 'redis-cli';
}

export function run(cmd: string, args: string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs }, (err, stdout, stderr) =>
      err ? reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}\n${stderr}\n${stdout}`)) : resolve(stdout),
    );
  });
}

export async function ping(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    disconnectTimeout: 0, // a refused probe must not leave ioredis's 2 s close timer behind (redis-server.ts)
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** One node's view: `CLUSTER SHARDS`-like summary from `CLUSTER NODES` (port → role, master port, health). */
export async function clusterNodes(
  port: number,
): Promise<
  Array<{ port: number; master: boolean; ok: boolean; masterId: string; id: string; slots: Array<[number, number]> }>
> {
  const text = await run(redisCliBinary(), ['-p', String(port), 'cluster', 'nodes'], 5_000);
  return text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id, addr, flags, masterId, , , , link, ...slots] = line.split(' ');
      return {
        id: id!,
        port: Number(addr!.split('@')[0]!.split(':')[1]),
        master: flags!.includes('master'),
        ok: !/fail|noaddr|handshake/.test(flags!) && link === 'connected',
        masterId: masterId!,
        slots: slots
          .filter((s) => /^\d+(-\d+)?$/.test(s))
          .map((s) => {
            const [a, b] = s.split('-').map(Number);
            return [a!, b ?? a!] as [number, number];
          }),
      };
    });
}

/** Starts one cluster-enabled `redis-server` on `port`, its files in `dir`. */
export function spawnClusterNode(
  port: number,
  dir: string,
  requireFullCoverage: boolean,
  persist: boolean,
): ChildProcess {
  return spawn(
    redisServerBinary(),
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      ...(persist ? ['--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no']),
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      'nodes.conf',
      '--cluster-node-timeout',
      String(NODE_TIMEOUT_MS),
      '--cluster-announce-ip',
      '127.0.0.1',
      '--cluster-require-full-coverage',
      requireFullCoverage ? 'yes' : 'no',
      '--cluster-replica-validity-factor',
      '0',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
}

/** Stops a node if it runs (a paused one is resumed first, so SIGTERM can act) and waits for its exit. */
export async function stopNode(n: ClusterNode, signal: NodeJS.Signals): Promise<void> {
  if (n.proc.exitCode !== null || n.proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => n.proc.once('exit', () => r()));
  n.proc.kill('SIGCONT');
  n.proc.kill(signal);
  await exited;
}

/** Kills every node still running (and waits for it to exit), then removes their directories. */
export async function stopNodes(nodes: ClusterNode[], dirs: string[]): Promise<void> {
  await Promise.all(nodes.map((n) => stopNode(n, 'SIGKILL')));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

/** Every live node reports `cluster_state:ok` and the live masters together serve all 16384 slots. */
export async function coversEverySlot(ports: number[], alive: Set<number>): Promise<boolean> {
  for (const p of ports.filter((x) => alive.has(x))) {
    const info = await run(redisCliBinary(), ['-p', String(p), 'cluster', 'info'], 5_000).catch(() => '');
    if (!/cluster_state:ok/.test(info)) return false;
  }
  const view = await clusterNodes([...alive][0]!).catch(() => []);
  const masters = view.filter((n) => n.master && n.ok && n.slots.length > 0);
  return masters.reduce((sum, m) => sum + m.slots.reduce((s, [a, b]) => s + b - a + 1, 0), 0) === 16384;
}

/** Every replica attached and in sync, so a failover has something to promote. */
export async function replicasInSync(port: number): Promise<boolean> {
  const view = await clusterNodes(port);
  const replicas = view.filter((n) => !n.master && n.ok);
  if (replicas.length !== 3) return false;
  for (const r of replicas) {
    const info = await run(redisCliBinary(), ['-p', String(r.port), 'info', 'replication'], 5_000);
    if (!/master_link_status:up/.test(info)) return false;
  }
  return true;
}

/** Joins the started nodes into a cluster (one replica per master) and waits until it serves. */
export async function formCluster(ports: number[], alive: Set<number>): Promise<void> {
  await Promise.all(ports.map((p) => waitFor(() => ping(p), 10_000, `cluster node on port ${p}`, 25)));
  await run(
    redisCliBinary(),
    ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'],
    60_000,
  );
  await waitFor(() => coversEverySlot(ports, alive), 30_000, 'the cluster to cover every slot', 100);
  await waitFor(() => replicasInSync(ports[0]!), 30_000, 'the replicas to sync', 100);
}

/** Where Redis puts a node's cluster bus: its port + 10000. */
const CLUSTER_BUS_OFFSET = 10_000;

/** Ports for `n` cluster nodes: each free with its cluster bus (port + 10000), none shared. */
export async function distinctFreePorts(n: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < n) ports.push(await freePortPair(CLUSTER_BUS_OFFSET));
  return ports;
}
