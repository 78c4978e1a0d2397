/**
 * The session directory and worker heartbeats in Redis: who owns which session, and which
 * workers are alive. Written by workers, read by gateways.
 */
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { KeySpace } from './names';

export const SessionEntry = z.object({
  tenant: z.string(),
  worker: z.string(),
  created_at: z.coerce.number(),
  last_seen_at: z.coerce.number(),
  expires_at: z.coerce.number(),
});
export type SessionEntry = z.infer<typeof SessionEntry>;

export const WorkerHeartbeat = z.object({
  id: z.string(),
  /** Most sessions the worker will hold open. */
  capacity: z.coerce.number(),
  /** Sessions open now. */
  sessions: z.coerce.number(),
  /** 1 when the browser is connected, 0 while it is being restarted. */
  browser: z.coerce.number(),
  /** 1 while the worker takes new sessions, 0 once it drains. */
  accepting: z.coerce.number(),
  /** 'ok' when the summarizer answers (model or offline), otherwise why not. */
  summarizer: z.string().default('ok'),
  at: z.coerce.number(),
  pid: z.coerce.number(),
});
export type WorkerHeartbeat = z.infer<typeof WorkerHeartbeat>;

export async function readSession(redis: Redis, keys: KeySpace, sessionId: string): Promise<SessionEntry | null> {
  const raw = await redis.hgetall(keys.session(sessionId));
  if (!raw || Object.keys(raw).length === 0) return null;
  const parsed = SessionEntry.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function readWorker(redis: Redis, keys: KeySpace, workerId: string): Promise<WorkerHeartbeat | null> {
  const raw = await redis.hgetall(keys.worker(workerId));
  if (!raw || Object.keys(raw).length === 0) return null;
  const parsed = WorkerHeartbeat.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Heartbeats of every worker that is alive now (its heartbeat key has not expired). */
export async function liveWorkers(redis: Redis, keys: KeySpace): Promise<WorkerHeartbeat[]> {
  const ids = await redis.zrange(keys.workers, 0, -1);
  const beats = await Promise.all(ids.map((id) => readWorker(redis, keys, id)));
  return beats.filter((b): b is WorkerHeartbeat => b !== null);
}
