/**
 * A small shop on the loopback fixture server for the agent adapters' runs: a home page with a
 * search, results that link to products, a sign-in that needs the fixture password, an orders
 * page behind it, and a page whose form vanishes on the test's word (ELEMENT_GONE).
 * The server records what the browser posted, so a test can see the real password arrived.
 */
import type { ServerResponse } from 'node:http';
import { FIXTURE_USERS, parseCookies, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';

export const SHOP_PASSWORD = FIXTURE_USERS.alice!;

export interface ShopSite {
  server: FixtureServer;
  /** Bodies posted to /shop/login, in order. */
  logins: string[];
  /** Queries received by /shop/search. */
  searches: string[];
  /** Makes /shop/notes drop its form: answers the page's pending long poll. */
  dropNotesForm(): void;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const PRODUCTS: Record<string, { name: string; text: string }> = {
  kettle: { name: 'Blue kettle', text: 'The blue kettle boils 1.7 litres in three minutes and switches itself off.' },
  toaster: { name: 'Red toaster', text: 'The red toaster browns four slices at once.' },
};

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(html);
}

/** Home page with a search, result lists, and the kettle's page. */
function catalogRoutes(server: FixtureServer, searches: string[]): void {
  server.route('GET', '/shop', (_req, res) =>
    send(
      res,
      200,
      page(
        'Fixture Shop',
        `<h1>Fixture Shop</h1><form role="search" action="/shop/search" method="get"><input type="search" name="q" aria-label="Search products"><button>Search</button></form><p><a href="/shop/login">Sign in</a></p>`,
      ),
    ),
  );
  server.route('GET', '/shop/search', (_req, res, url) => {
    const q = url.searchParams.get('q') ?? '';
    searches.push(q);
    const hits = Object.entries(PRODUCTS).filter(([, p]) => p.name.toLowerCase().includes(q.toLowerCase()));
    send(
      res,
      200,
      page(
        `Results for ${q}`,
        `<h1>Results</h1><ol>${hits.map(([id, p]) => `<li><a href="/shop/item/${id}">${p.name}</a></li>`).join('')}</ol>`,
      ),
    );
  });
  server.route('GET', '/shop/item/kettle', (_req, res) =>
    send(
      res,
      200,
      page(
        PRODUCTS.kettle!.name,
        `<h1>${PRODUCTS.kettle!.name}</h1><p>${PRODUCTS.kettle!.text}</p><p><a href="/shop/login">Sign in to buy</a></p>`,
      ),
    ),
  );
}

/** Sign-in form, its POST (recorded), and the orders page behind it. */
function loginRoutes(server: FixtureServer, logins: string[]): void {
  server.route('GET', '/shop/login', (_req, res) =>
    send(
      res,
      200,
      page(
        'Sign in — Fixture Shop',
        `<h1>Sign in</h1><form method="post" action="/shop/login"><label>Username <input name="username" required></label><label>Password <input type="password" name="password" required></label><button type="submit">Sign in</button></form>`,
      ),
    ),
  );
  server.route('POST', '/shop/login', (_req, res, _url, body) => {
    logins.push(body);
    const form = new URLSearchParams(body);
    if (FIXTURE_USERS[form.get('username') ?? ''] === form.get('password'))
      return send(res, 302, '', { location: '/shop/orders', 'set-cookie': 'shop=alice; Path=/; HttpOnly' });
    send(res, 401, page('Sign in — Fixture Shop', '<p role="alert">Wrong username or password.</p>'));
  });
  server.route('GET', '/shop/orders', (req, res) => {
    if (parseCookies(req).shop !== 'alice') return send(res, 302, '', { location: '/shop/login' });
    send(res, 200, page('Your orders', '<h1>Your orders</h1><p>Order 1001: Blue kettle, shipped on 3 March.</p>'));
  });
}

/** The notes page; the returned function drops its form. */
function notesRoutes(server: FixtureServer): () => void {
  let release: (() => void) | undefined;
  let dropped = false;
  // A note form the page removes once /shop/notes/hold answers (on the test's word), then it
  // reports the removal at /shop/notes/removed so the test can wait for it.
  server.route('GET', '/shop/notes', (_req, res) =>
    send(
      res,
      200,
      page(
        'Notes',
        `<h1>Notes</h1><div id="composer"><input aria-label="Note" id="note"><button id="add">Add note</button></div><ul id="list"></ul>
<script>
document.getElementById('add').addEventListener('click', () => { const li = document.createElement('li'); li.textContent = document.getElementById('note').value; document.getElementById('list').append(li); });
fetch('/shop/notes/hold').then(() => { document.getElementById('composer').remove(); fetch('/shop/notes/removed'); });
</script>`,
      ),
    ),
  );
  server.route('GET', '/shop/notes/hold', (_req, res) => {
    const answer = () => send(res, 200, 'ok');
    if (dropped) answer();
    else release = answer;
  });
  server.route('GET', '/shop/notes/removed', (_req, res) => send(res, 200, 'ok'));
  return () => {
    dropped = true;
    release?.();
  };
}

export async function startShopSite(): Promise<ShopSite> {
  const server = await startFixtureServer();
  const logins: string[] = [];
  const searches: string[] = [];
  catalogRoutes(server, searches);
  loginRoutes(server, logins);
  const dropNotesForm = notesRoutes(server);
  return { server, logins, searches, dropNotesForm };
}
