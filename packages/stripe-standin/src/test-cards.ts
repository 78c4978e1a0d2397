/**
 * Stripe's published test card numbers (docs.stripe.com/testing) and what the stand-in's hosted
 * pages do with each: succeed, decline with Stripe's message, or ask for authentication (3-D
 * Secure) first. Any other number is refused, so nobody mistakes the stand-in for a payment page.
 */
export type CardOutcome =
  | { kind: 'success'; brand: string }
  | { kind: 'decline'; brand: string; declineCode: string; message: string }
  | { kind: 'authenticate'; brand: string };

const success = (brand: string): CardOutcome => ({ kind: 'success', brand });
const decline = (declineCode: string, message: string): CardOutcome => ({
  kind: 'decline',
  brand: 'visa',
  declineCode,
  message,
});

export const STRIPE_TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': success('visa'),
  '4000056655665556': success('visa'),
  '5555555555554444': success('mastercard'),
  '5200828282828210': success('mastercard'),
  '378282246310005': success('amex'),
  '6011111111111117': success('discover'),
  '3056930009020004': success('diners'),
  '3566002020360505': success('jcb'),
  '6200000000000005': success('unionpay'),
  '4000000000000002': decline('generic_decline', 'Your card was declined.'),
  '4000000000009995': decline('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000069': decline('expired_card', 'Your card has expired.'),
  '4000000000000127': decline('incorrect_cvc', "Your card's security code is incorrect."),
  // Authentication (3-D Secure) required for setup and payments.
  '4000002500003155': { kind: 'authenticate', brand: 'visa' },
  '4000002760003184': { kind: 'authenticate', brand: 'visa' },
  '4000000000003220': { kind: 'authenticate', brand: 'visa' },
};

/** Digits only; spaces and dashes as people type them are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** What the hosted page does with a typed number: a published test card's outcome, or a refusal. */
export function outcomeOf(number: string): CardOutcome | { kind: 'unknown' } {
  return STRIPE_TEST_CARDS[cardDigits(number)] ?? { kind: 'unknown' };
}
