/**
 * The login-automation gate (docs/api.md#login-pages): a zero-amount card verification and an attestation of
 * the acceptable-use policy, stored with the policy version, time and owner. Enabling flips the
 * tenant's flag in AccountStore, which the gateway reads on every request, so DOMAIN_BLOCKED
 * targets open at once. Card numbers are never stored: only brand, last four digits and the
 * provider's reference.
 */
import type { KeySpace, RedisClient } from '@pagemap/queue';
import type { AccountStore } from './store';

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
}

export interface VerificationState {
  card: CardCheck | null;
  attestation: Attestation | null;
  enabled: boolean;
}

export class LoginAutomationGate {
  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
    private readonly accounts: AccountStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async state(tenantId: string): Promise<VerificationState> {
    const [raw, tenant] = await Promise.all([
      this.redis.hgetall(this.keys.tenantVerification(tenantId)),
      this.accounts.getTenant(tenantId),
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
      ? { version: raw.aup_version, attestedAt: raw.aup_at ?? '', ownerId: raw.aup_owner ?? '' }
      : null;
    return { card, attestation, enabled: tenant?.loginAutomation ?? false };
  }

  /**
   * Records a verified card and the attestation, then enables login automation. Both are needed:
   * the caller has already had the provider verify the card.
   */
  async enable(
    tenantId: string,
    ownerId: string,
    card: Omit<CardCheck, 'verifiedAt' | 'ownerId'>,
    attestedVersion: string,
  ): Promise<void> {
    if (attestedVersion !== ACCEPTABLE_USE_VERSION)
      throw new Error(`attestation must be for policy version ${ACCEPTABLE_USE_VERSION}`);
    const at = this.now().toISOString();
    await this.redis.hset(this.keys.tenantVerification(tenantId), {
      card_provider: card.provider,
      card_reference: card.reference,
      card_brand: card.brand,
      card_last4: card.last4,
      card_verified_at: at,
      card_owner: ownerId,
      aup_version: attestedVersion,
      aup_at: at,
      aup_owner: ownerId,
    });
    await this.accounts.setLoginAutomation(tenantId, true);
  }

  /** Turns login automation off; the verification record is kept as history. */
  async disable(tenantId: string): Promise<void> {
    await this.accounts.setLoginAutomation(tenantId, false);
  }
}
