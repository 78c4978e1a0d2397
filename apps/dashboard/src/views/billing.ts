/** The billing area (`billing.portal_url` leads here): plan and period, and the login-automation gate. */
import { ACCEPTABLE_USE_VERSION, type VerificationState } from '@pagemap/accounts';
import { html } from './html';
import { page, type PageOptions } from './layout';
import { usageSummary, type UsageView } from './usage';

export function billingPage(o: {
  frame: Omit<PageOptions, 'title' | 'active'>;
  usage: UsageView;
  hasSubscription: boolean;
  state: VerificationState;
  providerLabel: string;
  testMode: boolean;
}): string {
  const { state } = o;
  const status = state.enabled
    ? html`<p id="login-automation-status" data-enabled="true"><strong>Login automation is enabled.</strong> Identity-provider sign-in pages open for this account.</p>
<form method="post" action="/billing/login-automation/disable" class="inline"><input type="hidden" name="_csrf" value="${o.frame.csrfToken}"><button type="submit" class="danger">Turn off login automation</button></form>`
    : html`<p id="login-automation-status" data-enabled="false"><strong>Login automation is off.</strong> Requests to dedicated identity-provider domains fail with <code>DOMAIN_BLOCKED</code>.</p>`;
  const record = html`<dl class="facts">
  <dt>Card check</dt><dd>${state.card ? html`${state.card.brand} ending ${state.card.last4}, verified ${state.card.verifiedAt.slice(0, 16).replace('T', ' ')} UTC (${state.card.provider})` : 'none'}</dd>
  <dt>Attestation</dt><dd>${state.attestation ? html`policy version ${state.attestation.version}, ${state.attestation.attestedAt.slice(0, 16).replace('T', ' ')} UTC` : 'none'}</dd>
</dl>`;
  const form = state.enabled
    ? ''
    : html`<form method="post" action="/billing/login-automation" class="card narrow" autocomplete="off">
  <input type="hidden" name="_csrf" value="${o.frame.csrfToken}">
  <p class="${o.testMode ? 'test-mode' : 'muted'}" role="note">${o.providerLabel}</p>
  <label for="card-number">Card number</label>
  <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
  <label for="card-exp-month">Expiry month (MM)</label>
  <input id="card-exp-month" name="exp_month" type="text" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required>
  <label for="card-exp-year">Expiry year (YYYY)</label>
  <input id="card-exp-year" name="exp_year" type="text" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required>
  <label for="card-cvc">Security code (CVC)</label>
  <input id="card-cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required>
  <p class="check"><input id="attest" name="attest" type="checkbox" value="${ACCEPTABLE_USE_VERSION}" required>
  <label for="attest">I attest to the <a href="/docs/acceptable-use.html">acceptable-use policy</a> (version ${ACCEPTABLE_USE_VERSION}): sign-ins are automated only for accounts I own or am expressly authorized to operate.</label></p>
  <button type="submit">Verify card and enable login automation</button>
</form>`;
  return page(
    { ...o.frame, title: 'Billing', active: 'billing' },
    html`<h1>Billing</h1>
<section class="card"><h2>Plan and period</h2>${usageSummary(o.usage)}
<p>Subscription: ${o.hasSubscription ? 'active' : 'none'}. Plan changes are made by the operator of this deployment.</p></section>
<section class="card"><h2>Login automation</h2>
<p>Available on every plan. To enable it, verify a payment card (a zero-amount check, no charge) and attest to the acceptable-use policy.</p>
${status}${record}</section>
${form}`,
  );
}
