/**
 * What happens on the hosted pages: a test card's outcome decides success, decline or an
 * authentication step; a completed Checkout creates the SetupIntent or the Subscription and sends
 * the webhooks Stripe would send, before the browser is sent back (so the return page usually
 * already shows the result; Pagemap does not rely on it). The portal cancels or switches plans.
 */
import { authenticatePage, checkoutPage, portalPage } from './pages';
import { newId, nowS, type CheckoutSession, type StandinState } from './state';
import { cardDigits, outcomeOf } from './test-cards';
import type { WebhookSender } from './webhooks';

export type PageAnswer = { status: number; html?: string; redirect?: string };

export class HostedPages {
  constructor(
    private readonly state: StandinState,
    private readonly webhooks: WebhookSender,
    private readonly prices: string[],
  ) {}

  showCheckout(id: string): PageAnswer {
    const session = this.state.sessions.get(id);
    if (!session) return { status: 404, html: 'No such checkout session.' };
    if (session.status === 'complete') return { status: 303, redirect: session.success_url };
    return { status: 200, html: checkoutPage(session) };
  }

  async pay(id: string, form: URLSearchParams): Promise<PageAnswer> {
    const session = this.state.sessions.get(id);
    if (!session || session.status !== 'open') return { status: 404, html: 'No open checkout session.' };
    const number = form.get('cardNumber') ?? '';
    const outcome = outcomeOf(number);
    if (outcome.kind === 'unknown')
      return { status: 400, html: checkoutPage(session, 'Use one of Stripe’s published test card numbers.') };
    if (outcome.kind === 'decline') return { status: 402, html: checkoutPage(session, outcome.message) };
    // Only brand and last four digits go further; the number itself is dropped here.
    const card = { brand: outcome.brand, last4: cardDigits(number).slice(-4) };
    if (outcome.kind === 'authenticate') {
      session.pending = card;
      return { status: 200, html: authenticatePage(session) };
    }
    await this.complete(session, card);
    return { status: 303, redirect: session.success_url };
  }

  async authenticate(id: string, form: URLSearchParams): Promise<PageAnswer> {
    const session = this.state.sessions.get(id);
    if (!session?.pending || session.status !== 'open') return { status: 404, html: 'Nothing to authenticate.' };
    const card = session.pending;
    delete session.pending;
    if (form.get('result') !== 'complete')
      return { status: 402, html: checkoutPage(session, 'We are unable to authenticate your payment method.') };
    await this.complete(session, card);
    return { status: 303, redirect: session.success_url };
  }

  private async complete(session: CheckoutSession, card: { brand: string; last4: string }): Promise<void> {
    const pm = this.state.paymentMethod(session.customer, card.brand, card.last4);
    session.status = 'complete';
    if (session.mode === 'setup') {
      const intent = {
        id: newId('seti'),
        object: 'setup_intent' as const,
        status: 'succeeded' as const,
        customer: session.customer,
        payment_method: pm.id,
        usage: 'off_session' as const,
        metadata: session.metadata,
      };
      this.state.setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      await this.webhooks.send('setup_intent.succeeded', intent);
    } else {
      const sub = this.state.subscription(session.customer, session.price ?? '', session.metadata);
      session.subscription = sub.id;
      await this.webhooks.send('customer.subscription.created', sub);
      await this.webhooks.send('invoice.paid', this.state.invoiceFor(sub));
    }
    const { pending: _pending, ...visible } = session;
    await this.webhooks.send('checkout.session.completed', visible);
  }

  showPortal(id: string): PageAnswer {
    const portal = this.state.portalSessions.get(id);
    if (!portal) return { status: 404, html: 'No such portal session.' };
    const subs = [...this.state.subscriptions.values()].filter(
      (s) => s.customer === portal.customer && s.status !== 'canceled',
    );
    return { status: 200, html: portalPage(id, portal.return_url, subs, this.prices) };
  }

  async portalAction(id: string, action: 'cancel' | 'switch', form: URLSearchParams): Promise<PageAnswer> {
    const portal = this.state.portalSessions.get(id);
    const sub = this.state.subscriptions.get(form.get('subscription') ?? '');
    if (!portal || !sub || sub.customer !== portal.customer) return { status: 404, html: 'No such subscription.' };
    if (action === 'cancel') {
      // The portal configured to cancel immediately (docs/billing-operations.md explains both settings).
      sub.status = 'canceled';
      sub.canceled_at = nowS();
      await this.webhooks.send('customer.subscription.deleted', sub);
    } else {
      const price = form.get('price') ?? '';
      if (!this.prices.includes(price)) return { status: 400, html: 'Unknown price.' };
      sub.items.data[0]!.price = { id: price, object: 'price' };
      await this.webhooks.send('customer.subscription.updated', sub);
    }
    return { status: 303, redirect: `/p/session/${id}` };
  }
}
