/**
 * Stripe's published test card numbers (docs.stripe.com/testing) and the test PaymentMethod ids
 * that stand for them. Test mode accepts exactly these; the Stripe implementation with a test key
 * sends the matching PaymentMethod id instead of raw card data.
 */
export interface TestCard {
  brand: string;
  /** Stripe test PaymentMethod id. */
  paymentMethod: string;
  /** Set on cards that Stripe declines; the message Stripe gives. */
  declines?: string;
}

export const STRIPE_TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', paymentMethod: 'pm_card_visa' },
  '4000056655665556': { brand: 'visa', paymentMethod: 'pm_card_visa_debit' },
  '5555555555554444': { brand: 'mastercard', paymentMethod: 'pm_card_mastercard' },
  '5200828282828210': { brand: 'mastercard', paymentMethod: 'pm_card_mastercard_debit' },
  '378282246310005': { brand: 'amex', paymentMethod: 'pm_card_amex' },
  '6011111111111117': { brand: 'discover', paymentMethod: 'pm_card_discover' },
  '3056930009020004': { brand: 'diners', paymentMethod: 'pm_card_diners' },
  '3566002020360505': { brand: 'jcb', paymentMethod: 'pm_card_jcb' },
  '6200000000000005': { brand: 'unionpay', paymentMethod: 'pm_card_unionpay' },
  '4000000000000002': {
    brand: 'visa',
    paymentMethod: 'pm_card_visa_chargeDeclined',
    declines: 'Your card was declined.',
  },
  '4000000000009995': {
    brand: 'visa',
    paymentMethod: 'pm_card_visa_chargeDeclinedInsufficientFunds',
    declines: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    declines: 'Your card has expired.',
  },
};
