/**
 * Keys: issue, list, revoke, through the same AccountStore as the admin CLI. Revocation deletes
 * the key's hash, so every gateway refuses it on its next request. A key id is revoked only
 * within the signed-in owner's tenant: another tenant's key id is "not found".
 */
import { type Request, type Response, Router } from 'express';
import type { DashboardServices } from '../services';
import { csrfToken, flash, takeFlash } from '../http/session';
import { signedIn } from '../http/owner';
import { keysPage } from '../views/keys';

export function keyRoutes(services: DashboardServices): Router {
  const { accounts, log, env } = services;
  const router = Router();

  router.get('/keys', async (req, res) => {
    const { owner, tenant } = signedIn(res);
    const frame = {
      who: { email: owner.email, account: tenant.name },
      csrfToken: csrfToken(req),
      ...(req.session.flash ? { flash: takeFlash(req)! } : {}),
    };
    res
      .type('html')
      .send(
        keysPage({ frame, keys: await accounts.listKeys(tenant.id), apiUrl: env.PAGEMAP_API_URL.replace(/\/$/, '') }),
      );
  });

  router.post('/keys', issueKey(services));

  router.post('/keys/:keyId/revoke', async (req, res) => {
    const { owner, tenant } = signedIn(res);
    const keyId = String(req.params.keyId);
    const revoked = /^key_[0-9a-f]{12}$/.test(keyId) && (await accounts.revokeKey(tenant.id, keyId));
    if (!revoked) {
      const frame = {
        who: { email: owner.email, account: tenant.name },
        csrfToken: csrfToken(req),
        flash: { kind: 'error' as const, text: 'No such key in this account.' },
      };
      return res
        .status(404)
        .type('html')
        .send(
          keysPage({ frame, keys: await accounts.listKeys(tenant.id), apiUrl: env.PAGEMAP_API_URL.replace(/\/$/, '') }),
        );
    }
    log.info({ event: 'key_revoked', owner: owner.id, tenant: tenant.id, keyId }, 'key revoked');
    flash(req, 'ok', `Key ${keyId} revoked; it is refused from now on.`);
    res.redirect(303, '/keys');
  });

  return router;
}

/** POST /keys: issues a key and shows its plaintext once, in this response only. */
function issueKey({ accounts, log, env }: DashboardServices) {
  return async (req: Request, res: Response) => {
    const { owner, tenant } = signedIn(res);
    const rawName = (req.body as Record<string, unknown>).name;
    const name = typeof rawName === 'string' ? rawName.trim().slice(0, 60) : '';
    const issued = await accounts.issueKey(tenant.id, undefined, name ? { name } : {});
    log.info({ event: 'key_issued', owner: owner.id, tenant: tenant.id, keyId: issued.info.keyId }, 'key issued');
    // Rendered in this response, never stored in the session: the plaintext key exists only here.
    res.setHeader('Cache-Control', 'no-store');
    const frame = {
      who: { email: owner.email, account: tenant.name },
      csrfToken: csrfToken(req),
      flash: { kind: 'ok' as const, text: 'Key issued.' },
    };
    res
      .status(201)
      .type('html')
      .send(
        keysPage({
          frame,
          keys: await accounts.listKeys(tenant.id),
          issued,
          apiUrl: env.PAGEMAP_API_URL.replace(/\/$/, ''),
        }),
      );
  };
}
