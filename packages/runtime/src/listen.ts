/**
 * Binding a process's HTTP port with a failure an operator can act on: a taken port says
 * "port N is in use" (and the process exits 1) instead of a stack trace from whatever touched the
 * missing address next.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

/** The operator's sentence for a failed `listen` on `host:port`. */
export function describeListenError(err: unknown, host: string, port: number, setting: string): ListenError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE')
    return new ListenError(
      `port ${port} is in use (${where}); stop what holds it or set ${setting} to a free port`,
      code,
    );
  if (code === 'EACCES')
    return new ListenError(
      `no permission to listen on port ${port} (${where}); use a port above 1023 or set ${setting}`,
      code,
    );
  if (code === 'EADDRNOTAVAIL')
    return new ListenError(`cannot listen on ${where}: the address is not on this machine`, code);
  return new ListenError(`cannot listen on ${where}: ${err instanceof Error ? err.message : String(err)}`, code);
}

/** Listens on `host:port`; resolves with the bound port, rejects with a ListenError. */
export function listen(server: Server, host: string, port: number, setting: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: unknown) => reject(describeListenError(err, host, port, setting));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Ends a process that could not start: one plain line on stderr (logs may be async), exit 1. */
export function exitOnStartError(name: string, err: unknown): never {
  process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
