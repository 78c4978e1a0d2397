#!/usr/bin/env node
/** Entry point of `pagemap-admin` (root: `pnpm admin -- <command>`). Usage: src/cli.ts. */
import { AccountStore, LoginAbuseStore } from '@pagemap/accounts';
import { createRedis, isDatastoreUnavailable, keySpace, SessionDirectory } from '@pagemap/queue';
import { EnvError } from '@pagemap/runtime';
import { loadAdminEnv } from './env';
import { runCli, UsageError, USAGE } from './cli';

async function main(): Promise<number> {
  let env;
  try {
    env = loadAdminEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  // A one-shot command: queue commands until connected, but give up quickly when Redis is down.
  const redis = createRedis({ url: env.REDIS_URL, mode: env.PAGEMAP_REDIS_MODE }, 'command', {
    lazyConnect: true,
    enableOfflineQueue: true,
    retryStrategy: (attempt) => (attempt > 3 ? null : 200),
  });
  redis.on('error', () => undefined);
  try {
    const keys = keySpace(env.PAGEMAP_REDIS_PREFIX);
    await runCli(
      argv,
      env,
      {
        accounts: new AccountStore(redis, keys),
        sessions: new SessionDirectory(redis, keys),
        loginAbuse: new LoginAbuseStore(redis, keys),
      },
      { out: (text) => process.stdout.write(`${text}\n`) },
    );
    return 0;
  } catch (err) {
    let message = err instanceof Error ? err.message : String(err);
    if (isDatastoreUnavailable(err) || /max retries|ETIMEDOUT/i.test(message))
      message = `cannot reach Redis at ${redactUrl(env.REDIS_URL)} (${message})`;
    process.stderr.write(`pagemap-admin: ${message}\n`);
    if (err instanceof UsageError) process.stderr.write('Run `pagemap-admin help` for usage.\n');
    return err instanceof UsageError ? 2 : 1;
  } finally {
    redis.disconnect();
  }
}

/** The URL(s) without a password, for messages. */
function redactUrl(urls: string): string {
  return urls
    .split(',')
    .map((url) => {
      try {
        const u = new URL(url.trim());
        if (u.password) u.password = '***';
        return u.toString();
      } catch {
        return 'REDIS_URL';
      }
    })
    .join(',');
}

void main().then((code) => {
  process.exitCode = code;
});
