/**
 * A sign-in whose submit is a link drawn as a button, on pages written by others: Start
 * Bootstrap's SB Admin 2 and SB Admin templates (npm `startbootstrap-sb-admin-2`,
 * `startbootstrap-sb-admin`, served unchanged). Their login forms have no button: "Login" is
 * `<a class="btn" href="index.html">` (in SB Admin 2 beside "Login with Google" and "Login with
 * Facebook"; in SB Admin beside a "Forgot Password?" link). The login tool must press "Login", as a person does, and land where
 * the site's sign-in leads. Before, it sent the form to itself (the same page) and answered success.
 */
import { dirname, join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';

const SB_ADMIN_2 = dirname(require.resolve('startbootstrap-sb-admin-2/package.json'));
const SB_ADMIN_DIST = join(dirname(require.resolve('startbootstrap-sb-admin/package.json')), 'dist');
const env = useExternalEnv(SB_ADMIN_2);
const bs5 = useExternalEnv(SB_ADMIN_DIST);
const templates = [
  ['SB Admin 2', env],
  ['SB Admin', bs5],
] as const;

test.each(templates)(
  '%s: the login tool presses the "Login" link and reaches the page it leads to',
  async (_name, site) => {
    const p = await openExternal(site(), '/login.html');
    try {
      const login = p.map.tools.find((t) => t.tool.name === 'login');
      expect(login).toBeDefined();
      const action = login!.tool.params.find((x) => x.name === 'action');
      expect(action?.required).not.toBe(true);
      const r = await p.run('login', { username: 'ann@example.com', password: 'sb-secret-pw' });
      expect(r.result).toMatchObject({ success: true, error: null });
      expect(r.navigated).toBe(true);
      // The site's own state: the page its "Login" button leads to, not the sign-in page again.
      expect(new URL(p.page.url()).pathname).toBe('/index.html');
      expect(JSON.stringify(r)).not.toContain('sb-secret-pw');
    } finally {
      await p.close();
    }
  },
);

test('its forgot-password page is reset_password, not a login', async () => {
  const p = await openExternal(env(), '/forgot-password.html');
  try {
    expect(p.map.tools.filter((t) => t.binding.kind === 'form' && t.binding.purpose === 'login')).toEqual([]);
    expect(p.map.tools.map((t) => t.tool.name)).toContain('reset_password');
  } finally {
    await p.close();
  }
});
