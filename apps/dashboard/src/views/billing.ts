/**
 * The billing area (`billing.portal_url` leads here): plan and period, the trial, subscribing
 * through the provider's hosted Checkout, the Customer Portal, and the login-automation gate. No
 * card field is ever rendered here: cards are typed on the provider's own page.
 */
import { ACCEPTABLE_USE_VERSION, type SubscriptionState, type VerificationState } from '@pagemap/accounts';
import { html, type Html } from './html';
import { page, type PageOptions } from './layout';
import { usageSummary, type UsageView } from './usage';

export interface BillingView {
  frame: Omit<PageOptions, 'title' | 'active'>;
  usage: UsageView;
  hasSubscription: boolean;
  subscription: SubscriptionState;
  state: VerificationState;
  /** Payments configured (a Stripe key); test: a test key or the local stand-in. */
  payments: 'none' | 'test' | 'live';
  /** Paid plans with a price configured. */
  plans: string[];
  /** Set when the browser came back from the provider's hosted page (the result comes by webhook). */
  returnedFrom?: string;
}

/** docs/acceptable-use.md explains each. */
const SUSPENSION_REASONS: Record<string, string> = {
  many_usernames_rejected: 'many different usernames tried, most rejected',
  rejected_share: 'most sign-in attempts rejected',
  captcha_or_block_hits: 'repeated CAPTCHAs during sign-in',
  attempt_volume: 'an unusual number of sign-in attempts',
};

const at = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function form(action: string, csrf: string, label: string, extra: Html | string = '', cls = ''): Html {
  return html`<form method="post" action="${action}" class="inline"><input type="hidden" name="_csrf" value="${csrf}">${extra}<button type="submit"${cls ? html` class="${cls}"` : ''}>${label}</button></form>`;
}

function planSection(o: BillingView): Html {
  const csrf = o.frame.csrfToken ?? '';
  const sub = o.subscription;
  const status = o.hasSubscription
    ? html`<p id="subscription-status" data-status="${sub.status ?? 'active'}">Subscription: <strong>${sub.status ?? 'active'}</strong>.</p>`
    : html`<p id="subscription-status" data-status="none">Subscription: none.</p>`;
  const failed = sub.paymentFailedAt
    ? html`<p class="flash error" id="payment-failed">A payment failed on ${at(sub.paymentFailedAt)}. Stripe retries it; update the card in the portal. If the retries fail the account moves to Free.</p>`
    : '';
  if (o.payments === 'none')
    return html`${status}<p>Payments are not configured on this deployment; plan changes are made by its operator.</p>`;
  const trial =
    !sub.trialStartedAt && o.usage.plan === 'free' && !o.hasSubscription
      ? form('/billing/trial', csrf, 'Start the 14-day Builder trial')
      : html`<p id="trial-status">${sub.trialStartedAt ? `Builder trial started ${at(sub.trialStartedAt)} (once per account).` : ''}</p>`;
  const subscribe = o.hasSubscription
    ? ''
    : o.plans.map((p) =>
        form('/billing/subscribe', csrf, `Subscribe to ${p}`, html`<input type="hidden" name="plan" value="${p}">`),
      );
  const portal = sub.customerId ? form('/billing/portal', csrf, 'Manage card, plan and invoices') : '';
  return html`${status}${failed}<div class="actions">${trial}${subscribe}${portal}</div>`;
}

function loginAutomationSection(o: BillingView): Html {
  const csrf = o.frame.csrfToken ?? '';
  const { state } = o;
  const attested = state.attestation?.version === ACCEPTABLE_USE_VERSION;
  const status = state.enabled
    ? html`<p id="login-automation-status" data-enabled="true"><strong>Login automation is enabled.</strong> Identity-provider sign-in pages open for this account.</p>${form('/billing/login-automation/disable', csrf, 'Turn off login automation', '', 'danger')}`
    : html`<p id="login-automation-status" data-enabled="false"><strong>Login automation is off.</strong> Requests to dedicated identity-provider domains fail with <code>DOMAIN_BLOCKED</code>.</p>`;
  const suspended = state.suspended
    ? html`<p class="flash error" id="login-automation-suspended" data-reason="${state.suspended.reason}"><strong>Login automation is suspended</strong> since ${at(state.suspended.since)}: automated sign-ins on ${state.suspended.site} looked like abuse (${SUSPENSION_REASONS[state.suspended.reason] ?? state.suspended.reason}). Sign-in tools answer <code>LOGIN_AUTOMATION_SUSPENDED</code>; browsing without signing in still works. Contact the operator to have it reinstated.</p>`
    : '';
  const record = html`<dl class="facts" id="verification-record">
  <dt>Card check</dt><dd id="card-check">${state.card ? html`${state.card.brand} ending ${state.card.last4}, verified ${at(state.card.verifiedAt)} (${state.card.provider})` : 'none'}</dd>
  <dt>Attestation</dt><dd id="attestation">${state.attestation ? html`policy version ${state.attestation.version}, ${at(state.attestation.attestedAt)}` : 'none'}</dd>
</dl>`;
  const steps: Array<Html | string> = [];
  if (!state.card && o.payments !== 'none')
    steps.push(form('/billing/card', csrf, 'Verify a card on the payment provider’s page'));
  if (!attested)
    steps.push(html`<form method="post" action="/billing/attest" class="card narrow"><input type="hidden" name="_csrf" value="${csrf}">
  <p class="check"><input id="attest" name="attest" type="checkbox" value="${ACCEPTABLE_USE_VERSION}" required>
  <label for="attest">I attest to the <a href="/docs/acceptable-use.html">acceptable-use policy</a> (version ${ACCEPTABLE_USE_VERSION}): sign-ins are automated only for accounts I own or am expressly authorized to operate.</label></p>
  <button type="submit">Record the attestation</button></form>`);
  if (!state.enabled && state.card && attested)
    steps.push(form('/billing/login-automation/enable', csrf, 'Turn on login automation'));
  return html`${suspended}${status}${record}${steps}`;
}

export function billingPage(o: BillingView): string {
  const mode =
    o.payments === 'test'
      ? html`<p class="test-mode" role="note">TEST MODE: payments go to a Stripe test account or the local Stripe stand-in. Use Stripe’s published test cards (4242 4242 4242 4242) on its page; nothing is charged.</p>`
      : '';
  const back = o.returnedFrom
    ? html`<p class="flash ok" id="checkout-returned">Back from the payment page. What Stripe confirmed is shown below; if it is not there yet, reload in a moment.</p>`
    : '';
  return page(
    { ...o.frame, title: 'Billing', active: 'billing' },
    html`<h1>Billing</h1>${mode}${back}
<section class="card"><h2>Plan and period</h2>${usageSummary(o.usage)}${planSection(o)}</section>
<section class="card"><h2>Login automation</h2>
<p>Available on every plan. To enable it, verify a payment card (a zero-amount check on the provider’s page, no charge) and attest to the acceptable-use policy.</p>
${loginAutomationSection(o)}</section>`,
  );
}
