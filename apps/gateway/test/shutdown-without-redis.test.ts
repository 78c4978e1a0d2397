/**
 * A gateway that never reached Redis stops cleanly: its shutdown does not try to send QUIT over a
 * connection that never opened (ioredis refuses with "Stream isn't writeable…", which was logged
 * as a failed shutdown step and made the exit unclean).
 */
import { randomBytes } from 'node:crypto';
import { freePort, startProcess } from '@pagemap/test-utils';

test('a gateway whose Redis never answered stops with exit 0 and no failed shutdown step', async () => {
  const nobodyListens = await freePort();
  const gateway = await startProcess('gateway', {
    REDIS_URL: `redis://127.0.0.1:${nobodyListens}`,
    PAGEMAP_REDIS_PREFIX: `pm-${randomBytes(4).toString('hex')}`,
    PAGEMAP_PAYLOAD_KEY: randomBytes(32).toString('base64url'),
    PAGEMAP_JWT_SECRET: randomBytes(32).toString('base64url'),
    // Listen at once instead of waiting for a Redis that is not there.
    PAGEMAP_REDIS_STARTUP_WAIT_MS: '0',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  });
  const code = await gateway.stop();
  expect(gateway.logs().filter((l) => l.msg === 'shutdown step failed')).toEqual([]);
  expect(gateway.output()).not.toMatch(/Stream isn't writeable/);
  expect(code).toBe(0);
});
