/** The login verdict over frozen page signals: LOGIN_REJECTED only on evidence (issue 13 item 10). */
import { classifyLogin } from '../src';
import type { PageSignals } from '../src/page-script/types';

const base: PageSignals = { url: 'https://forum.example/', title: 'Board index', password: false, otp: false, captcha: false, alerts: [], text: 'Board index. 4,210 topics.' };
const before = { url: 'https://forum.example/', hadCaptcha: false };

test('a page that still holds a sign-in form, with no error, is not a rejection', () => {
  expect(classifyLogin({ ...base, password: true, loginForm: { present: true, invalid: false, errors: [] } }, before)).toBe('ok');
  expect(classifyLogin({ ...base, password: true }, before)).toBe('ok');
});

test('an error tied to the submitted form is a rejection', () => {
  expect(classifyLogin({ ...base, password: true, loginForm: { present: true, invalid: false, errors: ['Incorrect username or password.'] } }, before)).toBe('LOGIN_REJECTED');
  expect(classifyLogin({ ...base, password: true, loginForm: { present: true, invalid: true, errors: ['Check this field'] } }, before)).toBe('LOGIN_REJECTED');
});

test('a sign-in form shown again with an error alert is a rejection; an error alert without any sign-in form is not', () => {
  expect(classifyLogin({ ...base, password: true, alerts: ['Invalid email or password'] }, before)).toBe('LOGIN_REJECTED');
  expect(classifyLogin({ ...base, alerts: ['Upload failed, try again'] }, before)).toBe('ok');
});

test('the same form back with the error in plain text is a rejection; plain text alone next to another sign-in form is not', () => {
  const text = 'Sign in. The password you entered is incorrect.';
  expect(classifyLogin({ ...base, password: true, text, loginForm: { present: true, invalid: false, errors: [] } }, before)).toBe('LOGIN_REJECTED');
  expect(classifyLogin({ ...base, password: true, text, loginForm: { present: false, invalid: false, errors: [] } }, before)).toBe('ok');
});

test('second factor and CAPTCHA keep their codes', () => {
  expect(classifyLogin({ ...base, otp: true, text: 'Enter the verification code' }, before)).toBe('TWO_FACTOR_REQUIRED');
  expect(classifyLogin({ ...base, password: true, captcha: true, loginForm: { present: true, invalid: false, errors: ['Please complete the CAPTCHA'] } }, before)).toBe('CAPTCHA_REQUIRED');
});
