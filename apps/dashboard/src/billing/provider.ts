/**
 * The payment provider behind login automation's card check: a zero-amount verification (no
 * charge). Two implementations: Stripe (SetupIntents, when STRIPE_SECRET_KEY is set) and a
 * clearly labelled test mode for the embedded default that accepts only Stripe's published test
 * card numbers. Card numbers pass through memory only; callers store brand and last four digits.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardVerification =
  | { ok: true; provider: string; reference: string; brand: string; last4: string }
  | { ok: false; code: 'CARD_DECLINED' | 'CARD_INVALID' | 'PROVIDER_ERROR'; message: string };

export interface CardVerifier {
  /** `test` (no real card is ever accepted) or `stripe`. */
  readonly mode: 'test' | 'stripe';
  /** What the billing page tells the owner about where the card goes. */
  readonly label: string;
  verify(card: CardInput, owner: { ownerId: string; email: string; tenantId: string }): Promise<CardVerification>;
}

/** Digits only; spaces and dashes as people type them are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Month 1–12 and not in the past (cards are valid through the end of their month). */
export function expiryValid(month: number, year: number, now: Date = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const full = year < 100 ? 2000 + year : year;
  return full > now.getUTCFullYear() || (full === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}
