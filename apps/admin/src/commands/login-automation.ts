/** Admin commands about login automation: enable or disable it; a suspension's status, lifting it. */
import { type Command, UsageError } from './context';

const switchLoginAutomation: Command = async ({ sub, rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  await accounts.setLoginAutomation(t.id, sub === 'enable');
  return { tenant: t.id, login_automation: sub === 'enable' };
};

const loginAutomationStatus: Command = async ({ sub, rest, loginAbuse, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  if (!loginAbuse) throw new UsageError('login-automation status/reinstate need the login-abuse store');
  const reinstated = sub === 'reinstate' ? await loginAbuse.reinstate(t.id, 'operator') : undefined;
  return {
    tenant: t.id,
    ...(reinstated !== undefined ? { reinstated } : {}),
    suspended: await loginAbuse.suspension(t.id),
    audit: await loginAbuse.audit(t.id, 20),
  };
};

export const LOGIN_AUTOMATION_COMMANDS: Record<string, Command> = {
  'login-automation enable': switchLoginAutomation,
  'login-automation disable': switchLoginAutomation,
  'login-automation status': loginAutomationStatus,
  'login-automation reinstate': loginAutomationStatus,
};
