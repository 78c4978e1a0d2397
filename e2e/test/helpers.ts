/**
 * The set-up most API suites share: the loopback fixture site, a real stack (one gateway, one
 * worker, Redis), and Builder-plan tenants with keys; everything stopped after the file.
 */
import { startFixtureServer, startStack, type FixtureServer, type Stack, type StackOptions } from '@pagemap/test-utils';

export interface ApiSuite {
  stack: Stack;
  site: FixtureServer;
  /** One API key per tenant asked for, in order. */
  keys: string[];
}

export function useApiSuite(opts: { tenants: number; workerEnv?: StackOptions['workerEnv'] }): ApiSuite {
  const suite = { keys: [] as string[] } as ApiSuite;
  beforeAll(async () => {
    suite.site = await startFixtureServer();
    suite.stack = await startStack({
      workers: 1,
      gateways: 1,
      ...(opts.workerEnv ? { workerEnv: opts.workerEnv } : {}),
    });
    for (let i = 0; i < opts.tenants; i++) suite.keys.push((await suite.stack.tenant({ plan: 'builder' })).apiKey);
  }, 60_000);
  afterAll(async () => {
    await suite.stack?.stop();
    await suite.site?.close();
  });
  return suite;
}
