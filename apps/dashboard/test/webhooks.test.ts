/**
 * Stripe webhooks at the dashboard's endpoint, signed with the stripe package's own helper:
 * a bad or stale signature changes nothing, a replayed event has no second effect, an older event
 * delivered after a newer one loses, the paid period starts at the paid invoice's period start, and
 * a failed payment keeps the plan until Stripe gives up (then Free).
 */
import { randomBytes } from 'node:crypto';
import {
  deliver,
  event,
  invoice,
  PRICES,
  signUpOwner,
  startBillingHarness,
  subscription,
  type BillingHarness,
} from './billing-harness';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const nowS = () => Math.floor(Date.now() / 1000);
const DAY_S = 86_400;

/** A new account linked to a Stripe customer id of its own. */
async function account(tag: string) {
  const { tenantId } = await signUpOwner(h, tag);
  const customer = `cus_${randomBytes(6).toString('hex')}`;
  await h.dash.services.billing.linkCustomer(tenantId, customer);
  return { tenantId, customer, sub: `sub_${randomBytes(6).toString('hex')}` };
}

const tenant = async (id: string) => (await h.dash.services.accounts.getTenant(id))!;

test('a bad signature, a tampered body or a signature older than the tolerance is 400 and changes nothing', async () => {
  const a = await account('badsig');
  const evt = event(
    'customer.subscription.created',
    subscription(a.sub, a.customer, 'active', PRICES.builder, nowS()),
    nowS(),
  );
  const wrong = await deliver(h, evt, `whsec_${randomBytes(24).toString('hex')}`);
  expect(wrong).toEqual({ status: 400, body: expect.objectContaining({ error: 'WEBHOOK_SIGNATURE_INVALID' }) });
  const stale = await deliver(h, evt, h.secret, nowS() - 3600);
  expect(stale.status).toBe(400);
  const tampered = await fetch(`${h.url}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    body: JSON.stringify(evt),
  });
  expect(tampered.status).toBe(400);
  expect(await tampered.json()).toMatchObject({ error: 'WEBHOOK_SIGNATURE_INVALID' });
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'free', hasSubscription: false });
  // The same event, signed right, is applied (and could not have been claimed by the refusals).
  expect((await deliver(h, evt)).body.outcome).toBe('applied');
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'builder', hasSubscription: true });
});

test('a replayed event has no second effect (here: after an operator override, the replay does not undo it)', async () => {
  const a = await account('replay');
  const evt = event(
    'customer.subscription.created',
    subscription(a.sub, a.customer, 'active', PRICES.builder, nowS()),
    nowS(),
  );
  expect((await deliver(h, evt)).body.outcome).toBe('applied');
  await h.dash.services.accounts.setPlan(a.tenantId, 'scale');
  expect((await deliver(h, evt)).body.outcome).toBe('duplicate');
  expect((await tenant(a.tenantId)).plan).toBe('scale');
});

test('out of order: a cancellation delivered before the creation wins; an older invoice does not move the period back', async () => {
  const a = await account('order');
  const start = nowS() - 40 * DAY_S;
  const created = event(
    'customer.subscription.created',
    subscription(a.sub, a.customer, 'active', PRICES.builder, start),
    start,
  );
  const deleted = event(
    'customer.subscription.deleted',
    subscription(a.sub, a.customer, 'canceled', PRICES.builder, start),
    start + 20,
  );
  expect((await deliver(h, deleted)).body.outcome).toBe('applied');
  expect((await deliver(h, created)).body.outcome).toBe('stale');
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'free', hasSubscription: false });

  const b = await account('invoices');
  const p1 = nowS() - 35 * DAY_S;
  const p2 = p1 + 30 * DAY_S;
  await deliver(
    h,
    event('customer.subscription.created', subscription(b.sub, b.customer, 'active', PRICES.builder, p1), p1),
  );
  expect((await deliver(h, event('invoice.paid', invoice(b.sub, b.customer, p2), p2))).body.outcome).toBe('applied');
  expect((await deliver(h, event('invoice.paid', invoice(b.sub, b.customer, p1), p1 + 5))).body.outcome).toBe('stale');
  const t = await tenant(b.tenantId);
  expect(h.dash.services.accounts.period(t).start.toISOString()).toBe(new Date(p2 * 1000).toISOString());
});

test('the paid period starts at the invoice period start, even when the invoice arrives before the subscription', async () => {
  const a = await account('invoice-first');
  const p = nowS() - 3 * DAY_S;
  await deliver(h, event('invoice.paid', invoice(a.sub, a.customer, p), p));
  await deliver(
    h,
    event('customer.subscription.created', subscription(a.sub, a.customer, 'active', PRICES.scale, p - 60), p),
  );
  const t = await tenant(a.tenantId);
  expect(t).toMatchObject({ plan: 'scale', hasSubscription: true });
  expect(h.dash.services.accounts.period(t)).toMatchObject({
    start: new Date(p * 1000),
    basis: 'billing_anniversary',
  });
});

test('a failed payment keeps the plan while Stripe retries (shown on the billing page); unpaid after the retries is Free', async () => {
  const a = await account('failed');
  const { client } = await signUpOwner(h, 'failed-view');
  const p = nowS() - DAY_S;
  await deliver(
    h,
    event('customer.subscription.created', subscription(a.sub, a.customer, 'active', PRICES.builder, p), p),
  );
  await deliver(h, event('invoice.payment_failed', invoice(a.sub, a.customer, p), p + 10));
  await deliver(
    h,
    event('customer.subscription.updated', subscription(a.sub, a.customer, 'past_due', PRICES.builder, p), p + 11),
  );
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'builder', hasSubscription: true });
  expect((await h.dash.services.billing.state(a.tenantId)).paymentFailedAt).not.toBeNull();
  await deliver(
    h,
    event('customer.subscription.updated', subscription(a.sub, a.customer, 'unpaid', PRICES.builder, p), p + 20),
  );
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'free', hasSubscription: false });
  expect((await client.request('GET', '/billing')).status).toBe(200);
});

test('the end of an older subscription does not end the current one', async () => {
  const a = await account('two-subs');
  const p = nowS() - DAY_S;
  await deliver(
    h,
    event('customer.subscription.created', subscription(a.sub, a.customer, 'active', PRICES.scale, p), p),
  );
  const old = event(
    'customer.subscription.deleted',
    subscription('sub_old', a.customer, 'canceled', PRICES.builder, p),
    p + 30,
  );
  expect((await deliver(h, old)).body.outcome).toBe('stale');
  expect(await tenant(a.tenantId)).toMatchObject({ plan: 'scale', hasSubscription: true });
});

test('events for a customer Pagemap does not know, or of types it does not use, are acknowledged and ignored', async () => {
  const evt = event(
    'customer.subscription.created',
    subscription('sub_x', 'cus_unknown', 'active', PRICES.builder, nowS()),
    nowS(),
  );
  expect(await deliver(h, evt)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  const a = await account('other-type');
  expect(
    (await deliver(h, event('customer.updated', { id: a.customer, customer: a.customer }, nowS()))).body.outcome,
  ).toBe('ignored');
});

test('the Builder trial starts once per account, from Free', async () => {
  const { client, tenantId } = await signUpOwner(h, 'trial');
  const start = async () =>
    client.request('POST', '/billing/trial', { form: { _csrf: await client.csrf('/billing') } });
  expect((await start()).status).toBe(303);
  expect((await tenant(tenantId)).plan).toBe('builder_trial');
  await h.dash.services.accounts.setPlan(tenantId, 'free');
  await start();
  expect((await tenant(tenantId)).plan).toBe('free');
  expect(await h.dash.services.billing.startTrial(tenantId)).toBe('used');
});
