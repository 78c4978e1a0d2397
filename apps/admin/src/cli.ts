/**
 * The admin commands. Each prints one JSON document on stdout (scriptable: `| jq`); problems go
 * to stderr with a non-zero exit code (2: bad usage, 1: the operation failed). Everything goes
 * straight to Redis through AccountStore (and SessionDirectory for open sessions), so it takes effect on the next request on every gateway
 * replica (there is no per-replica cache of keys or tenants).
 */
import { parseArgs } from 'node:util';
import { type AdminStores, type Command, tenantLookup, UsageError } from './commands/context';
import { KEY_COMMANDS } from './commands/keys';
import { LOGIN_AUTOMATION_COMMANDS } from './commands/login-automation';
import { TENANT_COMMANDS } from './commands/tenants';
import type { AdminEnv } from './env';

export { type AdminStores, UsageError } from './commands/context';

export const USAGE = `pagemap-admin — manage a Pagemap deployment's tenants, plans and keys

Usage: pagemap-admin <command> [args] [options]

  plans                                        list the plans and their limits
  tenant create --name <name> [--id <id>] [--plan <plan>] [--anchor <ISO date>] [--with-key]
  tenant list
  tenant show <tenant>
  plan set <tenant> <plan> [--anchor <ISO date>]
                                               the anchor is the billing anniversary (paid plans)
                                               or the trial start (builder_trial); default: now
  limits set <tenant> [--actions <n|plan>] [--rate <n|plan>] [--sessions <n|plan>]
                                               per-tenant overrides of the plan's limits
  key issue <tenant>                           prints the new key once; only its hash is stored
  key list <tenant>
  key revoke <tenant> <key-id>                 refused on the next request by every gateway
  usage <tenant>                               actions used in the current period
  login-automation enable|disable <tenant>
  login-automation status <tenant>             suspended or not (why, since) and the audit records
  login-automation reinstate <tenant>          lifts an automatic suspension (audited)
  playground-token <tenant>                    a browse-only token, valid 15 minutes
                                               (needs PAGEMAP_JWT_SECRET)

Environment: REDIS_URL (default redis://127.0.0.1:6390), PAGEMAP_REDIS_MODE (standalone, or
cluster with seed nodes in REDIS_URL), PAGEMAP_REDIS_PREFIX (default pm),
PAGEMAP_JWT_SECRET (playground-token only).`;

export interface CliIo {
  out(text: string): void;
}

const OPTIONS = {
  name: { type: 'string' },
  id: { type: 'string' },
  plan: { type: 'string' },
  anchor: { type: 'string' },
  'with-key': { type: 'boolean' },
  actions: { type: 'string' },
  rate: { type: 'string' },
  sessions: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCli(
  argv: string[],
  env: AdminEnv,
  { accounts, sessions, loginAbuse }: AdminStores,
  io: CliIo,
): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values: opts, positionals: pos } = parsed;
  const print = (value: unknown) => io.out(JSON.stringify(value, null, 2));
  const [cmd, sub, ...rest] = pos;
  if (opts.help || cmd === undefined || cmd === 'help') {
    io.out(USAGE);
    return;
  }

  const key = `${cmd} ${['plans', 'usage', 'playground-token'].includes(cmd) ? '' : (sub ?? '')}`.trim();
  const command = Object.hasOwn(COMMANDS, key) ? COMMANDS[key] : undefined;
  if (!command) throw new UsageError(`unknown command: ${pos.join(' ')}`);
  print(
    await command({
      accounts,
      sessions,
      ...(loginAbuse ? { loginAbuse } : {}),
      opts,
      sub,
      rest,
      env,
      tenantArg: tenantLookup(accounts),
    }),
  );
}

/** Every command, by its words (`tenant create`, `usage`). */
const COMMANDS: Record<string, Command> = { ...TENANT_COMMANDS, ...KEY_COMMANDS, ...LOGIN_AUTOMATION_COMMANDS };
