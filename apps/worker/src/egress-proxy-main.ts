#!/usr/bin/env node
/**
 * The worker's egress proxy alone in its own process (the `pagemap-egress-proxy` command), for the
 * bench: raw puppeteer sent through it shows what the proxy costs a browse (latency, and CPU
 * measured on this process by /proc). Loopback is allowed, as in the bench's stack. Prints
 * `{"port":N,"args":[Chromium flags]}` once listening. A command rather than an import, so the
 * bench reaches the worker through its published interface, not its build output.
 */
import { EgressProxy } from './browser/egress-proxy';
import { OutboundGuard } from './browser/outbound-guard';

type Log = ConstructorParameters<typeof EgressProxy>[1];
const quiet = { info() {}, debug() {}, warn: console.warn, error: console.error } as unknown as Log;
const proxy = new EgressProxy(new OutboundGuard(['loopback']), quiet);
proxy.start().then(
  (port) => process.stdout.write(`${JSON.stringify({ port, args: proxy.chromiumArgs() })}\n`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
