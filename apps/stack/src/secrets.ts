/**
 * The launcher's generated secrets (payload-sealing key, playground-token secret), kept under the
 * data dir so playground tokens survive a restart. They are for this machine's dev stack only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { generatePayloadKey } from '@pagemap/queue';

export interface StackSecrets {
  payloadKey: string;
  jwtSecret: string;
}

export function loadOrCreateSecrets(dataDir: string): StackSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets: StackSecrets = { payloadKey: generatePayloadKey(), jwtSecret: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
