/**
 * The admin commands. Each prints one JSON document on stdout (scriptable: `| jq`); problems go
 * to stderr with a non-zero exit code (2: bad usage, 1: the operation failed). Everything goes
 * straight to Redis through AccountStore (and SessionDirectory for open sessions), so it takes effect on the next request on every gateway
 * replica (there is no per-replica cache of keys or tenants).
 */
import { parseArgs } from 'node:util';
import {
  type AccountStore,
  type LoginAbuseStore,
  PLANS,
  PLAN_IDS,
  isPlanId,
  mintPlaygroundToken,
  PLAYGROUND_TOKEN_TTL_S,
  type Tenant,
} from '@pagemap/accounts';
import type { SessionDirectory } from '@pagemap/queue';
import type { AdminEnv } from './env';

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

export class UsageError extends Error {}

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

export interface AdminStores {
  accounts: AccountStore;
  sessions: SessionDirectory;
  /** Automatic suspensions of login automation (status, reinstate). */
  loginAbuse?: LoginAbuseStore;
}

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

  const tenantArg = async (id: string | undefined): Promise<Tenant> => {
    if (!id) throw new UsageError('missing <tenant>');
    const t = await accounts.getTenant(id);
    if (!t) throw new Error(`no tenant ${JSON.stringify(id)}`);
    return t;
  };

  switch (`${cmd} ${['plans', 'usage', 'playground-token'].includes(cmd) ? '' : (sub ?? '')}`.trim()) {
    case 'plans':
      print(
        Object.values(PLANS).map((p) => ({
          id: p.id,
          name: p.name,
          basis: p.basis,
          actions: p.actionLimit,
          requests_per_second: p.ratePerSecond,
          open_sessions: p.maxOpenSessions,
          paid: p.paid,
        })),
      );
      return;

    case 'tenant create': {
      if (!opts.name) throw new UsageError('tenant create needs --name');
      const plan = opts.plan ?? 'free';
      if (!isPlanId(plan)) throw new UsageError(`unknown plan ${JSON.stringify(plan)}; one of ${PLAN_IDS.join(', ')}`);
      if (opts.id !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(opts.id))
        throw new UsageError('--id: 1-64 characters of A-Z a-z 0-9 _ . -');
      if (opts.id !== undefined && (await accounts.getTenant(opts.id)))
        throw new Error(`tenant ${opts.id} already exists`);
      const tenant = await accounts.createTenant({
        name: opts.name,
        plan,
        ...(opts.id ? { id: opts.id } : {}),
        ...(opts.anchor ? { anchor: parseDate(opts.anchor) } : {}),
      });
      const issued = opts['with-key'] ? await accounts.issueKey(tenant.id) : undefined;
      print({
        tenant: await describe(accounts, tenant),
        ...(issued ? { api_key: issued.key, key_id: issued.info.keyId } : {}),
      });
      return;
    }
    case 'tenant list':
      print(await Promise.all((await accounts.listTenants()).map((t) => describe(accounts, t))));
      return;
    case 'tenant show': {
      const t = await tenantArg(rest[0]);
      print({ ...(await describe(accounts, t)), keys: await accounts.listKeys(t.id) });
      return;
    }

    case 'plan set': {
      const t = await tenantArg(rest[0]);
      const plan = rest[1];
      if (!plan || !isPlanId(plan))
        throw new UsageError(`plan set <tenant> <plan>: plan is one of ${PLAN_IDS.join(', ')}`);
      await accounts.setPlan(t.id, plan, opts.anchor ? parseDate(opts.anchor) : undefined);
      print(await describe(accounts, (await accounts.getTenant(t.id))!));
      return;
    }

    case 'limits set': {
      const t = await tenantArg(rest[0]);
      const limits = {
        actionLimit: limitArg('actions', opts.actions),
        ratePerSecond: limitArg('rate', opts.rate),
        maxOpenSessions: limitArg('sessions', opts.sessions),
      };
      if (Object.values(limits).every((v) => v === undefined))
        throw new UsageError('limits set needs --actions, --rate or --sessions');
      await accounts.setLimits(t.id, limits);
      print(await describe(accounts, (await accounts.getTenant(t.id))!));
      return;
    }

    case 'key issue': {
      const t = await tenantArg(rest[0]);
      const { key, info } = await accounts.issueKey(t.id);
      print({ api_key: key, key_id: info.keyId, tenant: t.id, note: 'Shown once: only a hash of the key is stored.' });
      return;
    }
    case 'key list': {
      const t = await tenantArg(rest[0]);
      print(await accounts.listKeys(t.id));
      return;
    }
    case 'key revoke': {
      const t = await tenantArg(rest[0]);
      const keyId = rest[1];
      if (!keyId) throw new UsageError('key revoke <tenant> <key-id> (key ids: key list <tenant>)');
      if (!(await accounts.revokeKey(t.id, keyId))) throw new Error(`tenant ${t.id} has no key ${keyId}`);
      print({ revoked: keyId, tenant: t.id });
      return;
    }

    case 'usage': {
      const t = await tenantArg(sub);
      const { plan, period, trialEnded } = accounts.standing(t);
      print({
        tenant: t.id,
        plan: plan.name,
        trial_ended: trialEnded,
        actions: { used: await accounts.used(t, period), limit: plan.actionLimit },
        period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
        open_sessions: (await sessions.openSessions(t.id)).length,
      });
      return;
    }

    case 'login-automation enable':
    case 'login-automation disable': {
      const t = await tenantArg(rest[0]);
      await accounts.setLoginAutomation(t.id, sub === 'enable');
      print({ tenant: t.id, login_automation: sub === 'enable' });
      return;
    }

    case 'login-automation status':
    case 'login-automation reinstate': {
      const t = await tenantArg(rest[0]);
      if (!loginAbuse) throw new UsageError('login-automation status/reinstate need the login-abuse store');
      const reinstated = sub === 'reinstate' ? await loginAbuse.reinstate(t.id, 'operator') : undefined;
      print({
        tenant: t.id,
        ...(reinstated !== undefined ? { reinstated } : {}),
        suspended: await loginAbuse.suspension(t.id),
        audit: await loginAbuse.audit(t.id, 20),
      });
      return;
    }

    case 'playground-token': {
      const t = await tenantArg(sub);
      if (!env.PAGEMAP_JWT_SECRET)
        throw new UsageError("playground-token needs PAGEMAP_JWT_SECRET (the gateways' value)");
      const { token, expiresAt } = mintPlaygroundToken(env.PAGEMAP_JWT_SECRET, t.id);
      print({
        token,
        expires_at: expiresAt.toISOString(),
        expires_in: PLAYGROUND_TOKEN_TTL_S,
        scope: 'browse',
        tenant: t.id,
      });
      return;
    }

    default:
      throw new UsageError(`unknown command: ${pos.join(' ')}`);
  }
}

async function describe(accounts: AccountStore, t: Tenant) {
  const { plan, period, trialEnded } = accounts.standing(t);
  return {
    id: t.id,
    name: t.name,
    plan: t.plan,
    effective_plan: plan.id,
    trial_ended: trialEnded,
    anchor: t.anchor.toISOString(),
    has_subscription: t.hasSubscription,
    login_automation: t.loginAutomation,
    limits: { actions: plan.actionLimit, requests_per_second: plan.ratePerSecond, open_sessions: plan.maxOpenSessions },
    overrides: t.overrides,
    period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
    created_at: t.createdAt.toISOString(),
  };
}

function parseDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`not a date: ${JSON.stringify(value)} (use ISO 8601, e.g. 2025-01-31T00:00:00Z)`);
  return date;
}

/** `n` sets the override, `plan` clears it, absent leaves it. */
function limitArg(name: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'plan' || value === 'default') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (name !== 'rate' && !Number.isInteger(n)))
    throw new UsageError(`--${name}: a non-negative ${name === 'rate' ? 'number' : 'integer'} or "plan"`);
  return n;
}
