/**
 * The one place that decides whether an error means "the datastore (or the part of a cluster
 * holding this key) cannot answer right now". Every process asks it: the gateway answers such an
 * error `503 SERVICE_UNAVAILABLE` (retry), never `500`; the worker replies to its job the same way.
 *
 * An error counts when it, or an error it carries, is one of:
 * - the connection failing: closed, refused, reset, timed out, a reconnect that gave up;
 * - ioredis's cluster client giving up: a slot refresh that failed on every node
 *   (ClusterAllFailedError), too many redirections, the cluster not ready or disconnected;
 * - Redis refusing for now: CLUSTERDOWN, TRYAGAIN, MOVED/ASK left unfollowed (a pipeline or
 *   transaction whose commands failed differently is not retried by ioredis), MASTERDOWN,
 *   LOADING, BUSY, OOM under `noeviction`, READONLY after a demotion, UNBLOCKED (a blocked
 *   command whose node changed role), NOREPLICAS, MISCONF;
 * - BullMQ reporting a job's key or lock missing: a failover lost the job's last writes.
 *
 * Carried errors: EXECABORT's `previousErrors` (why ioredis's transaction was discarded),
 * ClusterAllFailedError's `lastNodeError`, `cause`, and an AggregateError's `errors`.
 * A script's refused write carries Redis's error inside its own message, so phrases are not
 * anchored to the start. Errors of our own making (WRONGTYPE, CROSSSLOT, a syntax error) do not
 * count: they are bugs to see as 500, not outages to retry.
 */
import { types } from 'node:util';

const UNAVAILABLE_PHRASES = [
  // the connection
  'Connection is closed',
  "Stream isn't writeable",
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'Socket timeout',
  'Ready check failed',
  'Reached the max retries',
  'enableOfflineQueue',
  'Command timed out',
  // the cluster client
  'Failed to refresh slots cache',
  'Too many Cluster redirections',
  'None of startup nodes is available',
  "Cluster isn't ready",
  'Cluster is disconnect',
  'Node is disconnected',
  'All nodes failed',
  // Redis, for now
  'CLUSTERDOWN',
  'TRYAGAIN',
  'MASTERDOWN',
  'LOADING Redis is loading',
  'BUSY Redis is busy',
  'OOM command not allowed',
  "READONLY You can't write",
  'UNBLOCKED',
  'NOREPLICAS',
  'MISCONF',
  // BullMQ: a job's key or lock that a failover lost
  'Missing key for job',
  'Missing lock for job',
];

const UNAVAILABLE = new RegExp(UNAVAILABLE_PHRASES.map(escape).join('|'), 'i');

/** A redirection ioredis did not follow: `MOVED <slot> <host:port>` / `ASK <slot> <host:port>`. */
const REDIRECTION = /^(MOVED|ASK) \d+ \S+/;

/** Error classes ioredis raises only when it gave up reaching Redis. */
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'ClusterAllFailedError']);

/** How deep carried errors are followed (a cycle of causes must not loop). */
const MAX_DEPTH = 4;

/**
 * Whether `err` means the datastore cannot answer right now: answered 503 SERVICE_UNAVAILABLE
 * (retry), never 500.
 */
export function isDatastoreUnavailable(err: unknown, depth = 0): boolean {
  // isNativeError as well: Node's own socket errors come from another realm under a test runner.
  if (!(err instanceof Error || types.isNativeError(err)) || depth > MAX_DEPTH) return false;
  if (UNAVAILABLE_NAMES.has(err.name) || UNAVAILABLE.test(err.message) || REDIRECTION.test(err.message)) return true;
  return carriedErrors(err).some((inner) => isDatastoreUnavailable(inner, depth + 1));
}

/** The errors an error carries: why a transaction was discarded, a cluster's last node error, a cause. */
function carriedErrors(err: Error): unknown[] {
  const e = err as Error & { previousErrors?: unknown; lastNodeError?: unknown; errors?: unknown };
  return [
    ...(Array.isArray(e.previousErrors) ? e.previousErrors : []),
    ...(Array.isArray(e.errors) ? e.errors : []),
    e.lastNodeError,
    e.cause,
  ];
}

function escape(phrase: string): string {
  return phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
