/**
 * A real Redis Cluster for one test file: six `redis-server` processes on free loopback ports
 * (3 masters, 3 replicas, one replica per master), joined with `redis-cli --cluster create`,
 * torn down by pid. Short node timeout so a killed master's replica takes over in seconds, and
 * `cluster-require-full-coverage no` so the other masters keep serving meanwhile (the setting
 * docs/operations.md recommends).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { freePort, waitFor } from './ports';
import { redisServerBinary } from './redis-server';

export interface ClusterNode {
  port: number;
  pid: number;
  proc: ChildProcess;
}

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

const NODE_TIMEOUT_MS = 2000;

export function redisCliBinary(): string {
  return process.env.REDIS_CLI_BIN ?? 'redis-cli';
}

function run(cmd: string, args: string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: timeoutMs }, (err, stdout, stderr) =>
      err ? reject(new Error(`${cmd} ${args.join(' ')}: ${err.message}\n${stderr}\n${stdout}`)) : resolve(stdout),
    );
  });
}

async function ping(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
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
async function clusterNodes(
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
  const stopAll = async () => {
    await Promise.all(nodes.map((n) => stopNode(n, 'SIGKILL')));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  const persistence = opts.persist ? ['--appendonly', 'yes', '--appendfsync', 'everysec'] : ['--appendonly', 'no'];
  const launch = (node: ClusterNode, dir: string) => {
    const proc = spawn(
      redisServerBinary(),
      [
        '--port',
        String(node.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        ...persistence,
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        String(NODE_TIMEOUT_MS),
        '--cluster-announce-ip',
        '127.0.0.1',
        '--cluster-require-full-coverage',
        opts.requireFullCoverage ? 'yes' : 'no',
        '--cluster-replica-validity-factor',
        '0',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    node.proc = proc;
    node.pid = proc.pid!;
    alive.add(node.port);
    proc.once('exit', () => alive.delete(node.port));
  };
  try {
    for (const port of ports) {
      const dir = mkdtempSync(join(tmpdir(), 'pagemap-cluster-'));
      dirs.push(dir);
      const node = { port } as ClusterNode;
      launch(node, dir);
      nodes.push(node);
    }
    await Promise.all(ports.map((p) => waitFor(() => ping(p), 10_000, `cluster node on port ${p}`, 25)));
    await run(
      redisCliBinary(),
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'],
      60_000,
    );
    const covered = async () => {
      for (const p of ports.filter((x) => alive.has(x))) {
        const info = await run(redisCliBinary(), ['-p', String(p), 'cluster', 'info'], 5_000).catch(() => '');
        if (!/cluster_state:ok/.test(info)) return false;
      }
      const view = await clusterNodes([...alive][0]!).catch(() => []);
      const masters = view.filter((n) => n.master && n.ok && n.slots.length > 0);
      return masters.reduce((sum, m) => sum + m.slots.reduce((s, [a, b]) => s + b - a + 1, 0), 0) === 16384;
    };
    await waitFor(covered, 30_000, 'the cluster to cover every slot', 100);
    // Every replica attached and in sync, so a failover has something to promote.
    await waitFor(
      async () => {
        const view = await clusterNodes(ports[0]!);
        const replicas = view.filter((n) => !n.master && n.ok);
        if (replicas.length !== 3) return false;
        for (const r of replicas) {
          const info = await run(redisCliBinary(), ['-p', String(r.port), 'info', 'replication'], 5_000);
          if (!/master_link_status:up/.test(info)) return false;
        }
        return true;
      },
      30_000,
      'the replicas to sync',
      100,
    );
    const url = ports.map((p) => `redis://127.0.0.1:${p}`).join(',');
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
      url,
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
        await waitFor(covered, timeoutMs, 'the cluster to cover every slot again', 100);
      },
      async restartAll(downMs = 0) {
        await Promise.all(nodes.map((n) => stopNode(n, 'SIGTERM')));
        if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
        nodes.forEach((n, i) => launch(n, dirs[i]!));
        await Promise.all(ports.map((p) => waitFor(() => ping(p), 30_000, `cluster node on port ${p}`, 50)));
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        client.disconnect();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/** Stops a node if it runs (a paused one is resumed first, so SIGTERM can act) and waits for its exit. */
async function stopNode(n: ClusterNode, signal: NodeJS.Signals): Promise<void> {
  if (n.proc.exitCode !== null || n.proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => n.proc.once('exit', () => r()));
  n.proc.kill('SIGCONT');
  n.proc.kill(signal);
  await exited;
}

async function distinctFreePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  // A cluster bus listens on port + 10000: keep both below 65536 and distinct.
  while (ports.size < n) {
    const p = await freePort();
    if (p + 10_000 < 65_536) ports.add(p);
  }
  return [...ports];
}
