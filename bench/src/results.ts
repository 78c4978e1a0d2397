/** The shape of one bench run's results (bench/results/latest.json). */
import type { Stats } from './stats';
import type { AgentRound } from './agent';
import type { ProxyCost } from './proxy-cost';
import type { DatastoreComparison } from './datastore';
import type { IdleCost } from './idle-cost';
import type { PageWork } from './page-work';

type ByLevel = Record<number, Stats>;

export interface BenchResults {
  machine: Record<string, unknown>;
  quick: boolean;
  levels: number[];
  limit: Record<string, ByLevel>;
  service: Record<string, ByLevel>;
  pieces: Record<string, { extract: Stats; summarize: Stats; encode: Stats }>;
  overhead: Record<string, Stats>;
  memory: {
    gateway_idle_bytes?: number;
    worker_idle_bytes?: number;
    zero_sessions_bytes?: number;
    worker_idle_processes?: number;
    per_session?: Record<number, { tree_bytes: number; processes: number; per_session_bytes: number }>;
  };
  cache: { cold?: Stats; warm?: Stats; headers?: string };
  scale: { one_worker?: Stats; two_workers?: Stats };
  /** Issue 14: the agent cadence (rounds interleaving raw and service) and one in-page tool. */
  agent?: { thinkMs: number; concurrency: number; rounds: AgentRound[]; in_page_tool?: Stats };
  proxy?: ProxyCost;
  /** Issue 30: new sessions with idle sessions held open. */
  idle?: IdleCost;
  /** Issue 30: protocol messages, bytes and Chromium CPU per page. */
  pageWork?: Record<string, PageWork>;
  /** Issue 17: the same stack on a single Redis and on a Redis Cluster. */
  datastore?: DatastoreComparison;
}
