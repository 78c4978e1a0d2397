/**
 * The embedded default's card check: TEST MODE. Accepts only Stripe's published test card
 * numbers (a real card is refused, so nobody mistakes this for a payment page), succeeds or
 * declines the way Stripe would for each, and never contacts anyone.
 */
import { randomBytes } from 'node:crypto';
import { STRIPE_TEST_CARDS } from './test-cards';
import {
  cardDigits,
  expiryValid,
  luhnValid,
  type CardInput,
  type CardVerification,
  type CardVerifier,
} from './provider';

export class TestModeVerifier implements CardVerifier {
  readonly mode = 'test' as const;
  readonly label =
    'TEST MODE: no payment provider is configured. Only Stripe’s published test card numbers (e.g. 4242 4242 4242 4242) are accepted; nothing is charged or sent anywhere.';

  async verify(card: CardInput): Promise<CardVerification> {
    const digits = cardDigits(card.number);
    if (!luhnValid(digits)) return { ok: false, code: 'CARD_INVALID', message: 'That is not a valid card number.' };
    if (!expiryValid(card.expMonth, card.expYear))
      return { ok: false, code: 'CARD_INVALID', message: 'The expiry date is not valid or has passed.' };
    if (!/^\d{3,4}$/.test(card.cvc))
      return { ok: false, code: 'CARD_INVALID', message: 'The security code must be 3 or 4 digits.' };
    const test = STRIPE_TEST_CARDS[digits];
    if (!test)
      return {
        ok: false,
        code: 'CARD_INVALID',
        message: 'Test mode accepts only Stripe’s published test card numbers, such as 4242 4242 4242 4242.',
      };
    if (test.declines) return { ok: false, code: 'CARD_DECLINED', message: test.declines };
    return {
      ok: true,
      provider: 'test',
      reference: `test_seti_${randomBytes(8).toString('hex')}`,
      brand: test.brand,
      last4: digits.slice(-4),
    };
  }
}
