/** The logger of one job: its request, tenant, session and target host on every line. */
import type { JobName } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { SessionRegistry } from '../sessions/registry';

/** Tenant and target host on every line of the job; never the path, query or tool params. */
export function jobLogger(
  log: Logger,
  registry: Pick<SessionRegistry, 'get'>,
  name: JobName,
  data: { requestId: string; tenantId: string; sessionId: string },
): Logger {
  const url = 'url' in data && typeof data.url === 'string' ? data.url : undefined;
  return log.child({
    requestId: data.requestId,
    tenantId: data.tenantId,
    sessionId: data.sessionId,
    job: name,
    host: hostOf(url) ?? sessionHost(registry, data.sessionId),
  });
}

/** Host of the page a session shows now, for follow-up and close jobs. */
function sessionHost(registry: Pick<SessionRegistry, 'get'>, sessionId: string): string | undefined {
  const page = registry.get(sessionId)?.page;
  return page && !page.isClosed() ? hostOf(page.url()) : undefined;
}

/** `host[:port]` of a URL, or undefined (no URL, about:blank, unparsable). */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
