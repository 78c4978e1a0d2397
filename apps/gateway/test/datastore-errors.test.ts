/**
 * The datastore-error classifier (@pagemap/queue isDatastoreUnavailable), fed the errors a real
 * ioredis client raises against a real redis-server, standalone and cluster: each outage kind is
 * "unavailable" (the gateway's 503), each error of our own making is not (a 500 to see). The
 * gateway, the worker and the admin CLI all ask this one function.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { isDatastoreUnavailable } from '@pagemap/queue';
import {
  freePort,
  startRedis,
  startRedisCluster,
  waitFor,
  type RedisClusterHandle,
  type RedisHandle,
} from '@pagemap/test-utils';

/** The error a command rejects with (the test fails if it succeeds). */
async function rejection(command: Promise<unknown>): Promise<Error> {
  const outcome = await command.then(
    (value) => ({ value }),
    (err: unknown) => ({ err }),
  );
  if (!('err' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.err).toBeInstanceOf(Error);
  return outcome.err as Error;
}

const classified = (err: Error) => ({ message: err.message, unavailable: isDatastoreUnavailable(err) });
const unavailable = (err: Error) => expect(classified(err)).toEqual({ message: err.message, unavailable: true });
const ours = (err: Error) => expect(classified(err)).toEqual({ message: err.message, unavailable: false });

describe('standalone', () => {
  let server: RedisHandle;
  const clients: Redis[] = [];
  const client = (opts: RedisOptions = {}) => {
    const c = new Redis({ port: server.port, host: '127.0.0.1', lazyConnect: true, ...opts });
    c.on('error', () => undefined);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startRedis();
  });
  afterEach(async () => {
    await server.client.config('SET', 'maxmemory', '0');
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server?.stop();
  });

  test('a closed connection, a refused one, a reconnect that gave up, no offline queue', async () => {
    const closed = client();
    await closed.connect();
    closed.disconnect();
    unavailable(await rejection(closed.get('k')));

    const nobody = await freePort();
    const gaveUp = new Redis({ port: nobody, host: '127.0.0.1', maxRetriesPerRequest: 0, retryStrategy: () => 50 });
    gaveUp.on('error', () => undefined);
    clients.push(gaveUp);
    const maxRetries = await rejection(gaveUp.get('k'));
    expect(maxRetries.name).toBe('MaxRetriesPerRequestError');
    unavailable(maxRetries);

    const offline = new Redis({
      port: nobody,
      host: '127.0.0.1',
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    offline.on('error', () => undefined);
    clients.push(offline);
    const refused = await new Promise<Error>((resolve) => offline.once('error', resolve));
    unavailable(refused);
    unavailable(await rejection(offline.get('k')));
  });

  test('a stalled server: the command times out', async () => {
    const c = client({ commandTimeout: 300 });
    await c.connect();
    const pid = Number(/process_id:(\d+)/.exec(await server.client.info('server'))![1]);
    process.kill(pid, 'SIGSTOP');
    try {
      unavailable(await rejection(c.get('k')));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  test('out of memory under noeviction: a command, a script and a transaction refused', async () => {
    const c = client();
    await server.client.config('SET', 'maxmemory-policy', 'noeviction');
    await server.client.config('SET', 'maxmemory', '1');
    unavailable(await rejection(c.set(`${server.prefix}:oom`, 'x')));
    unavailable(await rejection(c.eval("return redis.call('SET', KEYS[1], 'x')", 1, `${server.prefix}:oom`)));
    // EXECABORT says only "previous errors": the OOM is in the errors it carries.
    const aborted = await rejection(c.multi().set(`${server.prefix}:oom`, 'x').exec());
    expect(aborted.message).toMatch(/^EXECABORT/);
    unavailable(aborted);
  });

  test('a server busy with a script', async () => {
    await server.client.config('SET', 'busy-reply-threshold', '50');
    const runner = client();
    const other = client();
    // Connected (its ready check, an INFO, answered) before the script runs: a client still
    // connecting when the server turns busy never gets past its ready check.
    await other.connect();
    const spinning = runner.eval('local i = 0 while true do i = i + 1 end', 0).catch((e: Error) => e);
    try {
      const busy = await waitFor(
        async () => {
          const err = await other.ping().then(
            () => undefined,
            (e: Error) => e,
          );
          return err?.message.startsWith('BUSY') ? err : undefined;
        },
        10_000,
        'a BUSY reply',
        50,
      );
      unavailable(busy);
    } finally {
      // Killed until it is gone, each time on a fresh connection whose first command is the kill
      // (no ready check: the busy server answers a ready check's INFO with BUSY, and the client's
      // commands wait behind it): under load, a kill queued so left the script spinning and every
      // later test of the file answered BUSY (CI, 2026-11-29).
      let gone = false;
      void spinning.then(() => {
        gone = true;
      });
      for (let tries = 0; !gone && tries < 100; tries++) {
        const killer = client({ commandTimeout: 1000, enableReadyCheck: false });
        await killer.call('SCRIPT', 'KILL').catch(() => undefined);
        killer.disconnect();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(gone).toBe(true);
    }
  });

  test('a replica refuses writes (READONLY)', async () => {
    const replica = await startRedis();
    try {
      await replica.client.call('REPLICAOF', '127.0.0.1', String(server.port));
      unavailable(await rejection(replica.client.set(`${replica.prefix}:k`, 'x')));
    } finally {
      await replica.stop();
    }
  });

  test('errors of our own making are not outages', async () => {
    const c = client();
    await c.set(`${server.prefix}:str`, 'x');
    ours(await rejection(c.hget(`${server.prefix}:str`, 'f')));
    ours(await rejection(c.call('NO-SUCH-COMMAND')));
    ours(await rejection(c.eval('return redis.call("INCR", KEYS[1])', 1, `${server.prefix}:str`)));
    expect(isDatastoreUnavailable('Connection is closed.')).toBe(false);
  });
});

describe('cluster', () => {
  let cluster: RedisClusterHandle;
  const clients: Array<Redis | Cluster> = [];

  beforeAll(async () => {
    cluster = await startRedisCluster({ requireFullCoverage: true });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await cluster?.stop();
  });

  /** A plain (non-cluster) connection to one node: it sees Redis's redirections and refusals raw. */
  const nodeClient = (port: number) => {
    const c = new Redis({ port, host: '127.0.0.1' });
    c.on('error', () => undefined);
    clients.push(c);
    return c;
  };

  test('a redirection left unfollowed (MOVED), a cluster down (CLUSTERDOWN), and the client giving up', async () => {
    const key = `${cluster.prefix}:{slot-a}`;
    // Not an outage: keys of two slots in one command (asked while every slot is served).
    const whole = nodeClient(await cluster.masterOf(`${cluster.prefix}:{slot-b}`));
    ours(await rejection(whole.mset(`${cluster.prefix}:{slot-b}`, 'x', `${cluster.prefix}:{slot-c}`, 'y')));

    const owner = await cluster.masterOf(key);
    const other = (await cluster.masters()).find((p) => p !== owner)!;
    unavailable(await rejection(nodeClient(other).set(key, 'x')));
    // A transaction whose commands were redirected: what the worker's session write (MULTI) gets
    // once ioredis stops following a failover's MOVED storm. EXECABORT carries the MOVEDs.
    const discarded = await rejection(nodeClient(other).multi().hset(key, 'f', 'v').pexpire(key, 1000).exec());
    expect(discarded.message).toMatch(/^EXECABORT/);
    unavailable(discarded);

    // A key the surviving master serves, and a cluster client that knows the slots, both ready.
    let live = '';
    for (let i = 0; !live; i++)
      if ((await cluster.masterOf(`${cluster.prefix}:{live-${i}}`)) === other) live = `${cluster.prefix}:{live-${i}}`;
    const client = new Cluster([{ host: '127.0.0.1', port: other }], {
      maxRedirections: 2,
      retryDelayOnClusterDown: 20,
    });
    client.on('error', () => undefined);
    clients.push(client);
    await client.set(live, 'x');

    // Master and replica of one slot range both killed: with full coverage required, the whole
    // cluster refuses (deterministically: nobody can take the range over).
    const { replica } = await cluster.killMasterOf(key);
    const replicaNode = cluster.nodes.find((n) => n.port === replica)!;
    const replicaGone = new Promise((r) => replicaNode.proc.once('exit', r));
    replicaNode.proc.kill('SIGKILL');
    await replicaGone;
    const survivor = nodeClient(other);
    const down = await waitFor(
      async () => {
        const err = await survivor.set(live, 'x').then(
          () => undefined,
          (e: Error) => e,
        );
        return err?.message.startsWith('CLUSTERDOWN') ? err : undefined;
      },
      30_000,
      'CLUSTERDOWN',
      100,
    );
    unavailable(down);

    // ioredis's cluster client retries CLUSTERDOWN, then gives up with its own error.
    const gaveUp = await rejection(client.set(live, 'y'));
    expect(gaveUp.message).toMatch(/Too many Cluster redirections/);
    unavailable(gaveUp);
  }, 90_000);
});
