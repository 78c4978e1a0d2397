/**
 * Delivers events to the webhook endpoint the way Stripe does: a JSON event, a `Stripe-Signature`
 * header made with the stripe package's own `generateTestHeaderString` and the endpoint secret,
 * one event at a time in the order they happened, retried a few times on failure.
 */
import Stripe from 'stripe';
import { newId, nowS } from './state';

const API_VERSION = '2026-10-28.endive';
const ATTEMPTS = 4;

export interface DeliveredEvent {
  id: string;
  type: string;
  status: number;
}

export class WebhookSender {
  private chain: Promise<unknown> = Promise.resolve();
  readonly delivered: DeliveredEvent[] = [];

  constructor(
    private readonly endpoint: string,
    private readonly secret: string,
  ) {}

  /** Queues an event after those already queued; resolves once it was delivered (or given up on). */
  send(type: string, object: object): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowS(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    const next = this.chain.then(() => this.deliver(event.id, type, JSON.stringify(event)));
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async deliver(id: string, type: string, payload: string): Promise<void> {
    let status = 0;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
      try {
        const res = await fetch(this.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        status = res.status;
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        status = 0;
      }
      // Stripe backs off for hours; the stand-in retries a few times, quickly.
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    this.delivered.push({ id, type, status });
  }
}
