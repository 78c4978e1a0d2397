/**
 * POST /v1/playground/tokens — mints a browse-only playground token (15 minutes) for the
 * caller's tenant. Needs a full API key: a playground token cannot mint another.
 */
import { z } from 'zod';
import { defineRoute } from '../http/route';
import { mintPlaygroundToken, PLAYGROUND_TOKEN_TTL_S } from '../auth/playground-tokens';

export default defineRoute({
  method: 'post',
  path: '/v1/playground/tokens',
  access: 'full',
  body: z.strictObject({}),
  async handler({ res, principal, services }) {
    // The minting key's id rides in the token: revoking the key ends the token too (checked at use).
    const { token, expiresAt } = mintPlaygroundToken(
      services.env.PAGEMAP_JWT_SECRET,
      principal.tenant.id,
      new Date(),
      principal.credentialId,
    );
    res
      .status(201)
      .json({ token, expires_at: expiresAt.toISOString(), expires_in: PLAYGROUND_TOKEN_TTL_S, scope: 'browse' });
  },
});
