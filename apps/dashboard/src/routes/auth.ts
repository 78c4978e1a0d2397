/**
 * Sign-up, sign-in and sign-out. Sign-in is rate-limited per IP (express-rate-limit, counted in
 * Redis so replicas agree) and locked per email after repeated failures (SignInLockout). The
 * session id is regenerated at sign-in (no fixation) and the session destroyed at sign-out.
 */
import { Router, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import { OwnerError } from '@pagemap/accounts';
import type { DashboardServices } from '../services';
import { csrfToken, sessionCookieName, takeFlash } from '../http/session';
import { signInPage, signUpPage } from '../views/auth';

/** Only local paths, so `next` cannot send a signed-in owner to another site. */
function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next) ? next : '/';
}

function field(req: Request, name: string): string {
  const v = (req.body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : '';
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

export function authRoutes(services: DashboardServices): Router {
  const { env } = services;
  const router = Router();
  const limiter = authLimiter(services);
  router.get('/signin', (req, res) => {
    if (req.session.ownerId) return res.redirect(303, '/');
    const flash = takeFlash(req);
    res
      .type('html')
      .send(signInPage({ csrfToken: csrfToken(req), next: safeNext(req.query.next), ...(flash ? { flash } : {}) }));
  });

  router.post('/signin', limiter, signIn(services));

  router.get('/signup', (req, res) => {
    res.type('html').send(signUpPage({ csrfToken: csrfToken(req) }));
  });

  router.post('/signup', limiter, signUp(services));

  router.post('/signout', (req, res, next) => {
    req.session.destroy((err) => {
      if (err) return next(err);
      res.clearCookie(sessionCookieName(env.publicUrl.protocol === 'https:'), { path: '/' });
      res.redirect(303, '/signin');
    });
  });

  return router;
}

/** Sign-in and sign-up attempts per IP, counted in Redis so replicas agree. */
function authLimiter({ env, keys, redis, metrics }: DashboardServices) {
  return rateLimit({
    windowMs: 60_000,
    limit: env.PAGEMAP_DASHBOARD_AUTH_RATE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new RedisStore({
      prefix: `${keys.dashboard}:rl:`,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
    }),
    handler: (_req, res) => {
      metrics.signIns.inc({ outcome: 'rate_limited' });
      res
        .status(429)
        .type('html')
        .send(
          signInPage({
            csrfToken: '',
            flash: { kind: 'error', text: 'Too many attempts from this address; wait a minute and try again.' },
          }),
        );
    },
  });
}

/** POST /signin: refused while the email is locked; a failure counts towards the lock; success regenerates the session. */
function signIn({ owners, lockout, log, metrics }: DashboardServices) {
  return async (req: Request, res: Response) => {
    const email = field(req, 'email');
    const next = safeNext(field(req, 'next'));
    const again = (status: number, text: string) =>
      res
        .status(status)
        .type('html')
        .send(signInPage({ csrfToken: csrfToken(req), next, email, flash: { kind: 'error', text } }));
    const lockedFor = await lockout.lockedFor(email);
    if (lockedFor > 0) {
      metrics.signIns.inc({ outcome: 'locked' });
      log.warn({ event: 'signin_locked' }, 'sign-in refused: email locked');
      return again(
        429,
        `Too many failed sign-ins for this email. Try again in ${Math.ceil(lockedFor / 60)} minute(s).`,
      );
    }
    const owner = await owners.authenticate(email, field(req, 'password'));
    if (!owner) {
      await lockout.recordFailure(email);
      metrics.signIns.inc({ outcome: 'failed' });
      log.info({ event: 'signin_failed' }, 'sign-in failed');
      return again(401, 'Wrong email or password.');
    }
    await lockout.clear(email);
    await regenerate(req);
    req.session.ownerId = owner.id;
    metrics.signIns.inc({ outcome: 'ok' });
    log.info({ event: 'signin', owner: owner.id }, 'owner signed in');
    res.redirect(303, next);
  };
}

/** POST /signup: creates the owner and account; an address already taken gets the same answer. */
function signUp({ owners, log }: DashboardServices) {
  return async (req: Request, res: Response) => {
    const email = field(req, 'email');
    const accountName = field(req, 'account').slice(0, 80);
    try {
      const owner = await owners.signUp({ email, password: field(req, 'password'), accountName });
      log.info({ event: 'signup', owner: owner.id, tenant: owner.tenantId }, 'owner signed up');
      signUpAnswer(req, res);
    } catch (err) {
      if (!(err instanceof OwnerError)) throw err;
      if (err.code === 'EMAIL_TAKEN') {
        // The same answer, in the same time, as a sign-up that created an account: sign-up must
        // not tell which addresses have accounts (sign-in does not either).
        await owners.spendDecoyHash();
        return signUpAnswer(req, res);
      }
      res
        .status(400)
        .type('html')
        .send(
          signUpPage({ csrfToken: csrfToken(req), email, accountName, flash: { kind: 'error', text: err.message } }),
        );
    }
  };
}

/**
 * What every accepted sign-up answers, whether the address was new or already had an account:
 * sign in now. Without mail confirmation this is the equal answer; a new account does not sign
 * its creator in at once, since that would tell the two apart.
 */
function signUpAnswer(req: Request, res: Response): void {
  req.session.flash = {
    kind: 'ok',
    text: 'Sign-up received. If the address had no account, it has one now: sign in with it and your password.',
  };
  res.redirect(303, '/signin');
}
