/** Sign-in and sign-up pages: plain forms with labels, so people, password managers and agents (Pagemap's `login` tool) can all use them. */
import { MIN_PASSWORD_LENGTH } from '@pagemap/accounts';
import { html } from './html';
import { page, type PageOptions } from './layout';

export function signInPage(o: {
  csrfToken: string;
  next?: string;
  email?: string;
  flash?: PageOptions['flash'];
}): string {
  return page(
    { title: 'Sign in', ...(o.flash ? { flash: o.flash } : {}) },
    html`<h1>Sign in</h1>
<form method="post" action="/signin" class="card narrow">
  <input type="hidden" name="_csrf" value="${o.csrfToken}">
  ${o.next ? html`<input type="hidden" name="next" value="${o.next}">` : ''}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
<p>No account yet? <a href="/signup">Create one</a>.</p>`,
  );
}

export function signUpPage(o: {
  csrfToken: string;
  email?: string;
  accountName?: string;
  flash?: PageOptions['flash'];
}): string {
  return page(
    { title: 'Create an account', ...(o.flash ? { flash: o.flash } : {}) },
    html`<h1>Create an account</h1>
<form method="post" action="/signup" class="card narrow">
  <input type="hidden" name="_csrf" value="${o.csrfToken}">
  <label for="account">Account name</label>
  <input id="account" name="account" type="text" maxlength="80" required value="${o.accountName ?? ''}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ''}">
  <label for="new-password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
  <input id="new-password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
  <button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/signin">Sign in</a>.</p>`,
  );
}
