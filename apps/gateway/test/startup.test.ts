/** Start-up failures an operator can act on: a taken port is named, and the process exits 1. */
import { runWithTakenPort } from '@pagemap/test-utils';

test('a gateway whose port is taken says "port N is in use" and exits 1', async () => {
  const { port, code, output } = await runWithTakenPort('gateway', 'PORT');
  expect({ code, output }).toEqual({ code: 1, output: expect.stringContaining(`port ${port} is in use`) });
  expect(output).not.toMatch(/TypeError/);
});
