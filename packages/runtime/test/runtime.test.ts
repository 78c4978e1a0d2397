import { Writable } from 'node:stream';
import { z } from 'zod';
import { createServer } from 'node:http';
import { createLogger, EnvError, envBool, envInt, listen, once, parseEnv, runShutdown } from '../src';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
  return { lines, stream };
}

test('secrets are redacted from log lines at any nesting the service uses', () => {
  const { lines, stream } = capture();
  const log = createLogger({ name: 't', level: 'trace', destination: stream });
  log.info(
    {
      params: { password: 'hunter2-a' },
      job: { params: { password: 'hunter2-b' }, sealedCalls: 'v1.x' },
      headers: { authorization: 'Bearer pm_secret' },
      tools: [{ tool: 'login', params: { password: 'hunter2-c' } }],
    },
    'job',
  );
  const text = lines.join('');
  for (const secret of ['hunter2-a', 'hunter2-b', 'hunter2-c', 'pm_secret', 'v1.x']) expect(text).not.toContain(secret);
  expect(text).toContain('[redacted]');
  expect(text).toContain('"tool":"login"');
});

test('parseEnv names every bad variable and hides secret values', () => {
  const schema = z.object({
    PORT: envInt(8080, 1, 65535),
    PAGEMAP_JWT_SECRET: z.string().min(32),
    FLAG: envBool(false),
  });
  expect(() => parseEnv(schema, {})).toThrow(/PAGEMAP_JWT_SECRET.*got unset/);
  expect(() => parseEnv(schema, { PORT: 'abc', PAGEMAP_JWT_SECRET: 'short-secret' })).toThrow(EnvError);
  try {
    parseEnv(schema, { PORT: '70000', PAGEMAP_JWT_SECRET: 'short-secret', FLAG: 'maybe' });
  } catch (err) {
    const msg = (err as Error).message;
    expect(msg).toMatch(/PORT/);
    expect(msg).toMatch(/PAGEMAP_JWT_SECRET.*set \(hidden\)/);
    expect(msg).toMatch(/FLAG/);
    expect(msg).not.toContain('short-secret');
  }
  expect(parseEnv(schema, { PAGEMAP_JWT_SECRET: 'x'.repeat(32), FLAG: 'yes' })).toEqual({
    PORT: 8080,
    PAGEMAP_JWT_SECRET: 'x'.repeat(32),
    FLAG: true,
  });
});

test('shutdown runs every step even when one fails, and once() runs its function once', async () => {
  const ran: string[] = [];
  const failures: string[] = [];
  const clean = await runShutdown(
    [
      { name: 'a', run: () => void ran.push('a') },
      { name: 'b', run: () => Promise.reject(new Error('boom')) },
      { name: 'c', run: () => void ran.push('c') },
    ],
    (step) => failures.push(step),
  );
  expect(clean).toBe(false);
  expect(ran).toEqual(['a', 'c']);
  expect(failures).toEqual(['b']);
  let calls = 0;
  const close = once(async () => ++calls);
  await Promise.all([close(), close()]);
  expect(calls).toBe(1);
});

test('listen on a taken port rejects with "port N is in use" naming the setting', async () => {
  const first = createServer();
  const port = await listen(first, '127.0.0.1', 0, 'PORT');
  const second = createServer();
  await expect(listen(second, '127.0.0.1', port, 'PORT')).rejects.toThrow(
    `port ${port} is in use (127.0.0.1:${port}); stop what holds it or set PORT to a free port`,
  );
  await new Promise((r) => first.close(r));
});
