/**
 * The stand-in's hosted pages: Checkout (card entry, authentication) and the Customer Portal.
 * Plain HTML forms on the stand-in's own origin, labelled as a test stand-in everywhere.
 */
import type { CheckoutSession, Subscription } from './state';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body><p id="standin-banner"><strong>Stripe stand-in (test mode).</strong> Use Stripe's published test cards, e.g. 4242 4242 4242 4242; nothing is charged.</p>
${body}</body></html>`;
}

export function checkoutPage(session: CheckoutSession, error?: string): string {
  const what =
    session.mode === 'setup'
      ? 'Verify a card (a zero-amount check; nothing is charged).'
      : `Subscribe (price ${esc(session.price ?? '')}).`;
  return shell(
    'Checkout',
    `<h1>Checkout</h1><p id="checkout-mode" data-mode="${session.mode}">${what}</p>
${error ? `<p id="checkout-error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/c/pay/${esc(session.id)}" autocomplete="off">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" required>
<label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" required>
<label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" required>
<button id="submit" type="submit">${session.mode === 'setup' ? 'Save card' : 'Subscribe'}</button></form>
<p><a id="cancel" href="${esc(session.cancel_url)}">Cancel and go back</a></p>`,
  );
}

export function authenticatePage(session: CheckoutSession): string {
  return shell(
    'Authentication',
    `<h1>Authenticate this card</h1><p>Your bank asks you to confirm (3-D Secure test page).</p>
<form method="post" action="/c/pay/${esc(session.id)}/authenticate"><input type="hidden" name="result" value="complete"><button id="complete-auth" type="submit">Complete authentication</button></form>
<form method="post" action="/c/pay/${esc(session.id)}/authenticate"><input type="hidden" name="result" value="fail"><button id="fail-auth" type="submit">Fail authentication</button></form>`,
  );
}

export function portalPage(portalId: string, returnUrl: string, subs: Subscription[], prices: string[]): string {
  const rows = subs
    .map((s) => {
      const price = s.items.data[0]?.price.id ?? '';
      const switches = prices
        .filter((p) => p !== price)
        .map(
          (p) =>
            `<form method="post" action="/p/session/${esc(portalId)}/switch"><input type="hidden" name="subscription" value="${esc(s.id)}"><input type="hidden" name="price" value="${esc(p)}"><button type="submit" class="switch" data-price="${esc(p)}">Switch to ${esc(p)}</button></form>`,
        )
        .join('');
      return `<li class="subscription" data-id="${esc(s.id)}" data-status="${s.status}">${esc(price)} — ${s.status}
<form method="post" action="/p/session/${esc(portalId)}/cancel"><input type="hidden" name="subscription" value="${esc(s.id)}"><button type="submit" class="cancel-subscription">Cancel subscription</button></form>${switches}</li>`;
    })
    .join('');
  return shell(
    'Customer portal',
    `<h1>Customer portal</h1><ul id="subscriptions">${rows || '<li>No active subscription.</li>'}</ul>
<p><a id="return" href="${esc(returnUrl)}">Return to the dashboard</a></p>`,
  );
}
