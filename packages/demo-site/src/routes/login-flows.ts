/**
 * Login flows for the page-map tests, each answering like real sites do: two steps (username,
 * then password), password only, a CAPTCHA that is never solved, a one-time code, approval on
 * another device, a new-device e-mail, and a JSON login. All accept FIXTURE_USERS.
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml, type FixtureRoutes, FIXTURE_USERS, html, page } from '../fixture-http';

const signIn = (res: ServerResponse, user: string, to = '/account') => {
  res.writeHead(302, { location: to, 'set-cookie': `sid=${encodeURIComponent(user)}; Path=/; HttpOnly` });
  res.end();
};
const good = (user: string | null, pass: string | null) =>
  !!user && FIXTURE_USERS[user] !== undefined && FIXTURE_USERS[user] === pass;
const wrongPage = (action: string, userField = 'username') =>
  page(
    'Sign in',
    `<h1>Sign in</h1><p class="error" role="alert">Incorrect username or password. Try again.</p><form method="post" action="${action}"><label>Username <input name="${userField}"></label><label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form>`,
  );

/** Username first, then a password page. */
export function addTwoStepRoutes(routes: FixtureRoutes): void {
  routes.set('POST /login/two-step', (_req, res, _url, body) => {
    const user = new URLSearchParams(body).get('identifier') ?? '';
    if (!user) return html(res, 400, wrongPage('/login/two-step', 'identifier'));
    html(
      res,
      200,
      page(
        'Sign in — Step 2 — Fixture Bank',
        `<h1>Welcome ${escapeHtml(user)}</h1><form method="post" action="/login/two-step/password"><input type="hidden" name="identifier" value="${escapeHtml(user)}"><label for="pw">Password</label><input id="pw" type="password" name="password" autocomplete="current-password"><button type="submit">Sign in</button></form>`,
      ),
    );
  });
  routes.set('POST /login/two-step/password', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (good(f.get('identifier'), f.get('password'))) return signIn(res, f.get('identifier')!);
    html(
      res,
      401,
      page(
        'Sign in — Step 2 — Fixture Bank',
        `<h1>Sign in</h1><div role="alert">Wrong password. Try again.</div><form method="post" action="/login/two-step/password"><input type="hidden" name="identifier" value="${escapeHtml(f.get('identifier') ?? '')}"><label for="pw">Password</label><input id="pw" type="password" name="password"><button type="submit">Sign in</button></form>`,
      ),
    );
  });
}

/** A password-only confirmation, a CAPTCHA and the div-built login that posts JSON. */
export function addSingleStepRoutes(routes: FixtureRoutes): void {
  routes.set('POST /login/password-only', (_req, res, _url, body) => {
    if (new URLSearchParams(body).get('pw') === FIXTURE_USERS.alice) return signIn(res, 'alice', '/account');
    html(
      res,
      401,
      page(
        'Confirm your password',
        `<p class="error" role="alert">That password is incorrect.</p><form method="post" action="/login/password-only"><label>Password <input type="password" name="pw"></label><button>Continue</button></form>`,
      ),
    );
  });
  // CAPTCHA: the form posts, the site insists on the (never solved) CAPTCHA.
  routes.set('POST /login/captcha', (_req, res) => {
    html(
      res,
      400,
      page(
        'Log in — Fixture Forum',
        `<h1>Log in</h1><p class="error" role="alert">Please complete the CAPTCHA to continue.</p><form method="post" action="/login/captcha"><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password"></label><div class="g-recaptcha" data-sitekey="6LeFAKE-fixture-site-key" style="width:304px;height:78px;border:1px solid #ccc">I'm not a robot</div><button type="submit">Log in</button></form>`,
      ),
    );
  });
  // The div-built login posts JSON.
  routes.set('POST /api/login', (_req, res, _url, body) => {
    let user = '';
    let pass = '';
    try {
      const j = JSON.parse(body) as { username?: string; password?: string };
      user = j.username ?? '';
      pass = j.password ?? '';
    } catch {
      // bad JSON: rejected below
    }
    if (good(user, pass)) {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': `sid=${encodeURIComponent(user)}; Path=/; HttpOnly`,
      });
      res.end('{"ok":true}');
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"ok":false}');
  });
}

/** A second factor after the password: a one-time code, approval on a phone, a new-device e-mail. */
export function addSecondFactorRoutes(routes: FixtureRoutes): void {
  // One-time code after the password.
  routes.set('POST /login/otp', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/otp'));
    html(
      res,
      200,
      page(
        'Two-step verification — Fixture Cloud',
        `<h1>Two-step verification</h1><p>Enter the 6-digit code from your authenticator app.</p><form method="post" action="/login/otp/verify"><input type="hidden" name="username" value="${escapeHtml(f.get('username') ?? '')}"><label for="c">Verification code</label><input id="c" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6"><button type="submit">Verify</button></form>`,
      ),
    );
  });
  routes.set('POST /login/otp/verify', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (f.get('code') === '123456') return signIn(res, f.get('username') ?? 'alice');
    html(
      res,
      401,
      page(
        'Two-step verification — Fixture Cloud',
        `<h1>Two-step verification</h1><p class="error" role="alert">That code is invalid. Try again.</p><form method="post" action="/login/otp/verify"><input type="hidden" name="username" value="${escapeHtml(f.get('username') ?? '')}"><label for="c">Verification code</label><input id="c" name="code" autocomplete="one-time-code"><button type="submit">Verify</button></form>`,
      ),
    );
  });
  routes.set('POST /login/approve', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/approve'));
    html(
      res,
      200,
      page(
        'Check your phone — Fixture Mail',
        `<h1>Check your phone</h1><p>We sent a notification to your phone. Approve the sign-in on your other device to continue.</p><p><a href="/login-approve.html">Try another way</a></p>`,
      ),
    );
  });
  routes.set('POST /login/newdevice', (_req, res, _url, body) => {
    const f = new URLSearchParams(body);
    if (!good(f.get('username'), f.get('password'))) return html(res, 401, wrongPage('/login/newdevice'));
    html(
      res,
      200,
      page(
        "Confirm it's you — Fixture Store",
        `<h1>Is this you?</h1><p>We don't recognize this browser. We sent an email to confirm this new device; open the link in it to finish signing in.</p>`,
      ),
    );
  });
}
