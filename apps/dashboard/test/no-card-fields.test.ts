/**
 * No Pagemap app renders a card field or reads one: cards are typed on the payment provider's
 * hosted pages only. Scans every source file and static asset under apps/ for card inputs and
 * card form fields. Also: the Stripe settings an operator gives are checked at start-up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@pagemap/test-utils';
import { loadDashboardEnv } from '../src/env';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (['node_modules', 'dist', 'test', '.turbo'].includes(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|js|html|css)$/.test(name) ? [path] : [];
  });
}

const CARD_FIELD =
  /autocomplete="cc-(number|csc|exp)|name="(card_?number|cardNumber|cvc|cvv|csc|card_cvc)"|['"](card_number|cvc)['"]|exp_month|exp_year/i;

test('no file under apps/ renders an input for a card number or security code, or reads one from a request', () => {
  const files = filesUnder(join(REPO_ROOT, 'apps'));
  expect(files.length).toBeGreaterThan(50);
  const offending = files.filter((f) => CARD_FIELD.test(readFileSync(f, 'utf8')));
  expect(offending).toEqual([]);
});

test('a Stripe key needs the webhook secret; empty values count as unset', () => {
  const base = {
    REDIS_URL: 'redis://127.0.0.1:1',
    PAGEMAP_JWT_SECRET: 'x'.repeat(32),
    PAGEMAP_DASHBOARD_SESSION_SECRET: 'y'.repeat(32),
    PAGEMAP_API_URL: 'http://127.0.0.1:9',
  };
  expect(() => loadDashboardEnv({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  const empty = loadDashboardEnv({
    ...base,
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_PRICE_BUILDER: '',
  });
  expect(empty).toMatchObject({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, paymentOrigins: [] });
  const live = loadDashboardEnv({
    ...base,
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  });
  expect(live.paymentOrigins).toEqual(['https://checkout.stripe.com', 'https://billing.stripe.com']);
});
