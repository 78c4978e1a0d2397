/**
 * Fault matrix, Redis Cluster with `cluster-require-full-coverage yes`, Redis's default (issue 26;
 * cluster-stack.ts): kill -9 of each master in turn. The whole cluster refuses commands until each
 * failover is done; after each, the service serves again within 15 s of `cluster_state:ok` and
 * keeps serving; no hang, no 500, only retryable answers, usage exact, no session left.
 */
import { killEachMaster, useClusterStack } from './cluster-stack';

const ctx = useClusterStack({ requireFullCoverage: true });

test('kill -9 of each master in turn: serving again within 15 s of cluster_state:ok, and 20 s after', async () => {
  await killEachMaster(ctx, true);
}, 400_000);
