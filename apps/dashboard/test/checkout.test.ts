/**
 * The hosted flows end to end over HTTP: the dashboard creates Checkout sessions through the
 * `stripe` package against the stand-in, the card is posted to the stand-in's page only, and the
 * result reaches the dashboard as signed webhooks. The return to the dashboard only shows state.
 */
import { ACCEPTABLE_USE_VERSION, LoginAbuseStore } from '@pagemap/accounts';
import { keySpace } from '@pagemap/queue';
import { PRICES, signUpOwner, startBillingHarness, type BillingHarness } from './billing-harness';
import type { DashboardClient } from './client';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

/** Posts a dashboard form and returns where it redirects. */
async function redirectOf(client: DashboardClient, path: string, form: Record<string, string> = {}) {
  const res = await client.request('POST', path, { form: { _csrf: await client.csrf('/billing'), ...form } });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

/** Types a card into the stand-in's hosted Checkout page (never the dashboard's). */
async function pay(checkoutUrl: string, cardNumber: string, path = '') {
  const body = new URLSearchParams({ cardNumber, cardExpiry: '12 / 40', cardCvc: '123' });
  const res = await fetch(checkoutUrl + path, { method: 'POST', body, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

test('card check: declined and unknown cards change nothing; 4242 on the hosted page is recorded from the webhook', async () => {
  const { client, tenantId, owner } = await signUpOwner(h, 'card');
  const checkout = await redirectOf(client, '/billing/card');
  expect(checkout.startsWith(`${h.standin.url}/c/pay/cs_test_`)).toBe(true);
  expect((await pay(checkout, '4000 0000 0000 0002')).status).toBe(402);
  expect((await pay(checkout, '4111 1111 1111 1111')).status).toBe(400);
  expect((await h.dash.services.gate.state(tenantId)).card).toBeNull();

  const paid = await pay(checkout, '4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  expect(paid.location).toBe(`${h.url}/billing?checkout=card`);
  const state = await h.dash.services.gate.state(tenantId);
  expect(state.card).toMatchObject({ provider: 'stripe', brand: 'visa', last4: '4242', ownerId: owner.id });
  expect(state.enabled).toBe(false); // not yet attested
  await client.request('POST', '/billing/attest', {
    form: { _csrf: await client.csrf('/billing'), attest: ACCEPTABLE_USE_VERSION },
  });
  expect((await h.dash.services.gate.state(tenantId)).enabled).toBe(true);
  const page = await client.request('GET', '/billing?checkout=card');
  expect(page.text).toContain('visa ending 4242');
  expect(page.text).not.toMatch(/cc-number|card_number|name="cvc"/);
});

test('a card that requires authentication is recorded only once authentication completes', async () => {
  const { client, tenantId } = await signUpOwner(h, 'auth');
  const checkout = await redirectOf(client, '/billing/card');
  const asked = await pay(checkout, '4000 0025 0000 3155');
  expect(asked.text).toContain('Authenticate this card');
  const failed = await fetch(`${checkout}/authenticate`, {
    method: 'POST',
    body: new URLSearchParams({ result: 'fail' }),
    redirect: 'manual',
  });
  expect(failed.status).toBe(402);
  expect((await h.dash.services.gate.state(tenantId)).card).toBeNull();
  await pay(checkout, '4000 0025 0000 3155');
  const done = await fetch(`${checkout}/authenticate`, {
    method: 'POST',
    body: new URLSearchParams({ result: 'complete' }),
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  expect((await h.dash.services.gate.state(tenantId)).card).toMatchObject({ last4: '3155' });
});

test('subscribe through Checkout, then cancel in the portal: plan and subscription follow the webhooks', async () => {
  const { client, tenantId } = await signUpOwner(h, 'subscribe');
  const checkout = await redirectOf(client, '/billing/subscribe', { plan: 'scale' });
  expect((await pay(checkout, '5555 5555 5555 4444')).status).toBe(303);
  const sub = h.standin
    .subscriptions()
    .find((s) => s.items.data[0]!.price.id === PRICES.scale && s.status === 'active');
  const tenant = (await h.dash.services.accounts.getTenant(tenantId))!;
  expect(tenant).toMatchObject({ plan: 'scale', hasSubscription: true });
  expect(h.dash.services.accounts.period(tenant).start.getTime()).toBe(sub!.items.data[0]!.current_period_start * 1000);

  const portal = await redirectOf(client, '/billing/portal');
  expect(portal.startsWith(`${h.standin.url}/p/session/`)).toBe(true);
  const cancelled = await fetch(`${portal}/cancel`, {
    method: 'POST',
    body: new URLSearchParams({ subscription: sub!.id }),
    redirect: 'manual',
  });
  expect(cancelled.status).toBe(303);
  expect(await h.dash.services.accounts.getTenant(tenantId)).toMatchObject({ plan: 'free', hasSubscription: false });
});

test('no card number reaches Redis', async () => {
  const keys = await h.redis.client.keys(`${h.redis.prefix}:*`);
  const dump = await Promise.all(keys.map((k) => h.redis.client.dumpBuffer(k)));
  const all = dump.map((d) => d?.toString('latin1') ?? '').join('');
  for (const number of ['4242424242424242', '5555555555554444', '4000002500003155', '4000000000000002'])
    expect(all).not.toContain(number);
});

test('the billing area shows an automatic suspension of login automation: that it is, why and since when', async () => {
  const { client, tenantId } = await signUpOwner(h, 'suspended');
  expect((await client.request('GET', '/billing')).text).not.toContain('login-automation-suspended');
  const abuse = new LoginAbuseStore(h.redis.client, keySpace(h.redis.prefix));
  const tiny = { usernames: 2, rejectedShare: 0.5, minAttempts: 100, blockHits: 100, maxAttempts: 100 };
  const out = await abuse.record(
    tenantId,
    'shop.example',
    [
      { username: 'a', outcome: 'rejected' },
      { username: 'b', outcome: 'rejected' },
    ],
    tiny,
  );
  expect(out.suspended).toBe(true);
  const page = (await client.request('GET', '/billing')).text;
  expect(page).toMatch(/id="login-automation-suspended" data-reason="many_usernames_rejected"/);
  expect(page).toContain('shop.example');
  expect(page).toContain((await abuse.suspension(tenantId))!.since.slice(0, 16).replace('T', ' '));
});
