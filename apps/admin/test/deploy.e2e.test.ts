/**
 * The admin CLI as the gateway image ships it: the production file tree that
 * deploy/Dockerfile.gateway makes with `pnpm --filter @pagemap/admin deploy --prod --legacy`,
 * moved elsewhere (as COPY --from=build does), started through a `pagemap-admin` symlink on
 * PATH from a directory outside the workspace, creating a tenant and keys on a real Redis.
 * Docker does not run here, so the Dockerfile's own lines are checked and the command is taken
 * from it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AccountStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { startRedis, type RedisHandle } from '@pagemap/test-utils';

const run = promisify(execFile);
const WORKSPACE = join(__dirname, '..', '..', '..');
const DOCKERFILE = readFileSync(join(WORKSPACE, 'deploy', 'Dockerfile.gateway'), 'utf8');
const DEPLOY = /^RUN (pnpm --filter @pagemap\/admin deploy --prod --legacy) (\/\S+)/m;

let redis: RedisHandle;
let tmp: string;
let bin: string;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'pagemap-admin-deploy-'));
  const m = DEPLOY.exec(DOCKERFILE);
  if (!m)
    throw new Error(
      'deploy/Dockerfile.gateway has no `pnpm --filter @pagemap/admin deploy --prod --legacy <dir>` step',
    );
  const [, command] = m;
  const [exe, ...args] = command!.split(' ');
  // The same command, into a temp dir instead of /out-admin; then moved, as the image copies it.
  // Bounded: a stuck pnpm must fail the suite, never hold jest open.
  await run(exe!, [...args, join(tmp, 'out-admin')], {
    cwd: WORKSPACE,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 280_000,
    killSignal: 'SIGKILL',
  });
  mkdirSync(join(tmp, 'opt'));
  renameSync(join(tmp, 'out-admin'), join(tmp, 'opt', 'pagemap-admin'));
  mkdirSync(join(tmp, 'bin'));
  bin = join(tmp, 'bin', 'pagemap-admin');
  symlinkSync(join(tmp, 'opt', 'pagemap-admin', 'dist', 'main.js'), bin);
  redis = await startRedis();
}, 300_000);

afterAll(async () => {
  await redis?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** `pagemap-admin …` as an operator types it in the container: by name, from PATH, cwd elsewhere. */
async function admin(...args: string[]): Promise<any> {
  const { stdout } = await run('pagemap-admin', args, {
    cwd: tmp,
    env: {
      PATH: `${join(tmp, 'bin')}:${process.env.PATH ?? ''}`,
      REDIS_URL: redis.url,
      PAGEMAP_REDIS_PREFIX: redis.prefix,
    },
  });
  return JSON.parse(stdout);
}

test('the gateway image builds, copies and links the admin tree', () => {
  expect(DOCKERFILE).toMatch(/turbo run build [^\n]*--filter @pagemap\/admin/);
  expect(DOCKERFILE).toMatch(/chmod 755 \/out-admin\/dist\/main\.js/);
  const runtime = DOCKERFILE.slice(DOCKERFILE.indexOf(' AS runtime'));
  expect(runtime).toMatch(/^COPY --from=build \/out-admin \/opt\/pagemap-admin$/m);
  expect(runtime).toMatch(/^RUN ln -s \/opt\/pagemap-admin\/dist\/main\.js \/usr\/local\/bin\/pagemap-admin$/m);
  expect(
    readFileSync(join(WORKSPACE, 'apps', 'admin', 'dist', 'main.js'), 'utf8').startsWith('#!/usr/bin/env node\n'),
  ).toBe(true);
});

test('the production tree holds the built CLI and production dependencies only', () => {
  const root = join(tmp, 'opt', 'pagemap-admin');
  expect(existsSync(join(root, 'dist', 'main.js'))).toBe(true);
  for (const dep of ['ioredis', 'zod', '@pagemap/accounts', '@pagemap/queue', '@pagemap/runtime'])
    expect([dep, existsSync(join(root, 'node_modules', dep))]).toEqual([dep, true]);
  for (const dev of ['@pagemap/test-utils', 'jest', 'typescript'])
    expect([dev, existsSync(join(root, 'node_modules', dev))]).toEqual([dev, false]);
});

test('pagemap-admin from the production tree creates a tenant with a key, and issues another', async () => {
  // An executable file, as chmod 755 leaves it in the image.
  await run('chmod', ['755', join(tmp, 'opt', 'pagemap-admin', 'dist', 'main.js')]);
  const created = await admin('tenant', 'create', '--name', 'Acme', '--id', 'acme', '--with-key');
  expect(created.tenant).toMatchObject({ id: 'acme', name: 'Acme' });
  expect(created.api_key).toMatch(/^pm_[A-Za-z0-9_-]{32}$/);
  const second = await admin('key', 'issue', 'acme');
  expect(second.api_key).toMatch(/^pm_/);
  expect(second.api_key).not.toBe(created.api_key);

  // The gateway resolves keys through the same store: both belong to the tenant.
  const accounts = new AccountStore(redis.client, keySpace(redis.prefix));
  expect(await accounts.resolveKey(created.api_key)).toMatchObject({ tenantId: 'acme', keyId: created.key_id });
  expect(await accounts.resolveKey(second.api_key)).toMatchObject({ tenantId: 'acme', keyId: second.key_id });
  expect(await admin('key', 'list', 'acme')).toHaveLength(2);
});
