export { startStripeStandin, type StandinOptions, type StripeStandin } from './server';
export { STRIPE_TEST_CARDS, outcomeOf, type CardOutcome } from './test-cards';
