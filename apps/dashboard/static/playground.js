// The documentation playground: asks the dashboard (same origin, session cookie) for a playground
// token, calls POST /v1/browse on the API with it, and shows the page map. Everything is written
// with textContent: page titles, summaries and tool descriptions are untrusted text.
(() => {
  const $ = (id) => document.getElementById(id);
  let session = null;
  let token = null;

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function showError(message) {
    const box = $('pg-error');
    box.textContent = message;
    box.hidden = false;
  }

  async function getToken() {
    if (token && Date.parse(token.expires_at) - Date.now() > 30000) return token.token;
    const res = await fetch('/api/playground-token', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token }, body: '{}', credentials: 'same-origin' });
    if (!res.ok) throw new Error('Could not get a playground token (' + res.status + '). Sign in again.');
    token = await res.json();
    return token.token;
  }

  function render(body, headers) {
    $('pg-title').textContent = body.title || '(no title)';
    $('pg-final-url').textContent = body.url || '';
    $('pg-summary').textContent = body.summary || '';
    $('pg-session').textContent = body.session_id + ' (expires ' + body.expires_at + ')';
    const tools = $('pg-tools');
    tools.replaceChildren();
    for (const tool of body.tools || []) {
      const li = el('li');
      li.append(el('code', tool.name), el('span', ': ' + (tool.description || '')));
      if (tool.params && tool.params.length) {
        const ul = el('ul');
        for (const p of tool.params) {
          const item = el('li');
          item.append(el('code', p.name), el('span', (p.required ? ' (required)' : '') + (p.description ? ': ' + p.description : '')));
          ul.append(item);
        }
        li.append(ul);
      }
      tools.append(li);
    }
    const rows = $('pg-headers');
    rows.replaceChildren();
    for (const name of ['x-cache', 'x-usage-action-count', 'x-usage-action-limit', 'x-usage-period-start', 'x-request-id']) {
      const value = headers.get(name);
      if (value === null) continue;
      const tr = el('tr');
      tr.append(el('th', name), el('td', value));
      rows.append(tr);
    }
    $('pg-json').textContent = JSON.stringify(body, null, 2);
    $('pg-result').hidden = false;
  }

  async function browse(event) {
    event.preventDefault();
    $('pg-error').hidden = true;
    const button = $('pg-browse');
    button.disabled = true;
    button.textContent = 'Browsing…';
    try {
      const bearer = await getToken();
      const payload = { url: $('pg-url').value };
      if ($('pg-content').checked) payload.include_page_content = true;
      const res = await fetch(session.api_url.replace(/\/$/, '') + '/v1/browse', { method: 'POST', headers: { authorization: 'Bearer ' + bearer, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        showError((body.error || 'HTTP ' + res.status) + ': ' + (body.message || 'the request failed'));
        return;
      }
      render(body, res.headers);
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    } finally {
      button.disabled = false;
      button.textContent = 'Browse';
    }
  }

  async function start() {
    const res = await fetch('/api/session', { credentials: 'same-origin' });
    session = await res.json();
    const auth = $('pg-auth');
    if (!session.signed_in) {
      auth.replaceChildren(el('span', 'Sign in to use the playground: '), Object.assign(el('a', 'sign in'), { href: '/signin?next=/docs/playground.html' }), el('span', '.'));
      return;
    }
    auth.textContent = 'Signed in as ' + session.email + '. Requests go to ' + session.api_url + ' with a 15-minute playground token.';
    $('pg-form').hidden = false;
    $('pg-form').addEventListener('submit', browse);
  }

  start().catch((err) => showError(String(err)));
})();
