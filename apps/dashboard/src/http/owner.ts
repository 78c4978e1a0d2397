/** Loads the signed-in owner and their tenant; sends everyone else to the sign-in page. */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Owner, Tenant } from '@pagemap/accounts';
import type { DashboardServices } from '../services';

export interface SignedIn {
  owner: Owner;
  tenant: Tenant;
}

export function signedIn(res: Response): SignedIn {
  return res.locals.signedIn as SignedIn;
}

export function requireOwner(services: DashboardServices): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const owner = req.session.ownerId ? await services.owners.getOwner(req.session.ownerId) : null;
      const tenant = owner ? await services.accounts.getTenant(owner.tenantId) : null;
      if (!owner || !tenant) {
        if (req.method === 'GET') return res.redirect(303, `/signin?next=${encodeURIComponent(req.originalUrl)}`);
        return res.status(401).json({ error: 'UNAUTHORIZED', message: 'Sign in to the dashboard first.' });
      }
      res.locals.signedIn = { owner, tenant } satisfies SignedIn;
      next();
    })().catch(next);
  };
}
