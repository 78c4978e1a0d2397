/** The API keys page: issue (the new key shown once, with a copy button), list, revoke. */
import type { KeyInfo } from '@pagemap/accounts';
import { html } from './html';
import { page, type PageOptions } from './layout';

export function keysPage(o: {
  frame: Omit<PageOptions, 'title' | 'active'>;
  keys: KeyInfo[];
  issued?: { key: string; info: KeyInfo };
  apiUrl: string;
}): string {
  const rows = o.keys.map(
    (k) => html`<tr>
  <td>${k.name ?? html`<span class="muted">(unnamed)</span>`}</td>
  <td><code>${k.hint}…</code></td>
  <td><time datetime="${k.createdAt}">${k.createdAt.slice(0, 16).replace('T', ' ')} UTC</time></td>
  <td>${k.lastUsedAt ? html`<time datetime="${k.lastUsedAt}">${k.lastUsedAt.slice(0, 16).replace('T', ' ')} UTC</time>` : html`<span class="muted">never</span>`}</td>
  <td><form method="post" action="/keys/${k.keyId}/revoke" class="inline"><input type="hidden" name="_csrf" value="${o.frame.csrfToken}"><button type="submit" class="danger" aria-label="Revoke key ${k.name ?? k.hint}">Revoke</button></form></td>
</tr>`,
  );
  return page(
    { ...o.frame, title: 'API keys', active: 'keys', scripts: ['/static/copy.js'] },
    html`<h1>API keys</h1>
${
  o.issued
    ? html`<section class="card issued" aria-labelledby="new-key-title">
  <h2 id="new-key-title">Your new key</h2>
  <p>Copy it now: it is shown only once. Pagemap keeps only a hash.</p>
  <p><label for="new-key">API key</label> <input id="new-key" type="text" readonly value="${o.issued.key}" size="40"> <button type="button" class="copy" data-copy="new-key">Copy</button></p>
  <pre><code>curl -s ${o.apiUrl}/v1/browse -H "Authorization: Bearer ${o.issued.key}" -H "Content-Type: application/json" -d '{"url": "https://example.com/"}'</code></pre>
</section>`
    : ''
}
<form method="post" action="/keys" class="card narrow">
  <input type="hidden" name="_csrf" value="${o.frame.csrfToken}">
  <label for="key-name">Key name</label>
  <input id="key-name" name="name" type="text" maxlength="60" placeholder="e.g. production crawler">
  <button type="submit">Issue key</button>
</form>
<table>
<caption>Keys of this account (${o.keys.length})</caption>
<thead><tr><th>Name</th><th>Prefix</th><th>Created</th><th>Last used</th><th></th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td colspan="5" class="muted">No keys yet.</td></tr>`}</tbody>
</table>`,
  );
}
