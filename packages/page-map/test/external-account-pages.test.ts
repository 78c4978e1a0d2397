/**
 * Account pages of an app nobody here wrote, in eleven languages: django-allauth's sign-in,
 * sign-up, password reset and change, and Django's own password change and "new password after a
 * reset link", served by Django itself from their templates and locale files (external-django.ts).
 * Only the sign-in page offers `login`; it signs in and hears a refusal as one in every language.
 * A sign-up is `sign_up`; a form that changes or sets a password is `change_password`, whatever
 * language it speaks (before, only English ones were: the others were offered as `sign_up`).
 */
import { extractPageMap, runTool, type PageMap } from '../src';
import { DJANGO_LANGUAGES, loginTools, useDjangoPages, type DjangoPage } from './external-django';

const { site, open } = useDjangoPages();
const names = (map: PageMap) => map.tools.map((t) => t.tool.name);
const signIn = (p: DjangoPage, password: string) =>
  runTool(p.page, p.map, { tool: 'login', params: { username: site().username, password } }, { timeoutMs: 8000 });

describe.each(DJANGO_LANGUAGES)('account pages in %s', (lang) => {
  const login = `/${lang}/accounts/login/?next=/${lang}/accounts/email/`;

  test('allauth sign-in: a wrong password is LOGIN_REJECTED, the right one signs in', async () => {
    const wrong = await open(login);
    try {
      expect(loginTools(wrong.map).map((t) => t.tool.name)).toEqual(['login']);
      const r = await signIn(wrong, 'not-the-password');
      expect(r.result.error?.code).toBe('LOGIN_REJECTED');
      expect(JSON.stringify(r)).not.toContain('not-the-password');
    } finally {
      await wrong.close();
    }
    const right = await open(login);
    try {
      const r = await signIn(right, site().password);
      expect(r.result).toMatchObject({ success: true, error: null });
      // The site's own state: its e-mail page, which only a signed-in person sees.
      expect(new URL(right.page.url()).pathname).toBe(`/${lang}/accounts/email/`);
      expect(await right.page.$('input[type=password]')).toBeNull();
    } finally {
      await right.close();
    }
  });

  test('allauth sign-up is sign_up and its password reset reset_password: neither is a login', async () => {
    for (const [path, tool] of [
      ['signup', 'sign_up'],
      ['password/reset', 'reset_password'],
    ] as const) {
      const p = await open(`/${lang}/accounts/${path}/`);
      try {
        expect(loginTools(p.map)).toEqual([]);
        expect(names(p.map)).toContain(tool);
      } finally {
        await p.close();
      }
    }
  });

  test("the sign-up's two password boxes are described by their own labels, as the page shows them", async () => {
    // The placeholders repeat the labels ("Password", "Password (again)"): as examples they made
    // both descriptions contain "Password" twice, and an agent could not tell the boxes apart.
    const p = await open(`/${lang}/accounts/signup/`);
    try {
      const params = p.map.tools.find((t) => t.tool.name === 'sign_up')?.tool.params ?? [];
      for (const name of ['password1', 'password2']) {
        const shown = await p.page.$eval(`label[for=id_${name}]`, (l) => (l.textContent ?? '').trim());
        expect(params.find((x) => x.name === name)?.description).toBe(shown.replace(/\s*[:：]$/u, ''));
      }
    } finally {
      await p.close();
    }
  });

  test('changing the password (allauth, Django admin) is change_password, never sign_up or login', async () => {
    const p = await open(login);
    try {
      expect((await signIn(p, site().password)).result.success).toBe(true);
      for (const path of [`/${lang}/accounts/password/change/`, `/${lang}/admin/password_change/`]) {
        await p.page.goto(site().url(path), { waitUntil: 'load' });
        const map = await extractPageMap(p.page, { includeContent: false });
        expect(names(map)).toContain('change_password');
        expect(names(map)).not.toContain('sign_up');
        expect(loginTools(map)).toEqual([]);
      }
    } finally {
      await p.close();
    }
  });
});

/** Languages the word tables do not have (Korean, Arabic): the site's own answer must still be heard. */
test.each(['ko', 'ar'])(
  'allauth in %s: a refusal in words no table has is LOGIN_REJECTED, the form having come back at its own address',
  async (lang) => {
    // allauth opens at /accounts/login/?next=… and posts to /accounts/login/: the same page without
    // its query. Before, only that exact address counted as the form answering in place.
    const p = await open(`/${lang}/accounts/login/?next=/${lang}/accounts/email/`);
    try {
      const r = await signIn(p, 'not-the-password');
      expect(r.result.error?.code).toBe('LOGIN_REJECTED');
    } finally {
      await p.close();
    }
  },
);
