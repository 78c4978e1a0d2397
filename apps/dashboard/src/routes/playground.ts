/**
 * What the documentation site's playground asks the dashboard for (same origin, the owner's
 * session cookie): who is signed in plus a CSRF token, and a playground token — the existing
 * browse-only JWT, 15 minutes, minted with the secret the gateway verifies with.
 */
import { Router } from 'express';
import { mintPlaygroundToken, PLAYGROUND_TOKEN_TTL_S } from '@pagemap/accounts';
import type { DashboardServices } from '../services';
import { csrfToken } from '../http/session';
import { requireOwner, signedIn } from '../http/owner';

export function playgroundRoutes(services: DashboardServices): Router {
  const router = Router();
  router.get('/api/session', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const owner = req.session.ownerId ? await services.owners.getOwner(req.session.ownerId) : null;
    if (!owner) return res.json({ signed_in: false, api_url: services.env.PAGEMAP_API_URL });
    res.json({
      signed_in: true,
      email: owner.email,
      csrf_token: csrfToken(req),
      api_url: services.env.PAGEMAP_API_URL,
    });
  });
  router.post('/api/playground-token', requireOwner(services), (_req, res) => {
    const { owner, tenant } = signedIn(res);
    const { token, expiresAt } = mintPlaygroundToken(services.env.PAGEMAP_JWT_SECRET, tenant.id);
    services.log.info({ event: 'playground_token', owner: owner.id, tenant: tenant.id }, 'playground token minted');
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(201)
      .json({ token, expires_at: expiresAt.toISOString(), expires_in: PLAYGROUND_TOKEN_TTL_S, scope: 'browse' });
  });
  return router;
}
