/**
 * The stand-in's HTTP server: `/v1/…` is the API (JSON, Stripe's error shape), `/c/pay/…` the
 * hosted Checkout and `/p/session/…` the Customer Portal. Its own port, so its own origin: the
 * dashboard links to it and never sees a card field.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StandinApi } from './api';
import { HostedPages, type PageAnswer } from './hosted';
import { StandinState, type Subscription } from './state';
import { WebhookSender, type DeliveredEvent } from './webhooks';

export interface StandinOptions {
  /** Where signed webhooks go (the dashboard's endpoint). */
  webhookUrl: string;
  /** The endpoint secret (`whsec_…`) the dashboard verifies with. */
  webhookSecret: string;
  /** Price ids the portal offers to switch between. */
  prices?: string[];
  host?: string;
  /** 0: any free port. */
  port?: number;
}

export interface StripeStandin {
  /** `http://host:port`: the API base and the hosted pages' origin. */
  url: string;
  port: number;
  /** Events delivered so far (id, type, the endpoint's status). */
  delivered: readonly DeliveredEvent[];
  subscriptions(): Subscription[];
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
      if (body.length > MAX_BODY) reject(new Error('body too large'));
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function sendPage(res: ServerResponse, answer: PageAnswer): void {
  if (answer.redirect) {
    res.writeHead(answer.status, { location: answer.redirect });
    return void res.end();
  }
  res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(answer.html ?? '');
}

export async function startStripeStandin(opts: StandinOptions): Promise<StripeStandin> {
  const state = new StandinState();
  const webhooks = new WebhookSender(opts.webhookUrl, opts.webhookSecret);
  let origin = '';
  const api = new StandinApi(state, () => origin);
  const pages = new HostedPages(state, webhooks, opts.prices ?? []);

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const body = req.method === 'POST' ? await readBody(req) : '';
    const form = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
    if (url.pathname.startsWith('/v1/')) {
      const answer = api.handle(req.method ?? 'GET', url.pathname, form);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      return void res.end(JSON.stringify(answer.body));
    }
    const [, area, kind, id, action] = url.pathname.split('/');
    if (area === 'c' && kind === 'pay' && id) {
      if (req.method === 'GET') return sendPage(res, pages.showCheckout(id));
      return sendPage(res, action === 'authenticate' ? await pages.authenticate(id, form) : await pages.pay(id, form));
    }
    if (area === 'p' && kind === 'session' && id) {
      if (req.method === 'GET') return sendPage(res, pages.showPortal(id));
      if (action === 'cancel' || action === 'switch') return sendPage(res, await pages.portalAction(id, action, form));
    }
    sendPage(res, { status: 404, html: 'Not found.' });
  };

  const server = createServer((req, res) => {
    route(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('Bad request.');
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  return {
    url: origin,
    port,
    delivered: webhooks.delivered,
    subscriptions: () => [...state.subscriptions.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
