/** Admin commands about plans and tenants: list plans; create, list and show tenants; set a plan or limits; usage. */
import { isPlanId, PLAN_IDS, PLANS } from '@pagemap/accounts';
import { type Command, describe, limitArg, parseDate, UsageError } from './context';

const listPlans: Command = async () => {
  return Object.values(PLANS).map((p) => ({
    id: p.id,
    name: p.name,
    basis: p.basis,
    actions: p.actionLimit,
    requests_per_second: p.ratePerSecond,
    open_sessions: p.maxOpenSessions,
    paid: p.paid,
  }));
};

const createTenant: Command = async ({ opts, accounts }) => {
  if (!opts.name) throw new UsageError('tenant create needs --name');
  const plan = opts.plan ?? 'free';
  if (!isPlanId(plan)) throw new UsageError(`unknown plan ${JSON.stringify(plan)}; one of ${PLAN_IDS.join(', ')}`);
  if (opts.id !== undefined && !/^[A-Za-z0-9_.-]{1,64}$/.test(opts.id))
    throw new UsageError('--id: 1-64 characters of A-Z a-z 0-9 _ . -');
  if (opts.id !== undefined && (await accounts.getTenant(opts.id))) throw new Error(`tenant ${opts.id} already exists`);
  const tenant = await accounts.createTenant({
    name: opts.name,
    plan,
    ...(opts.id ? { id: opts.id } : {}),
    ...(opts.anchor ? { anchor: parseDate(opts.anchor) } : {}),
  });
  const issued = opts['with-key'] ? await accounts.issueKey(tenant.id) : undefined;
  return {
    tenant: await describe(accounts, tenant),
    ...(issued ? { api_key: issued.key, key_id: issued.info.keyId } : {}),
  };
};

const listTenants: Command = async ({ accounts }) => {
  return await Promise.all((await accounts.listTenants()).map((t) => describe(accounts, t)));
};

const showTenant: Command = async ({ rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  return { ...(await describe(accounts, t)), keys: await accounts.listKeys(t.id) };
};

const setPlan: Command = async ({ opts, rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  const plan = rest[1];
  if (!plan || !isPlanId(plan)) throw new UsageError(`plan set <tenant> <plan>: plan is one of ${PLAN_IDS.join(', ')}`);
  await accounts.setPlan(t.id, plan, opts.anchor ? parseDate(opts.anchor) : undefined);
  return await describe(accounts, (await accounts.getTenant(t.id))!);
};

const setLimits: Command = async ({ opts, rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  const limits = {
    actionLimit: limitArg('actions', opts.actions),
    ratePerSecond: limitArg('rate', opts.rate),
    maxOpenSessions: limitArg('sessions', opts.sessions),
  };
  if (Object.values(limits).every((v) => v === undefined))
    throw new UsageError('limits set needs --actions, --rate or --sessions');
  await accounts.setLimits(t.id, limits);
  return await describe(accounts, (await accounts.getTenant(t.id))!);
};

const showUsage: Command = async ({ sub, accounts, sessions, tenantArg }) => {
  const t = await tenantArg(sub);
  const { plan, period, trialEnded } = accounts.standing(t);
  return {
    tenant: t.id,
    plan: plan.name,
    trial_ended: trialEnded,
    actions: { used: await accounts.used(t, period), limit: plan.actionLimit },
    period: { start: period.start.toISOString(), end: period.end.toISOString(), basis: period.basis },
    open_sessions: (await sessions.openSessions(t.id)).length,
  };
};

export const TENANT_COMMANDS: Record<string, Command> = {
  plans: listPlans,
  'tenant create': createTenant,
  'tenant list': listTenants,
  'tenant show': showTenant,
  'plan set': setPlan,
  'limits set': setLimits,
  usage: showUsage,
};
