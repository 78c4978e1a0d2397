/**
 * The route builder: every route declares its method, path, who may call it and its body schema;
 * the builder does authentication, the usage headers, body validation and the 400s, so a handler
 * is only its own logic.
 */
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import { PagemapError } from '@pagemap/contracts';
import type { Logger } from '@pagemap/runtime';
import type { Principal } from '../auth/principal';
import type { GatewayServices } from '../services';
import { describeZodError } from './validation';

export type Access =
  /** No credential (health, metrics). */
  | 'public'
  /** A full API key or a playground token. */
  | 'any'
  /** A full API key only. */
  | 'full';

export interface RouteContext<B> {
  req: Request;
  res: Response;
  body: B;
  principal: Principal;
  services: GatewayServices;
  log: Logger;
  requestId: string;
}

export interface RouteDef<B = unknown> {
  method: 'get' | 'post' | 'delete';
  path: string;
  access: Access;
  body?: z.ZodType<B>;
  handler: (ctx: RouteContext<B>) => Promise<void>;
}

export function defineRoute<B = undefined>(def: RouteDef<B>): RouteDef<B> {
  return def;
}

export function mountRoute<B>(router: Router, def: RouteDef<B>, services: GatewayServices): void {
  router[def.method](def.path, async (req: Request, res: Response) => {
    const requestId = String(res.locals.requestId);
    const log = services.log.child({ requestId });
    let principal = undefined as unknown as Principal;
    if (def.access !== 'public') {
      principal = await services.authenticator.authenticate(req.headers.authorization);
      res.locals.tenantId = principal.tenant.id;
      // "Last used" in the dashboard's key list; a failed write must not fail the request.
      if (principal.scope === 'full')
        void services.accounts.touchKey(principal.tenant.id, principal.credentialId).catch(() => undefined);
      // Usage headers go on every authenticated response, refusals included; the per-tenant
      // request rate is a token bucket in Redis shared by every replica. Independent: asked together.
      const [, rate] = await Promise.all([
        services.meter.writeHeaders(res, principal.tenant),
        services.accounts.takeRequestToken(principal.tenant),
      ]);
      if (!rate.allowed) {
        throw new PagemapError(
          'RATE_LIMITED',
          `Too many requests: the plan allows ${services.accounts.plan(principal.tenant).ratePerSecond} per second. Retry in ${rate.retryAfterS} s.`,
          { retryAfterS: rate.retryAfterS },
        );
      }
      if (def.access === 'full' && principal.scope !== 'full') {
        throw new PagemapError('FORBIDDEN', 'Playground tokens cannot call this endpoint; use a full API key.');
      }
    }
    let body = undefined as B;
    if (def.body) {
      const parsed = def.body.safeParse(req.body);
      if (!parsed.success) throw new PagemapError('INVALID_REQUEST', describeZodError(parsed.error));
      body = parsed.data;
    }
    await def.handler({ req, res, body, principal, services, log, requestId });
  });
}
