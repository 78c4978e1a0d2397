/**
 * What a form is for, from frozen groups as the page script reports them: the cases of issue 25
 * that no page shipped in an npm or Debian package shows (a sign-up wizard's email-and-password
 * step, a newsletter form with a password, a recovery form with a new password), and sign-in
 * words in the languages of the word tables. The pages others wrote are in the external-* tests.
 */
import { purposeOf } from '../src/login/recognise';
import { WORD_TABLES } from '../src/login/words';
import type { RawGroup } from '../src/shared/page-script-types';
import { rawField, rawGroup } from './raw-fixtures';

const field = (type: string, name: string, label = '') => rawField({ type, name, id: name, label, required: true });

const group = (over: Partial<RawGroup>): RawGroup =>
  rawGroup({
    method: 'post',
    submitLabel: 'Continue',
    buttons: ['Continue'],
    fields: [field('email', 'email', 'Email'), field('password', 'password', 'Password')],
    ...over,
  });

test('a sign-up wizard step with only email and password ("Step 2 of 3 — Sign up", "Continue") is sign_up', () => {
  expect(purposeOf(group({ heading: 'Step 2 of 3 — Sign up' }))).toBe('sign_up');
  expect(purposeOf(group({ heading: 'Schritt 2 von 3 — Registrieren', submitLabel: 'Weiter' }))).toBe('sign_up');
  // The same form saying it signs in stays a login.
  expect(purposeOf(group({ heading: 'Sign in or sign up' }))).toBe('login');
});

test('a newsletter form with a password, and a recovery form with a new password, are no login', () => {
  expect(purposeOf(group({ heading: 'Get our newsletter', submitLabel: 'Join' }))).not.toBe('login');
  expect(
    purposeOf(group({ heading: 'Forgotten your password?', fields: [field('password', 'new', 'New password')] })),
  ).not.toBe('login');
});

test('a read-only password is not asked for: no login', () => {
  const locked = { ...field('password', 'pw', 'Password'), locked: true };
  expect(purposeOf(group({ submitLabel: 'Sign in', fields: [field('text', 'user', 'User'), locked] }))).not.toBe(
    'login',
  );
});

test.each([
  ['Anmelden', 'Benutzername'],
  ['ログイン', 'ユーザー名'],
  ['Войти', 'Логин'],
  ['登录', '用户名'],
  ['Zaloguj się', 'Nazwa użytkownika'],
])('a username-only first step whose button says %s is a login', (button, label) => {
  expect(purposeOf(group({ submitLabel: button, buttons: [button], fields: [field('email', 'user', label)] }))).toBe(
    'login',
  );
});

test('every word table has every language', () => {
  const languages = Object.keys(WORD_TABLES.SIGN_IN).sort();
  expect(languages).toHaveLength(11);
  for (const [name, table] of Object.entries(WORD_TABLES)) {
    expect([name, Object.keys(table).sort()]).toEqual([name, languages]);
    for (const phrases of Object.values(table)) expect(phrases.length).toBeGreaterThan(0);
  }
});
