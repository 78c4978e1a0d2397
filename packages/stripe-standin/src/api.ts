/**
 * The Stripe API endpoints Pagemap calls, answered from the stand-in's memory in Stripe's shapes
 * and error format. Parameters arrive form-encoded the way the stripe package sends them
 * (`metadata[key]=…`, `line_items[0][price]=…`).
 */
import { newId, type StandinState } from './state';

export type ApiAnswer = { status: number; body: unknown };

const notFound = (what: string): ApiAnswer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
});
const invalid = (message: string): ApiAnswer => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', message } },
});

export function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export class StandinApi {
  constructor(
    private readonly state: StandinState,
    private readonly origin: () => string,
  ) {}

  handle(method: string, path: string, form: URLSearchParams): ApiAnswer {
    const [, , resource, id, extra] = path.split('/');
    const key = `${method} ${resource}${resource === 'checkout' || resource === 'billing_portal' ? `/${id}` : ''}`;
    const objectId = resource === 'checkout' || resource === 'billing_portal' ? extra : id;
    switch (key) {
      case 'POST customers':
        return this.createCustomer(form);
      case 'GET customers':
        return this.found(this.state.customers.get(objectId ?? ''), 'customer');
      case 'POST checkout/sessions':
        return this.createCheckout(form);
      case 'GET checkout/sessions':
        return this.found(this.state.sessions.get(objectId ?? ''), 'checkout session');
      case 'GET setup_intents':
        return this.setupIntent(objectId ?? '', form);
      case 'GET subscriptions':
        return this.found(this.state.subscriptions.get(objectId ?? ''), 'subscription');
      case 'POST billing_portal/sessions':
        return this.createPortal(form);
      default:
        return notFound(`endpoint ${method} ${path} in the stand-in`);
    }
  }

  private found(value: unknown, what: string): ApiAnswer {
    return value ? { status: 200, body: value } : notFound(what);
  }

  private createCustomer(form: URLSearchParams): ApiAnswer {
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: form.get('email'),
      metadata: metadataOf(form),
    };
    this.state.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  private createCheckout(form: URLSearchParams): ApiAnswer {
    const mode = form.get('mode');
    const customer = form.get('customer') ?? '';
    const successUrl = form.get('success_url');
    const cancelUrl = form.get('cancel_url');
    if (mode !== 'setup' && mode !== 'subscription') return invalid('mode must be setup or subscription');
    if (!this.state.customers.has(customer)) return invalid(`No such customer: '${customer}'`);
    if (!successUrl || !cancelUrl) return invalid('success_url and cancel_url are required');
    const price = form.get('line_items[0][price]');
    if (mode === 'subscription' && !price) return invalid('line_items[0][price] is required in subscription mode');
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session' as const,
      mode: mode as 'setup' | 'subscription',
      status: 'open' as const,
      customer,
      client_reference_id: form.get('client_reference_id'),
      success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: cancelUrl,
      url: `${this.origin()}/c/pay/${id}`,
      metadata: metadataOf(form),
      price: mode === 'subscription' ? price : null,
      setup_intent: null,
      subscription: null,
    };
    this.state.sessions.set(id, session);
    return { status: 200, body: session };
  }

  private setupIntent(id: string, form: URLSearchParams): ApiAnswer {
    const intent = this.state.setupIntents.get(id);
    if (!intent) return notFound('setup intent');
    const expand = [...form.entries()].some(([k, v]) => k.startsWith('expand') && v === 'payment_method');
    const pm = intent.payment_method ? this.state.paymentMethods.get(intent.payment_method) : undefined;
    return { status: 200, body: expand && pm ? { ...intent, payment_method: pm } : intent };
  }

  private createPortal(form: URLSearchParams): ApiAnswer {
    const customer = form.get('customer') ?? '';
    if (!this.state.customers.has(customer)) return invalid(`No such customer: '${customer}'`);
    const id = newId('bps');
    const session = {
      id,
      object: 'billing_portal.session' as const,
      customer,
      return_url: form.get('return_url') ?? '',
      url: `${this.origin()}/p/session/${id}`,
    };
    this.state.portalSessions.set(id, session);
    return { status: 200, body: session };
  }
}
