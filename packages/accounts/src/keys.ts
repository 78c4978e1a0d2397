/** API keys: `pm_` + 192 random bits, base64url. Only the SHA-256 of a key is ever stored. */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'pm_';

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Shape check before any Redis look-up: `pm_` and 32 base64url characters. */
export function looksLikeApiKey(value: string): boolean {
  return /^pm_[A-Za-z0-9_-]{32}$/.test(value);
}
