/**
 * Fault matrix, Redis Cluster with `cluster-require-full-coverage no` (issue 26; cluster-stack.ts):
 * a master paused (SIGSTOP) past the node timeout and resumed — it comes back as a replica. On
 * resuming it answers, as the master it no longer is, the commands queued on its socket, then
 * drops those writes as it resyncs from its replica (usage was once one over here: the gateway's
 * settlements are confirmed after such a window, apps/gateway/src/usage/settlement-outbox.ts).
 * No hang, no 500, only retryable answers, serving again within 15 s of `cluster_state:ok`, usage
 * exactly the actions served, no session answered as gone still open.
 */
import { waitFor } from '@pagemap/test-utils';
import { BACK_WITHIN_MS, loadFor, useClusterStack, verdict, wholeAndServing } from './cluster-stack';
import { expectBackWithin } from './verdict';

const ctx = useClusterStack({ requireFullCoverage: false });

test('a master paused 8 s and resumed: it comes back as a replica, serving again within 15 s of cluster_state:ok', async () => {
  const { cluster } = ctx;
  const { load, key } = await loadFor(ctx);
  let okAt = 0;
  const port = (await cluster.masters())[0]!;
  const node = cluster.nodes.find((n) => n.port === port)!;
  try {
    process.kill(node.pid, 'SIGSTOP');
    // Past the node timeout (2 s): its replica is elected meanwhile.
    await waitFor(
      async () => {
        const masters = await cluster.masters().catch(() => [port]);
        return (masters.length === 3 && !masters.includes(port)) || undefined;
      },
      45_000,
      'the replica to take over',
      250,
    );
    process.kill(node.pid, 'SIGCONT');
    okAt = await wholeAndServing(cluster, load);
    // Back as a replica: once it has heard of the new epoch, no view lists it as a master.
    await waitFor(
      async () => !(await cluster.masters().catch(() => [port])).includes(port) || undefined,
      30_000,
      'the paused master to come back as a replica',
      250,
    );
    expectBackWithin(load, okAt, BACK_WITHIN_MS);
  } finally {
    process.kill(node.pid, 'SIGCONT');
    await verdict('cluster master paused', ctx, load, key, [{ okAt }]);
  }
}, 300_000);
