/**
 * Playground tokens (docs/api.md#authentication): JWTs signed with HS256, 15-minute lifetime, browse-only
 * scope — they observe pages but cannot execute tools, read usage or touch billing. Minted by the
 * gateway (POST /v1/playground/tokens, full key required) and by the admin CLI; verified by the
 * gateway. Both sides share PAGEMAP_JWT_SECRET.
 */
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const PLAYGROUND_TOKEN_TTL_S = 15 * 60;
const AUDIENCE = 'pagemap-playground';
const ISSUER = 'pagemap';

export interface PlaygroundClaims {
  tenantId: string;
  tokenId: string;
  expiresAt: Date;
  /** The API key that minted the token (absent for the dashboard's and the admin CLI's): the token dies with it. */
  keyId?: string;
}

export function mintPlaygroundToken(
  secret: string,
  tenantId: string,
  now: Date = new Date(),
  keyId?: string,
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now.getTime() / 1000);
  const token = jwt.sign({ scope: 'playground', iat, ...(keyId ? { key: keyId } : {}) }, secret, {
    algorithm: 'HS256',
    subject: tenantId,
    audience: AUDIENCE,
    issuer: ISSUER,
    expiresIn: PLAYGROUND_TOKEN_TTL_S,
    jwtid: randomBytes(9).toString('base64url'),
  });
  return { token, expiresAt: new Date((iat + PLAYGROUND_TOKEN_TTL_S) * 1000) };
}

/**
 * Verifies signature, algorithm (HS256 only: no `none`, no key confusion), audience, issuer,
 * scope and expiry; null when any fails.
 */
export function verifyPlaygroundToken(secret: string, token: string, now: Date = new Date()): PlaygroundClaims | null {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (
      typeof claims !== 'object' ||
      claims.scope !== 'playground' ||
      typeof claims.sub !== 'string' ||
      typeof claims.exp !== 'number'
    )
      return null;
    return {
      tenantId: claims.sub,
      tokenId: String(claims.jti ?? ''),
      expiresAt: new Date(claims.exp * 1000),
      ...(typeof claims.key === 'string' ? { keyId: claims.key } : {}),
    };
  } catch {
    return null;
  }
}

export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}
