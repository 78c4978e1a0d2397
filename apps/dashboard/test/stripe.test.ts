/**
 * The Stripe card verifier against a local stand-in of the three Stripe endpoints it calls
 * (customers, setup_intents with confirm), through the real `stripe` SDK pointed at it with the
 * SDK's host/port/protocol options — the way the Claude summarizer is tested.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeVerifier } from '../src/billing/stripe';
import { TestModeVerifier } from '../src/billing/test-mode';
import { ACCEPTABLE_USE_VERSION } from '@pagemap/accounts';
import { createLogger } from '@pagemap/runtime';
import { startRedis } from '@pagemap/test-utils';
import { loadDashboardEnv } from '../src/env';
import { createDashboard } from '../src/dashboard';
import { DashboardClient } from './client';
import { PASSWORD, uniqueEmail } from './harness';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  form: URLSearchParams;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const owner = { ownerId: 'ow_1', email: 'owner@example.test', tenantId: 'tn_1' };
const card = (number: string) => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, form });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && req.url === '/v1/customers')
        return json(200, { id: 'cus_standin', object: 'customer', email: form.get('email') });
      if (req.method === 'POST' && req.url === '/v1/setup_intents') {
        const pm = form.get('payment_method');
        if (pm === 'pm_card_visa_chargeDeclined') {
          return json(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        }
        return json(200, {
          id: 'seti_standin',
          object: 'setup_intent',
          status: 'succeeded',
          customer: form.get('customer'),
          payment_method: { id: pm, object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
        });
      }
      json(404, { error: { type: 'invalid_request_error', message: `no stand-in for ${req.method} ${req.url}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(() => {
  seen.length = 0;
});

test('a test card is verified with a customer and a confirmed off-session SetupIntent (no charge), sending no card number', async () => {
  const verifier = new StripeVerifier({ secretKey: 'sk_test_standin', apiBase: base });
  const result = await verifier.verify(card('4242 4242 4242 4242'), owner);
  expect(result).toEqual({ ok: true, provider: 'stripe', reference: 'seti_standin', brand: 'visa', last4: '4242' });
  expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/customers', 'POST /v1/setup_intents']);
  expect(seen.every((s) => s.auth === 'Bearer sk_test_standin')).toBe(true);
  expect(seen[0]!.form.get('metadata[pagemap_tenant]')).toBe('tn_1');
  const intent = seen[1]!.form;
  expect({
    customer: intent.get('customer'),
    pm: intent.get('payment_method'),
    confirm: intent.get('confirm'),
    usage: intent.get('usage'),
  }).toEqual({ customer: 'cus_standin', pm: 'pm_card_visa', confirm: 'true', usage: 'off_session' });
  expect(intent.has('amount')).toBe(false);
  expect(seen.map((s) => s.form.toString()).join('&')).not.toContain('4242424242424242');
});

test('a declined card comes back as CARD_DECLINED with Stripe’s message', async () => {
  const verifier = new StripeVerifier({ secretKey: 'sk_test_standin', apiBase: base });
  expect(await verifier.verify(card('4000000000000002'), owner)).toEqual({
    ok: false,
    code: 'CARD_DECLINED',
    message: 'Your card was declined.',
  });
});

test('numbers that are not published test cards never reach Stripe; a live key is refused until Elements is embedded', async () => {
  const verifier = new StripeVerifier({ secretKey: 'sk_test_standin', apiBase: base });
  expect(await verifier.verify(card('4111111111111111'), owner)).toMatchObject({ ok: false, code: 'CARD_INVALID' });
  const live = new StripeVerifier({ secretKey: 'sk_live_standin', apiBase: base });
  expect(await live.verify(card('4242424242424242'), owner)).toMatchObject({ ok: false, code: 'PROVIDER_ERROR' });
  expect(seen).toEqual([]);
});

test('an unreachable Stripe is a PROVIDER_ERROR, not a crash', async () => {
  const verifier = new StripeVerifier({ secretKey: 'sk_test_standin', apiBase: 'http://127.0.0.1:9' });
  expect(await verifier.verify(card('4242424242424242'), owner)).toMatchObject({ ok: false, code: 'PROVIDER_ERROR' });
});

test('test mode accepts only published test numbers, with valid expiry and CVC, and declines the decline cards', async () => {
  const test = new TestModeVerifier();
  expect(await test.verify(card('5555 5555 5555 4444'))).toMatchObject({
    ok: true,
    provider: 'test',
    brand: 'mastercard',
    last4: '4444',
  });
  expect(await test.verify(card('4111111111111111'))).toMatchObject({ ok: false, code: 'CARD_INVALID' });
  expect(await test.verify(card('4242424242424241'))).toMatchObject({ ok: false, code: 'CARD_INVALID' }); // fails Luhn
  expect(await test.verify({ ...card('4242424242424242'), expYear: 2020 })).toMatchObject({
    ok: false,
    code: 'CARD_INVALID',
  });
  expect(await test.verify({ ...card('4242424242424242'), cvc: '1' })).toMatchObject({
    ok: false,
    code: 'CARD_INVALID',
  });
  expect(await test.verify(card('4000000000009995'))).toEqual({
    ok: false,
    code: 'CARD_DECLINED',
    message: 'Your card has insufficient funds.',
  });
  expect(test.label).toMatch(/^TEST MODE/);
});

test('through the billing page with STRIPE_SECRET_KEY set: card verified by the stand-in, attestation stored with version, time and owner, login automation on', async () => {
  const redis = await startRedis();
  const dash = createDashboard(
    loadDashboardEnv({
      REDIS_URL: redis.url,
      PAGEMAP_REDIS_PREFIX: redis.prefix,
      PAGEMAP_JWT_SECRET: randomBytes(32).toString('hex'),
      PAGEMAP_DASHBOARD_SESSION_SECRET: randomBytes(32).toString('hex'),
      PAGEMAP_API_URL: 'http://127.0.0.1:9',
      PORT: '0',
      HOST: '127.0.0.1',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: base,
    }),
    createLogger({ name: 'dashboard', level: 'silent' }),
  );
  try {
    const { port } = await dash.start();
    const client = new DashboardClient(`http://127.0.0.1:${port}`);
    const email = uniqueEmail('stripe');
    await client.request('POST', '/signup', {
      form: { _csrf: await client.csrf('/signup'), account: 'Stripe test', email, password: PASSWORD },
    });
    await client.signIn(email, PASSWORD);
    const billing = await client.request('GET', '/billing');
    expect(billing.text).toContain('Stripe test mode');
    const form = {
      _csrf: await client.csrf('/billing'),
      card_number: '4242424242424242',
      exp_month: '12',
      exp_year: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
    };
    // Without the attestation: refused before the provider is asked.
    expect((await client.request('POST', '/billing/login-automation', { form })).status).toBe(400);
    expect(seen).toEqual([]);
    const before = Date.now();
    expect(
      (await client.request('POST', '/billing/login-automation', { form: { ...form, attest: ACCEPTABLE_USE_VERSION } }))
        .status,
    ).toBe(303);
    const owner = (await dash.services.owners.findByEmail(email))!;
    const state = await dash.services.gate.state(owner.tenantId);
    expect(state.enabled).toBe(true);
    expect(state.card).toMatchObject({
      provider: 'stripe',
      reference: 'seti_standin',
      brand: 'visa',
      last4: '4242',
      ownerId: owner.id,
    });
    expect(state.attestation).toMatchObject({ version: ACCEPTABLE_USE_VERSION, ownerId: owner.id });
    expect(Date.parse(state.attestation!.attestedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await dash.services.accounts.getTenant(owner.tenantId))!.loginAutomation).toBe(true);
    // The card number is nowhere in Redis.
    const dump = await Promise.all(
      (await redis.client.keys(`${redis.prefix}:*`)).map((k) => redis.client.dumpBuffer(k)),
    );
    expect(dump.map((d) => d?.toString('latin1') ?? '').join('')).not.toContain('4242424242424242');
  } finally {
    await dash.close();
    await redis.stop();
  }
});
