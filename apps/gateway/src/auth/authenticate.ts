/** Turns an Authorization header into a Principal, or a 401 with a plain reason. */
import { PagemapError } from '@pagemap/contracts';
import { looksLikeApiKey, type AccountStore } from '@pagemap/accounts';
import type { Principal } from './principal';
import { looksLikeJwt, verifyPlaygroundToken } from './playground-tokens';

export class Authenticator {
  constructor(
    private readonly accounts: AccountStore,
    private readonly jwtSecret: string,
  ) {}

  async authenticate(header: string | undefined): Promise<Principal> {
    if (!header)
      throw new PagemapError('UNAUTHORIZED', 'Missing Authorization header; send `Authorization: Bearer <API key>`.');
    const match = /^Bearer +(\S+)\s*$/i.exec(header);
    if (!match)
      throw new PagemapError('UNAUTHORIZED', 'Malformed Authorization header; send `Authorization: Bearer <API key>`.');
    const credential = match[1]!;
    if (looksLikeApiKey(credential)) {
      const info = await this.accounts.resolveKey(credential);
      const tenant = info ? await this.accounts.getTenant(info.tenantId) : null;
      if (!info || !tenant) throw new PagemapError('UNAUTHORIZED', 'Unknown or revoked API key.');
      return { tenant, scope: 'full', credentialId: info.keyId };
    }
    if (looksLikeJwt(credential)) {
      const claims = verifyPlaygroundToken(this.jwtSecret, credential);
      const tenant = claims ? await this.accounts.getTenant(claims.tenantId) : null;
      if (!claims || !tenant) throw new PagemapError('UNAUTHORIZED', 'Invalid or expired playground token.');
      // Checked at every use: a token minted with a key must not outlive the key's revocation.
      if (claims.keyId !== undefined && !(await this.accounts.keyActive(tenant.id, claims.keyId)))
        throw new PagemapError('UNAUTHORIZED', 'The API key that minted this playground token was revoked.');
      return { tenant, scope: 'playground', credentialId: claims.tokenId };
    }
    throw new PagemapError('UNAUTHORIZED', 'The credential is neither an API key nor a playground token.');
  }
}
