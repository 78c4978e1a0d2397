import { classifyLogin } from '../src/login/outcome';
import type { PageSignals } from '../src/shared/page-script-types';

const sig = (over: Partial<PageSignals>): PageSignals => ({
  url: 'https://x.test/login',
  title: 'Sign in',
  password: true,
  otp: false,
  captcha: false,
  invalid: false,
  alerts: [],
  text: 'Sign in Username Password',
  ...over,
});
const base = { url: 'https://x.test/login', hadCaptcha: false };

test('a page that still holds a sign-in form (header bar) after the submit changed it is not a rejection', () => {
  const before = sig({});
  expect(
    classifyLogin(sig({ url: 'https://x.test/home', text: 'Welcome back, Ann. Sign in Password' }), {
      ...base,
      signals: before,
      changed: true,
    }),
  ).toBe('ok');
  expect(
    classifyLogin(sig({ text: 'Signed in. New posts: 3. User Password Go' }), {
      ...base,
      signals: before,
      changed: false,
    }),
  ).toBe('ok');
});

test('a new error message with the form, or a field turned aria-invalid, is a rejection', () => {
  const before = sig({});
  expect(
    classifyLogin(sig({ alerts: ['Wrong username or password.'] }), { ...base, signals: before, changed: false }),
  ).toBe('LOGIN_REJECTED');
  expect(
    classifyLogin(sig({ invalid: true, text: 'Sign in Username Password Please check your details' }), {
      ...base,
      signals: before,
      changed: false,
    }),
  ).toBe('LOGIN_REJECTED');
  expect(
    classifyLogin(sig({ text: 'Sign in The password you entered is incorrect. Username Password' }), {
      ...base,
      signals: before,
      changed: true,
    }),
  ).toBe('LOGIN_REJECTED');
});

test('an error text that was on the page before the submit is no evidence; nothing changed at all is NO_RESPONSE', () => {
  const before = sig({
    alerts: ['Login failed? Try again later or contact support.'],
    text: 'Sign in Login failed? Try again later or contact support.',
  });
  const after = sig({
    alerts: ['Login failed? Try again later or contact support.'],
    text: 'Sign in Login failed? Try again later or contact support.',
  });
  expect(classifyLogin(after, { ...base, signals: before, changed: false })).toBe('NO_RESPONSE');
});

test("a second factor is asked on its own page; the feature named among a dashboard's settings asks nothing", () => {
  const before = sig({});
  const after = { ...base, signals: before, changed: true };
  const dashboard = `Dashboard Revenue $48,210 ${'Recent activity Deploy v3.2.1 to production Feb 01 '.repeat(30)} Quick Settings Email notifications Two-factor auth Dark mode Public profile`;
  // Gentelella's dashboard, where its sign-in lands: before, this was TWO_FACTOR_REQUIRED.
  expect(classifyLogin(sig({ url: 'https://x.test/index.html', password: false, text: dashboard }), after)).toBe('ok');
  expect(
    classifyLogin(
      sig({ url: 'https://x.test/2fa', title: 'Two-factor authentication', password: false, text: 'Continue' }),
      after,
    ),
  ).toBe('TWO_FACTOR_REQUIRED');
  expect(
    classifyLogin(
      sig({ url: 'https://x.test/mfa', password: false, text: 'Two-step verification. Open the app on your phone.' }),
      after,
    ),
  ).toBe('TWO_FACTOR_REQUIRED');
  expect(
    classifyLogin(
      sig({ url: 'https://x.test/index.html', password: false, text: `${dashboard} Enter the code we sent you` }),
      after,
    ),
  ).toBe('TWO_FACTOR_REQUIRED');
});
