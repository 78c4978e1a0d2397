/**
 * What every admin command gets (the parsed arguments, the stores, a tenant lookup) and the
 * helpers they share: the tenant description they print, and the parsing of dates and limits.
 * A command returns the JSON value the CLI prints.
 */
import type { AccountStore, LoginAbuseStore, Tenant } from '@pagemap/accounts';
import type { SessionDirectory } from '@pagemap/queue';
import type { AdminEnv } from '../env';

/** Bad usage (exit code 2), as opposed to an operation that failed (exit code 1). */
export class UsageError extends Error {}

export interface AdminStores {
  accounts: AccountStore;
  sessions: SessionDirectory;
  /** Automatic suspensions of login automation (status, reinstate). */
  loginAbuse?: LoginAbuseStore;
}

/** The command line's options (cli.ts parses them). */
export interface CliOptions {
  name?: string;
  id?: string;
  plan?: string;
  anchor?: string;
  'with-key'?: boolean;
  actions?: string;
  rate?: string;
  sessions?: string;
  help?: boolean;
}

export interface CommandContext extends AdminStores {
  opts: CliOptions;
  /** The word after the command (`create` in `tenant create`, the tenant in `usage <tenant>`). */
  sub: string | undefined;
  /** The positionals after that. */
  rest: string[];
  env: AdminEnv;
  /** The tenant named on the command line; a usage error when absent, an error when unknown. */
  tenantArg(id: string | undefined): Promise<Tenant>;
}

/** One command: returns what the CLI prints as JSON. */
export type Command = (c: CommandContext) => Promise<unknown>;

/** The tenant lookup of a command context. */
export function tenantLookup(accounts: AccountStore): CommandContext['tenantArg'] {
  return async (id) => {
    if (!id) throw new UsageError('missing <tenant>');
    const t = await accounts.getTenant(id);
    if (!t) throw new Error(`no tenant ${JSON.stringify(id)}`);
    return t;
  };
}

export async function describe(accounts: AccountStore, t: Tenant) {
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

export function parseDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`not a date: ${JSON.stringify(value)} (use ISO 8601, e.g. 2025-01-31T00:00:00Z)`);
  return date;
}

/** `n` sets the override, `plan` clears it, absent leaves it. */
export function limitArg(name: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'plan' || value === 'default') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (name !== 'rate' && !Number.isInteger(n)))
    throw new UsageError(`--${name}: a non-negative ${name === 'rate' ? 'number' : 'integer'} or "plan"`);
  return n;
}
