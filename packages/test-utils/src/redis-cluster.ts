/**
 * A real Redis Cluster for one test file: six `redis-server` processes on free loopback ports
 * (3 masters, 3 replicas, one replica per master), joined with `redis-cli --cluster create`,
 * torn down by pid. Short node timeout so a killed master's replica takes over in seconds, and
 * `cluster-require-full-coverage no` so the other masters keep serving meanwhile (the setting
 * docs/operations.md recommends).
 *
 * The nodes, the questions asked of them and the conditions waited for are in
 * redis-cluster-nodes.ts; this module starts the cluster and hands out its handle.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import { waitFor } from './ports';
import {
  type ClusterNode,
  clusterNodes,
  coversEverySlot,
  distinctFreePorts,
  formCluster,
  ping,
  redisCliBinary,
  run,
  spawnClusterNode,
  stopNode,
  stopNodes,
} from './redis-cluster-nodes';

export { type ClusterNode, redisCliBinary } from './redis-cluster-nodes';

export interface RedisClusterHandle {
  mode: 'cluster';
  /** Every node as a seed, comma-separated: what REDIS_URL gets with PAGEMAP_REDIS_MODE=cluster. */
  url: string;
  /** A key prefix unique to this handle. */
  prefix: string;
  /** A cluster client for assertions (closed by stop()). */
  client: Cluster;
  nodes: ClusterNode[];
  /** The port of the master serving `key`'s slot now. */
  masterOf(key: string): Promise<number>;
  /** Ports of the live masters serving slots now. */
  masters(): Promise<number[]>;
  /**
   * kill -9 of the master serving `key`'s slot; resolves with its port and the replica's, at once
   * (not waiting for the failover).
   */
  killMasterOf(key: string): Promise<{ killed: number; replica: number }>;
  /** Waits until every slot is served by a live master (after a failover). */
  waitCovered(timeoutMs?: number): Promise<void>;
  /**
   * The whole cluster restarted, as an operator does: every node still running is shut down
   * (SIGTERM: it writes its data out), then every node, killed ones included, is started again on
   * its port and directory. Resolves once all answer; the cluster may not cover every slot yet.
   * Keeps data only with `persist`.
   */
  restartAll(downMs?: number): Promise<void>;
  /** Kills every node still running and removes their directories. Idempotent. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * `cluster-require-full-coverage`: `no` (the default here, and docs/operations.md's advice)
   * keeps the other masters serving while one fails over; `yes` (Redis's default) stops the
   * whole cluster meanwhile.
   */
  requireFullCoverage?: boolean;
  /** An append-only file per node (fsync every second), so data outlives restartAll(). */
  persist?: boolean;
}

export async function startRedisCluster(opts: ClusterOptions = {}): Promise<RedisClusterHandle> {
  const ports = await distinctFreePorts(6);
  const dirs: string[] = [];
  const nodes: ClusterNode[] = [];
  const alive = new Set<number>();
  const stopAll = () => stopNodes(nodes, dirs);
  const launch = (node: ClusterNode, dir: string) => {
    const proc = spawnClusterNode(node.port, dir, opts.requireFullCoverage ?? false, opts.persist ?? false);
    node.proc = proc;
    node.pid = proc.pid!;
    alive.add(node.port);
    proc.once('exit', () => alive.delete(node.port));
  };
  const restartAll = async (downMs = 0) => {
    await Promise.all(nodes.map((n) => stopNode(n, 'SIGTERM')));
    if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
    nodes.forEach((n, i) => launch(n, dirs[i]!));
    await Promise.all(ports.map((p) => waitFor(() => ping(p), 30_000, `cluster node on port ${p}`, 50)));
  };
  try {
    for (const port of ports) {
      const dir = mkdtempSync(join(tmpdir(), 'pagemap-cluster-'));
      dirs.push(dir);
      const node = { port } as ClusterNode;
      launch(node, dir);
      nodes.push(node);
    }
    await formCluster(ports, alive);
    const client = await connectClusterClient(ports);
    return clusterHandle({ ports, nodes, alive, client, stopAll, restartAll });
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** A cluster client for the test's assertions, ready. */
async function connectClusterClient(ports: number[]): Promise<Cluster> {
  const client = new Cluster(
    ports.map((port) => ({ host: '127.0.0.1', port })),
    {
      redisOptions: { maxRetriesPerRequest: 3 },
      clusterRetryStrategy: (n) => Math.min(n * 50, 500),
      slotsRefreshInterval: 1000,
    },
  );
  client.on('error', () => undefined);
  await waitFor(() => client.status === 'ready', 10_000, 'a cluster client', 25);
  return client;
}

/** The handle of a started cluster: where it is, what serves a key now, and the faults a test injects. */
function clusterHandle(c: {
  ports: number[];
  nodes: ClusterNode[];
  alive: Set<number>;
  client: Cluster;
  stopAll: () => Promise<void>;
  restartAll: (downMs?: number) => Promise<void>;
}): RedisClusterHandle {
  const { ports, nodes, alive, client, stopAll, restartAll } = c;
  const masterOf = async (key: string) => {
    const slot = Number(await run(redisCliBinary(), ['-p', String([...alive][0]), 'cluster', 'keyslot', key], 5_000));
    const view = await clusterNodes([...alive][0]!);
    const m = view.find((n) => n.master && n.ok && n.slots.some(([a, b]) => slot >= a && slot <= b));
    if (!m) throw new Error(`no live master serves slot ${slot}`);
    return m.port;
  };
  let stopped = false;
  return {
    mode: 'cluster',
    url: ports.map((p) => `redis://127.0.0.1:${p}`).join(','),
    prefix: `t${randomBytes(5).toString('hex')}`,
    client,
    nodes,
    masterOf,
    async masters() {
      // Asked of the first node that answers: a paused node does not.
      for (const port of alive) {
        const view = await clusterNodes(port).catch(() => undefined);
        if (view) return view.filter((n) => n.master && n.ok && n.slots.length > 0).map((n) => n.port);
      }
      throw new Error('no cluster node answers');
    },
    async killMasterOf(key) {
      const port = await masterOf(key);
      const view = await clusterNodes(port);
      const me = view.find((n) => n.port === port)!;
      const replica = view.find((n) => !n.master && n.masterId === me.id);
      const node = nodes.find((n) => n.port === port)!;
      const exited = new Promise<void>((r) => node.proc.once('exit', () => r()));
      node.proc.kill('SIGKILL');
      await exited;
      return { killed: port, replica: replica?.port ?? -1 };
    },
    waitCovered: async (timeoutMs = 30_000) => {
      await waitFor(() => coversEverySlot(ports, alive), timeoutMs, 'the cluster to cover every slot again', 100);
    },
    restartAll,
    async stop() {
      if (stopped) return;
      stopped = true;
      client.disconnect();
      await stopAll();
    },
  };
}
