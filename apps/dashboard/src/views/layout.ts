/** The page frame shared by every dashboard page: header, navigation, flash message, no inline script or style (CSP). */
import { html, type Html } from './html';

export interface PageOptions {
  title: string;
  /** The signed-in owner's email and account name, when signed in. */
  who?: { email: string; account: string };
  csrfToken?: string;
  active?: 'overview' | 'keys' | 'usage' | 'billing' | 'docs';
  flash?: { kind: 'ok' | 'error'; text: string };
  scripts?: string[];
}

const NAV: Array<[NonNullable<PageOptions['active']>, string, string]> = [
  ['overview', '/', 'Overview'],
  ['keys', '/keys', 'API keys'],
  ['usage', '/usage', 'Usage'],
  ['billing', '/billing', 'Billing'],
  ['docs', '/docs/', 'Docs'],
];

export function page(opts: PageOptions, body: Html): string {
  const nav = opts.who
    ? html`<nav aria-label="Main"><ul>${NAV.map(([id, href, label]) => html`<li><a href="${href}"${opts.active === id ? html` aria-current="page"` : ''}>${label}</a></li>`)}</ul>
        <form method="post" action="/signout" class="inline"><input type="hidden" name="_csrf" value="${opts.csrfToken}"><button type="submit">Sign out</button></form></nav>`
    : html`<nav aria-label="Main"><ul><li><a href="/signin">Sign in</a></li><li><a href="/signup">Sign up</a></li><li><a href="/docs/">Docs</a></li></ul></nav>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · Pagemap</title>
<link rel="stylesheet" href="/static/dashboard.css">
${(opts.scripts ?? []).map((s) => html`<script src="${s}" defer></script>`)}
</head>
<body>
<header><a class="brand" href="/">Pagemap</a>${opts.who ? html`<span class="who">${opts.who.account} · ${opts.who.email}</span>` : ''}${nav}</header>
<main>
${opts.flash ? html`<p class="flash ${opts.flash.kind}" role="${opts.flash.kind === 'error' ? 'alert' : 'status'}">${opts.flash.text}</p>` : ''}
${body}
</main>
</body>
</html>`.value;
}
