/** Sign-in vs sign-up vs other for forms with one password field, over raw groups (issue 13 item 9). */
import { purposeOf } from '../src';
import type { RawField, RawGroup } from '../src/page-script/types';

const field = (type: string, name: string, label: string, extra: Partial<RawField> = {}): RawField => ({
  key: `${type}:${name}`, type, name, id: name, label, nearby: '', placeholder: '', autocomplete: '', required: false, multiple: false, paramDesc: '', inputmode: '', maxlength: 0, pattern: '', ...extra,
});
const group = (fields: RawField[], submitLabel: string, extra: Partial<RawGroup> = {}): RawGroup => ({
  sig: 's', idx: 0, kind: 'form', toolname: '', tooldescription: '', formId: '', formName: '', action: '', method: 'post', role: '', ariaLabel: '', className: '', heading: '', text: '',
  submitLabel, buttons: [submitLabel], fields, inMain: true, chrome: '', frame: '', shadow: false, hasCaptcha: false, order: 0, ...extra,
});
const user = field('email', 'email', 'Email');
const pw = (extra: Partial<RawField> = {}) => field('password', 'password', 'Password', extra);

test('username + password is a login, whatever the button says', () => {
  expect(purposeOf(group([user, pw()], 'Sign in'))).toBe('login');
  expect(purposeOf(group([user, pw()], 'Go'))).toBe('login');
  expect(purposeOf(group([field('text', 'card', 'Library card number'), field('password', 'pin', 'PIN', { autocomplete: 'current-password' })], 'Log in'))).toBe('login');
});

test('sign-up signals win unless the button says sign in', () => {
  expect(purposeOf(group([user, pw({ autocomplete: 'new-password' })], 'Continue'))).toBe('sign_up');
  expect(purposeOf(group([user, pw()], 'Continue', { heading: 'Create your account' }))).toBe('sign_up');
  expect(purposeOf(group([user, pw(), field('checkbox', 'tos', 'I agree to the Terms of Service')], 'Next'))).toBe('sign_up');
  expect(purposeOf(group([field('text', 'first', 'First name'), field('text', 'last', 'Last name'), user, pw()], 'Submit'))).toBe('sign_up');
  expect(purposeOf(group([user, pw({ autocomplete: 'new-password' })], 'Sign in'))).toBe('login');
});

test('card secrets, account actions and protected content are not logins', () => {
  expect(purposeOf(group([field('text', 'pan', 'Card number', { autocomplete: 'cc-number' }), field('password', 'cvv', 'CVV')], 'Pay'))).toBe('other');
  expect(purposeOf(group([field('text', 'card', 'Card number'), field('password', 'sc', 'Security code')], 'Check balance'))).toBe('other');
  expect(purposeOf(group([user, pw({ autocomplete: 'current-password' })], 'Permanently delete account'))).toBe('other');
  expect(purposeOf(group([pw()], 'Enter', { text: 'This content is password protected. To view it please enter your password below.' }))).toBe('other');
});

test('a password-only step is a login when it says so', () => {
  expect(purposeOf(group([pw({ autocomplete: 'current-password' })], 'Next', { heading: 'Welcome' }))).toBe('login');
  expect(purposeOf(group([pw()], 'Sign in'))).toBe('login');
  expect(purposeOf(group([pw()], 'Submit'))).toBe('other');
});
