/**
 * Sign-in in eleven languages on a site written by others: Django's admin, served by Django itself
 * from its own templates and locale files (external-django.ts). The login tool must sign in, must
 * hear a refusal as a refusal in every language (Django's German message has no "wrong" in it:
 * "Bitte Benutzername und Passwort für einen Staff-Account eingeben"), and the password-reset page
 * ("Forgotten your password?", an email box and a button) is never a login.
 */
import { runTool } from '../src';
import { DJANGO_LANGUAGES, loginTools, useDjangoPages } from './external-django';

const { site, open } = useDjangoPages();

describe.each(DJANGO_LANGUAGES)('Django admin in %s', (lang) => {
  test('a wrong password is LOGIN_REJECTED, the right one signs in', async () => {
    const wrong = await open(`/${lang}/admin/login/?next=/${lang}/admin/`);
    try {
      expect(loginTools(wrong.map).map((t) => t.tool.name)).toEqual(['login']);
      const r = await runTool(
        wrong.page,
        wrong.map,
        { tool: 'login', params: { username: site().username, password: 'not-the-password' } },
        { timeoutMs: 8000 },
      );
      expect(r.result.error?.code).toBe('LOGIN_REJECTED');
      expect(JSON.stringify(r)).not.toContain('not-the-password');
    } finally {
      await wrong.close();
    }
    const right = await open(`/${lang}/admin/login/?next=/${lang}/admin/`);
    try {
      const r = await runTool(
        right.page,
        right.map,
        { tool: 'login', params: { username: site().username, password: site().password } },
        { timeoutMs: 8000 },
      );
      expect(r.result).toMatchObject({ success: true, error: null });
      // The site's own state: its admin index, no sign-in form any more.
      expect(new URL(right.page.url()).pathname).toBe(`/${lang}/admin/`);
      expect(await right.page.$('input[type=password]')).toBeNull();
    } finally {
      await right.close();
    }
  });

  test('the password-reset page is no login; its tool is reset_password', async () => {
    const p = await open(`/${lang}/admin/password_reset/`);
    try {
      expect(loginTools(p.map)).toEqual([]);
      expect(p.map.tools.map((t) => t.tool.name)).toContain('reset_password');
    } finally {
      await p.close();
    }
  });
});
