/**
 * Account owners: the people who sign in to the dashboard. An owner belongs to one tenant; the
 * tenant, its keys and limits stay in AccountStore, so the admin CLI and the dashboard see the
 * same account. Only a scrypt hash of the password is stored.
 */
import { randomBytes } from 'node:crypto';
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { AccountStore } from './store';
import type { PlanId } from './plans';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export interface Owner {
  id: string;
  email: string;
  tenantId: string;
  createdAt: Date;
}

export class OwnerError extends Error {
  constructor(
    readonly code: 'EMAIL_TAKEN' | 'WEAK_PASSWORD' | 'INVALID_EMAIL',
    message: string,
  ) {
    super(message);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalized email, or the OwnerError that refuses the email or the password. */
function checkedEmail(raw: string, password: string): string {
  const email = normalizeEmail(raw);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
    throw new OwnerError('INVALID_EMAIL', 'Enter a valid email address.');
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new OwnerError('WEAK_PASSWORD', `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
  return email;
}

/** A scrypt hash of a fixed password, so unknown emails cost the same time as wrong passwords. */
let decoyHash: Promise<string> | undefined;

export class OwnerStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly accounts: AccountStore,
  ) {}

  /** Creates an owner for an existing tenant. Fails with EMAIL_TAKEN when the email has an owner. */
  async createOwner(input: { email: string; password: string; tenantId: string }): Promise<Owner> {
    const email = checkedEmail(input.email, input.password);
    if (!(await this.accounts.getTenant(input.tenantId))) throw new Error(`no tenant ${input.tenantId}`);
    const id = await this.#claimEmail(email);
    return this.#writeOwner({ id, email, tenantId: input.tenantId, createdAt: new Date() }, input.password);
  }

  /** Sign-up: a new tenant (Free plan unless told) with its first owner. */
  async signUp(input: { email: string; password: string; accountName: string; plan?: PlanId }): Promise<Owner> {
    // Everything that can refuse the sign-up is checked, and the email claimed, before the tenant
    // exists: a refused sign-up leaves nothing behind.
    const email = checkedEmail(input.email, input.password);
    const id = await this.#claimEmail(email);
    let tenant: Awaited<ReturnType<AccountStore['createTenant']>>;
    try {
      tenant = await this.accounts.createTenant({
        name: input.accountName.trim() || email,
        plan: input.plan ?? 'free',
      });
    } catch (err) {
      await this.redis.hdel(this.keys.ownersByEmail, email);
      throw err;
    }
    return this.#writeOwner({ id, email, tenantId: tenant.id, createdAt: new Date() }, input.password);
  }

  /** A decoy password hash: a sign-up of a taken email costs the same time as one that creates an account. */
  async spendDecoyHash(): Promise<void> {
    await hashPassword('decoy password for timing');
  }

  /** Claims an email for a new owner id; HSETNX, so two sign-ups racing for one address cannot both win. */
  async #claimEmail(email: string): Promise<string> {
    const id = `ow_${randomBytes(8).toString('hex')}`;
    if ((await this.redis.hsetnx(this.keys.ownersByEmail, email, id)) === 0)
      throw new OwnerError('EMAIL_TAKEN', 'An account with this email already exists; sign in instead.');
    return id;
  }

  async #writeOwner(owner: Owner, password: string): Promise<Owner> {
    const { email } = owner;
    await this.redis.hset(this.keys.owner(owner.id), {
      id: owner.id,
      email,
      tenant_id: owner.tenantId,
      password: await hashPassword(password),
      created_at: owner.createdAt.toISOString(),
    });
    return owner;
  }

  async getOwner(id: string): Promise<Owner | null> {
    const raw = await this.redis.hgetall(this.keys.owner(id));
    if (!raw.id || !raw.email || !raw.tenant_id) return null;
    return { id: raw.id, email: raw.email, tenantId: raw.tenant_id, createdAt: new Date(raw.created_at ?? 0) };
  }

  async findByEmail(email: string): Promise<Owner | null> {
    const id = await this.redis.hget(this.keys.ownersByEmail, normalizeEmail(email));
    return id ? this.getOwner(id) : null;
  }

  /** The owner when email and password match, else null (same work either way). */
  async authenticate(email: string, password: string): Promise<Owner | null> {
    const id = await this.redis.hget(this.keys.ownersByEmail, normalizeEmail(email));
    const stored = id ? await this.redis.hget(this.keys.owner(id), 'password') : null;
    if (!stored) {
      decoyHash ??= hashPassword('decoy password for timing');
      await verifyPassword(password, await decoyHash);
      return null;
    }
    return (await verifyPassword(password, stored)) ? this.getOwner(id!) : null;
  }

  async setPassword(ownerId: string, password: string): Promise<void> {
    if (password.length < MIN_PASSWORD_LENGTH)
      throw new OwnerError('WEAK_PASSWORD', `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`);
    await this.redis.hset(this.keys.owner(ownerId), 'password', await hashPassword(password));
  }
}
