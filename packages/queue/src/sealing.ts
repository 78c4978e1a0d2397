/**
 * Sealing of job fields that carry secrets (tool params: passwords). BullMQ keeps job data in
 * Redis while the job waits and runs; sealed with AES-256-GCM under a key that only the gateway
 * and worker processes hold (from their environment), that data is useless to anyone reading
 * Redis. The key never touches Redis.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class Sealer {
  readonly #key: Buffer;

  /** @param key 32 bytes, or their base64/base64url/hex spelling. */
  constructor(key: Buffer | string) {
    const bytes = typeof key === 'string' ? decodeKey(key) : key;
    if (bytes.length !== 32) throw new Error('payload key must be 32 bytes');
    this.#key = bytes;
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  unseal(sealed: string): unknown {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed payload');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  }
}

function decodeKey(text: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  return Buffer.from(text, 'base64url');
}

export function generatePayloadKey(): string {
  return randomBytes(32).toString('base64url');
}
