/** Start-up failures an operator can act on: a taken port is named, and the process exits 1. */
import { runWithTakenPort } from '@pagemap/test-utils';

test('a worker whose port is taken says "port N is in use" and exits 1', async () => {
  const { port, code, output } = await runWithTakenPort('worker', 'PAGEMAP_WORKER_PORT');
  expect({ code, output }).toEqual({ code: 1, output: expect.stringContaining(`port ${port} is in use`) });
  expect(output).not.toMatch(/TypeError/);
  expect(output).not.toContain('browser started'); // the port is checked before Chromium starts
});
