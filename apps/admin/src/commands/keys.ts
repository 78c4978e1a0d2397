/** Admin commands about credentials: issue, list and revoke API keys; mint a playground token. */
import { mintPlaygroundToken, PLAYGROUND_TOKEN_TTL_S } from '@pagemap/accounts';
import { type Command, UsageError } from './context';

const issueKey: Command = async ({ rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  const { key, info } = await accounts.issueKey(t.id);
  return { api_key: key, key_id: info.keyId, tenant: t.id, note: 'Shown once: only a hash of the key is stored.' };
};

const listKeys: Command = async ({ rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  return await accounts.listKeys(t.id);
};

const revokeKey: Command = async ({ rest, accounts, tenantArg }) => {
  const t = await tenantArg(rest[0]);
  const keyId = rest[1];
  if (!keyId) throw new UsageError('key revoke <tenant> <key-id> (key ids: key list <tenant>)');
  if (!(await accounts.revokeKey(t.id, keyId))) throw new Error(`tenant ${t.id} has no key ${keyId}`);
  return { revoked: keyId, tenant: t.id };
};

const playgroundToken: Command = async ({ sub, env, tenantArg }) => {
  const t = await tenantArg(sub);
  if (!env.PAGEMAP_JWT_SECRET) throw new UsageError("playground-token needs PAGEMAP_JWT_SECRET (the gateways' value)");
  const { token, expiresAt } = mintPlaygroundToken(env.PAGEMAP_JWT_SECRET, t.id);
  return {
    token,
    expires_at: expiresAt.toISOString(),
    expires_in: PLAYGROUND_TOKEN_TTL_S,
    scope: 'browse',
    tenant: t.id,
  };
};

export const KEY_COMMANDS: Record<string, Command> = {
  'key issue': issueKey,
  'key list': listKeys,
  'key revoke': revokeKey,
  'playground-token': playgroundToken,
};
