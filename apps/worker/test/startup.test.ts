/** Start-up failures an operator can act on: a taken port is named, and the process exits 1. */
import { createServer, type Server } from 'node:net';
import { defaultTestEnv, runToExit, startRedis, type RedisHandle } from '@pagemap/test-utils';

let redis: RedisHandle;
let holder: Server;
let port: number;

beforeAll(async () => {
  redis = await startRedis();
  holder = createServer();
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
  port = (holder.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((r) => holder.close(r));
  await redis.stop();
});

test('a worker whose port is taken says "port N is in use" and exits 1', async () => {
  const { code, output } = await runToExit('worker', { ...defaultTestEnv(redis), PAGEMAP_WORKER_PORT: String(port) });
  expect({ code, output }).toEqual({ code: 1, output: expect.stringContaining(`port ${port} is in use`) });
  expect(output).not.toMatch(/TypeError/);
  expect(output).not.toContain('browser started'); // the port is checked before Chromium starts
});
