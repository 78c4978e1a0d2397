/**
 * The login-automation gate (docs/api.md#login-pages): a zero-amount card verification and an attestation of
 * the acceptable-use policy, stored with the policy version, time, owner and client IP. The card
 * check comes from the payment provider's signed webhook after its hosted page verified the card;
 * Pagemap never sees the number, only brand, last four digits and the provider's reference.
 * Enabling flips the tenant's flag in AccountStore, which the gateway reads on every request, so
 * DOMAIN_BLOCKED targets open at once.
 */
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { AccountStore } from './store';
import { RECORD_CARD_SCRIPT } from './billing-scripts';
import { LoginAbuseStore, type LoginSuspension } from './login-abuse';

/** Version of the acceptable-use policy an attestation refers to (docs/acceptable-use.md). */
export const ACCEPTABLE_USE_VERSION = '2026-11-01';

export interface CardCheck {
  provider: string;
  /** The provider's id of the verification (a SetupIntent id for Stripe). */
  reference: string;
  brand: string;
  last4: string;
  verifiedAt: string;
  ownerId: string;
}

export interface Attestation {
  version: string;
  attestedAt: string;
  ownerId: string;
  /** The client IP the attestation came from (as the dashboard saw it behind its proxy). */
  clientIp: string;
}

export interface VerificationState {
  card: CardCheck | null;
  attestation: Attestation | null;
  enabled: boolean;
  /** An automatic suspension in force (login-abuse.ts): sign-in tools are refused meanwhile. */
  suspended: LoginSuspension | null;
}

export class LoginAutomationGate {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly accounts: AccountStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async state(tenantId: string): Promise<VerificationState> {
    const [raw, tenant, suspended] = await Promise.all([
      this.redis.hgetall(this.keys.tenantVerification(tenantId)),
      this.accounts.getTenant(tenantId),
      new LoginAbuseStore(this.redis, this.keys).suspension(tenantId),
    ]);
    const card: CardCheck | null = raw.card_reference
      ? {
          provider: raw.card_provider ?? '',
          reference: raw.card_reference,
          brand: raw.card_brand ?? '',
          last4: raw.card_last4 ?? '',
          verifiedAt: raw.card_verified_at ?? '',
          ownerId: raw.card_owner ?? '',
        }
      : null;
    const attestation: Attestation | null = raw.aup_version
      ? {
          version: raw.aup_version,
          attestedAt: raw.aup_at ?? '',
          ownerId: raw.aup_owner ?? '',
          clientIp: raw.aup_ip ?? '',
        }
      : null;
    return { card, attestation, enabled: tenant?.loginAutomation ?? false, suspended };
  }

  /**
   * Records a card the payment provider verified (from its signed webhook), unless a later
   * verification was recorded already. Returns whether it was recorded.
   */
  async recordCard(tenantId: string, card: Omit<CardCheck, 'verifiedAt'>, eventCreatedS: number): Promise<boolean> {
    const fields = {
      card_provider: card.provider,
      card_reference: card.reference,
      card_brand: card.brand,
      card_last4: card.last4,
      card_verified_at: new Date(eventCreatedS * 1000).toISOString(),
      card_owner: card.ownerId,
    };
    const recorded = await this.redis.eval(
      RECORD_CARD_SCRIPT,
      1,
      this.keys.tenantVerification(tenantId),
      eventCreatedS,
      ...Object.entries(fields).flat(),
    );
    return recorded === 1;
  }

  /** Records the owner's attestation of the current acceptable-use policy, with the client's IP. */
  async attest(tenantId: string, ownerId: string, attestedVersion: string, clientIp: string): Promise<void> {
    if (attestedVersion !== ACCEPTABLE_USE_VERSION)
      throw new Error(`attestation must be for policy version ${ACCEPTABLE_USE_VERSION}`);
    await this.redis.hset(this.keys.tenantVerification(tenantId), {
      aup_version: attestedVersion,
      aup_at: this.now().toISOString(),
      aup_owner: ownerId,
      aup_ip: clientIp,
    });
  }

  /**
   * Turns login automation on when both a verified card and an attestation of the current policy
   * are on record. Returns whether it is on.
   */
  async enableIfReady(tenantId: string): Promise<boolean> {
    const state = await this.state(tenantId);
    if (!state.card || state.attestation?.version !== ACCEPTABLE_USE_VERSION) return false;
    await this.accounts.setLoginAutomation(tenantId, true);
    return true;
  }

  /** Turns login automation off; the verification record is kept as history. */
  async disable(tenantId: string): Promise<void> {
    await this.accounts.setLoginAutomation(tenantId, false);
  }
}
