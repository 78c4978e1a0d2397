/**
 * Fault matrix, Redis Cluster with `cluster-require-full-coverage no` (issue 26; cluster-stack.ts),
 * an append-only file per node:
 * - kill -9 of each master in turn: after each, the service serves again within 15 s of
 *   `cluster_state:ok` and keeps serving (before, each worker's queue consumer died some seconds
 *   after a failover and never ran again);
 * - then, on the same cluster, the whole cluster restarted (every node shut down, the killed ones
 *   included, then started again on its data).
 * Each case: no hang, no 500, only retryable answers, usage exactly the actions served, no
 * session answered as gone still open.
 */
import { BACK_WITHIN_MS, killEachMaster, loadFor, useClusterStack, verdict, wholeAndServing } from './cluster-stack';
import { expectBackWithin } from './verdict';

const ctx = useClusterStack({ requireFullCoverage: false, persist: true });

test('kill -9 of each master in turn: serving again within 15 s of cluster_state:ok, and 20 s after', async () => {
  await killEachMaster(ctx, false);
}, 400_000);

test('the whole cluster restarted, the killed nodes too: serving again within 15 s of cluster_state:ok, tenants and usage intact', async () => {
  const { cluster } = ctx;
  const { load, key } = await loadFor(ctx);
  let okAt = 0;
  try {
    await cluster.restartAll();
    okAt = await wholeAndServing(cluster, load);
    expectBackWithin(load, okAt, BACK_WITHIN_MS);
  } finally {
    await verdict('cluster restarted whole', ctx, load, key, [{ okAt }]);
  }
}, 300_000);
