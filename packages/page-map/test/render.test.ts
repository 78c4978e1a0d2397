/**
 * Pages still drawing themselves at `load` (settle/render.ts), in real Chromium: an app shell is
 * read again once its content appears; a page with something to offer, or without scripts, is
 * read once.
 */
import { extractPageMap } from '../src';
import { names, openPage, servePage, useEnv } from './helpers';

const env = useEnv();

const SHELL = (script: string) =>
  `<!doctype html><title>App</title><div id="root"><div class="spinner" role="progressbar" aria-label="Loading"></div></div><script>${script}</script>`;

const LOGIN_FORM =
  '<h1>Sign in</h1><form method="post" action="/login"><label>Email <input type="email" name="email"></label><label>Password <input type="password" name="password"></label><button>Sign in</button></form>';

beforeAll(() => {
  servePage(
    env(),
    '/render/late-login',
    SHELL(`setTimeout(() => { document.getElementById('root').innerHTML = ${JSON.stringify(LOGIN_FORM)}; }, 600);`),
  );
  servePage(env(), '/render/redirects', SHELL(`setTimeout(() => { location.href = '/login.html'; }, 300);`));
  servePage(env(), '/render/never', SHELL(''));
  servePage(env(), '/render/static-empty', '<!doctype html><title>Empty</title><p>Nothing here.</p>');
  servePage(
    env(),
    '/render/not-found',
    '<!doctype html><title>Not found</title><h1>Page not found</h1><p>The page you asked for does not exist. <a href="/">Home</a></p><script>window.dataLayer = [];</script>',
  );
});

/** Extracts with the render wait, noting whether it waited. */
async function extract(path: string, awaitRenderMs?: number) {
  const p = await openPage(env(), path);
  const parts: string[] = [];
  try {
    const map = await extractPageMap(p.page, {
      includeContent: false,
      onTiming: (part) => parts.push(part),
      ...(awaitRenderMs ? { awaitRenderMs } : {}),
    });
    return { map, waited: parts.includes('render') };
  } finally {
    await p.close();
  }
}

test('a sign-in form drawn after load is in the page map', async () => {
  const once = await extract('/render/late-login');
  expect(names(once.map)).not.toContain('login');
  const settled = await extract('/render/late-login', 3000);
  expect(settled.waited).toBe(true);
  expect(names(settled.map)).toContain('login');
});

test('an app shell that sends the browser to its sign-in page is read on that page', async () => {
  const { map } = await extract('/render/redirects', 3000);
  expect(map.url).toMatch(/\/login\.html$/);
  expect(names(map)).toContain('login');
});

test('a shell that never renders is answered as it is, within the bound', async () => {
  const { map, waited } = await extract('/render/never', 500);
  expect(waited).toBe(true);
  expect(map.title).toBe('App');
});

test('pages that offer something, or have no scripts, are read once', async () => {
  expect((await extract('/render/static-empty', 3000)).waited).toBe(false);
  expect((await extract('/render/not-found', 3000)).waited).toBe(false);
  expect((await extract('/login.html', 3000)).waited).toBe(false);
});
