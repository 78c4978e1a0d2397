/** Start-up failures an operator can act on: a taken port is named, and the dashboard exits 1. */
import { randomBytes } from 'node:crypto';
import { runWithTakenPort } from '@pagemap/test-utils';

test('a dashboard whose port is taken says "port N is in use" and exits 1', async () => {
  const { port, code, output } = await runWithTakenPort('dashboard', 'PORT', {
    PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('base64url'),
    PAGEMAP_API_URL: 'http://127.0.0.1:9', // never called: the dashboard stops at its port
  });
  expect({ code, output }).toEqual({ code: 1, output: expect.stringContaining(`port ${port} is in use`) });
  expect(output).not.toContain('TypeError');
});
