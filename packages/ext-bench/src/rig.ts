/**
 * The bench rig: a real stack (gateway + worker + Redis + Chromium, loopback allowed) whose worker's
 * Chromium also listens on a loopback DevTools port for the probe, one static server per source,
 * and an API key. Used by the bench script and the CI subset.
 */
import { freePort, startStack, type Stack } from '@pagemap/test-utils';
import { PagemapApi } from '@pagemap/web-corpus';
import { PageProbe } from './probe';
import { startSourceServers, type SourceServer } from './server';

export interface BenchRig {
  stack: Stack;
  servers: Map<string, SourceServer>;
  api: PagemapApi;
  probe: PageProbe;
  stop(): Promise<void>;
}

export async function startBenchRig(): Promise<BenchRig> {
  const servers = await startSourceServers();
  const closeServers = () => Promise.all([...servers.values()].map((s) => s.close()));
  const debugPort = await freePort();
  let stack: Stack;
  try {
    stack = await startStack({
      workers: 1,
      gateways: 1,
      // The service's default heartbeat (1 s, TTL 5 s), not the tests' 250 ms / 1.5 s: the bench
      // measures pages, not lapses, and a full run beside other work once lost its sessions to a
      // heartbeat that lapsed under the load.
      env: { PAGEMAP_OUTBOUND_ALLOW: 'loopback', PAGEMAP_HEARTBEAT_MS: '1000', PAGEMAP_HEARTBEAT_TTL_MS: '5000' },
      workerEnv: {
        PAGEMAP_CHROMIUM_ARGS: `--remote-debugging-port=${debugPort} --remote-debugging-address=127.0.0.1`,
      },
    });
  } catch (err) {
    await closeServers();
    throw err;
  }
  const probe = new PageProbe(debugPort);
  const { apiKey } = await stack.tenant({ plan: 'builder' });
  return {
    stack,
    servers,
    api: new PagemapApi({ baseUrl: stack.url, apiKey }),
    probe,
    async stop() {
      await probe.close();
      await stack.stop();
      await closeServers();
    },
  };
}
