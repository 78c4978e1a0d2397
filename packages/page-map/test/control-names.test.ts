/**
 * Controls that do not say plainly what they are: icon and symbol buttons and links (named by
 * their tooltip, their icon's name or their accessible name), a password's "Show" button left at
 * the submit type, and a Save button outside its form (`form="id"`). Real Chromium, fixture pages.
 */
import { extractPageMap, runTool, type PageMap } from '../src';
import { acceptPosts, openPage, servePage, useEnv } from './helpers';

const env = useEnv();

async function withMap<T>(
  path: string,
  fn: (map: PageMap, page: import('puppeteer-core').Page) => Promise<T>,
): Promise<T> {
  const p = await openPage(env(), path);
  try {
    return await fn(await extractPageMap(p.page, { includeContent: false }), p.page);
  } finally {
    await p.close();
  }
}

const optionsOf = (map: PageMap, tool: string): string[] =>
  map.tools.find((t) => t.tool.name === tool)?.tool.params[0]?.options ?? [];
const names = (map: PageMap): string[] => map.tools.map((t) => t.tool.name);

test("icon buttons go by their tooltip, their icon's name or its SVG title; symbol links by their accessible name", async () => {
  servePage(
    env(),
    '/names/icons',
    `<!doctype html><meta charset="utf-8"><title>Viewer</title><main><h1>Report</h1><p>Text.</p>
    <button title="Share this page">⤴</button>
    <button><svg width="16" height="16" role="img" aria-label="Print"><rect width="9" height="9"/></svg></button>
    <button><svg width="16" height="16" aria-hidden="true"><title>Add to starred</title><rect width="9" height="9"/></svg></button>
    <button aria-label="Close">×</button>
    <button>Reply</button>
    <nav><a href="?p=1" aria-label="Previous page">‹</a> <a href="?p=2">2</a> <a href="?p=3" aria-label="Next page">›</a> <a href="?p=9" title="Last page">»</a> <a href="/read-more">Read more</a></nav></main>`,
  );
  await withMap('/names/icons', async (map) => {
    expect(optionsOf(map, 'click')).toEqual(
      expect.arrayContaining(['Share this page', 'Print', 'Add to starred', 'Close', 'Reply']),
    );
    expect(names(map)).toEqual(expect.arrayContaining(['share_this_page', 'print', 'add_to_starred']));
    const links = optionsOf(map, 'follow_link');
    expect(links).toEqual(expect.arrayContaining(['Previous page', '2', 'Next page', 'Last page', 'Read more']));
    expect(links).not.toContain('›');
  });
});

test('a password\'s "Show" button left at the submit type is not what signs in: the login tool sends the form with its real button', async () => {
  const posts = acceptPosts(env(), '/names/session', 'Notes');
  servePage(
    env(),
    '/names/reveal',
    `<!doctype html><title>Sign in</title><form action="/names/session" method="post">
    <label>Email <input type="email" name="email"></label>
    <label>Password <input type="password" name="password" id="pw"></label>
    <button onclick="event.preventDefault(); var p = document.getElementById('pw'); p.type = p.type === 'password' ? 'text' : 'password'">Show</button>
    <button type="submit">Sign in</button></form>`,
  );
  await withMap('/names/reveal', async (map, page) => {
    const login = map.tools.find((t) => t.tool.name === 'login')!.tool;
    expect(login.params.map((p) => p.name)).toEqual(['username', 'password']); // no "action" choice between Show and Sign in
    const out = await runTool(
      page,
      map,
      { tool: 'login', params: { username: 'ann@notes.example', password: 'Petal-Row-7' } },
      { timeoutMs: 8000 },
    );
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(posts).toHaveLength(1);
    expect(new URLSearchParams(posts[0]).get('email')).toBe('ann@notes.example');
  });
});

test('a Save button outside its form (form="id") is the form tool\'s submit, not a tool of its own', async () => {
  const posts = acceptPosts(env(), '/names/saved', 'Saved');
  servePage(
    env(),
    '/names/sticky-save',
    `<!doctype html><title>Settings</title><div class="bar"><button type="button">Discard</button><button type="submit" form="store" name="intent" value="save">Save</button></div>
    <main><h1>Store details</h1><form id="store" action="/names/saved" method="post"><label>Store name <input name="store_name"></label></form></main>`,
  );
  await withMap('/names/sticky-save', async (map, page) => {
    const form = map.tools.find((t) => t.tool.params.some((p) => p.name === 'store_name'))!.tool;
    expect(names(map)).not.toContain('save');
    expect(optionsOf(map, 'click')).not.toContain('Save');
    const out = await runTool(
      page,
      map,
      { tool: form.name, params: { store_name: 'Harbour Pottery' } },
      { timeoutMs: 8000 },
    );
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    // Sent by that button: its name and value go with the form, as when a person clicks it.
    expect(Object.fromEntries(new URLSearchParams(posts[0]))).toEqual({
      store_name: 'Harbour Pottery',
      intent: 'save',
    });
  });
});

test("a dropdown the page draws itself inside a form is named in the form tool's description, and picking it with click reaches the submission", async () => {
  const posts = acceptPosts(env(), '/names/ship', 'Payment');
  servePage(
    env(),
    '/names/picker',
    `<!doctype html><title>Shipping</title><main><h1>Shipping address</h1><form action="/names/ship" method="post">
    <label>Full name <input name="name"></label>
    <span id="cl">Country</span>
    <button type="button" id="cb" role="combobox" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="cl">Select a country</button>
    <ul id="cList" role="listbox" hidden><li role="option" data-v="CA">Canada</li><li role="option" data-v="DE">Germany</li></ul>
    <input type="hidden" name="country" id="cv">
    <button type="submit">Continue to payment</button></form></main>
    <script>
      cb.onclick = () => { cList.hidden = !cList.hidden; cb.setAttribute('aria-expanded', String(!cList.hidden)); };
      cList.onclick = (e) => { const o = e.target.closest('[role=option]'); cv.value = o.dataset.v; cb.textContent = o.textContent; cList.hidden = true; };
    </script>`,
  );
  const p = await openPage(env(), '/names/picker');
  try {
    let map = await extractPageMap(p.page, { includeContent: false });
    const form = map.tools.find((t) => t.tool.params.some((q) => q.name === 'name'))!.tool;
    expect(form.description).toContain('dropdown "Country"');
    expect(form.params.map((q) => q.name)).toEqual(['name', 'send']);
    expect(optionsOf(map, 'click')).toContain('Country'); // the same name, as a click target
    for (const target of ['Country', 'Germany']) {
      await runTool(p.page, map, { tool: 'click', params: { target } }, { timeoutMs: 8000 });
      map = await extractPageMap(p.page, { includeContent: false });
    }
    const out = await runTool(p.page, map, { tool: form.name, params: { name: 'Ann Lee' } }, { timeoutMs: 8000 });
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(Object.fromEntries(new URLSearchParams(posts[0]))).toEqual({ name: 'Ann Lee', country: 'DE' });
  } finally {
    await p.close();
  }
});

test('links with the same text to different places are told apart by their card or row, and each is followed to its own address', async () => {
  servePage(
    env(),
    '/names/posts',
    `<!doctype html><meta charset="utf-8"><title>Blog</title><main><h1>Latest posts</h1>
    <article><h2>Tide tables explained</h2><p>How to read them.</p><a href="/names/post/tides">Read more</a></article>
    <article><h2>Knots every sailor needs</h2><p>Five knots.</p><a href="/names/post/knots">Read more</a></article>
    <table><tr><th>Invoice</th><th></th></tr><tr><td>INV-1042</td><td><a href="/names/inv/1042">Edit</a></td></tr><tr><td>INV-1043</td><td><a href="/names/inv/1043">Edit</a></td></tr></table>
    <p><a href="/names/about">About us</a></p><footer><a href="/names/about">About us</a></footer></main>`,
  );
  servePage(env(), '/names/post/knots', '<!doctype html><title>Knots</title>');
  await withMap('/names/posts', async (map, page) => {
    expect(optionsOf(map, 'follow_link')).toEqual([
      'Read more (Tide tables explained)',
      'Read more (Knots every sailor needs)',
      'Edit (INV-1042)',
      'Edit (INV-1043)',
      'About us',
    ]);
    const out = await runTool(
      page,
      map,
      { tool: 'follow_link', params: { link: 'Read more (Knots every sailor needs)' } },
      { timeoutMs: 8000 },
    );
    expect(out.navigated).toBe(true);
    expect(await page.title()).toBe('Knots');
  });
});

test('equal forms for different items (one "Add to cart" per product card) are each a tool; copies of one form are listed once', async () => {
  const posts = acceptPosts(env(), '/names/cart', 'Cart');
  const card = (name: string, id: number) =>
    `<li><h3>${name}</h3><form action="/names/cart" method="post"><input type="hidden" name="id" value="${id}"><label>Qty <input type="number" name="qty" value="1"></label><button>Add to cart</button></form></li>`;
  const search = '<form action="/names/search"><input name="q" aria-label="Search"><button>Search</button></form>';
  servePage(
    env(),
    '/names/grid',
    `<!doctype html><title>Teas</title><header>${search}</header><main><h1>Green teas</h1><ul>${card('Sencha', 11)}${card('Gyokuro', 12)}${card('Genmaicha', 13)}</ul></main><footer>${search}</footer>`,
  );
  await withMap('/names/grid', async (map, page) => {
    const carts = map.tools.filter((t) => t.tool.params.some((p) => p.name === 'qty'));
    expect(carts.map((t) => t.tool.description)).toEqual([
      expect.stringContaining('"Sencha"'),
      expect.stringContaining('"Gyokuro"'),
      expect.stringContaining('"Genmaicha"'),
    ]);
    expect(names(map).filter((n) => n.startsWith('search'))).toEqual(['search']);
    const out = await runTool(page, map, { tool: carts[1]!.tool.name, params: { qty: 2 } }, { timeoutMs: 8000 });
    expect(out.navigated).toBe(true);
    expect(posts).toEqual(['id=12&qty=2']);
  });
});

test('the tool of one of several equal buttons names its card and says the click tool takes the others', async () => {
  servePage(
    env(),
    '/names/buttons',
    `<!doctype html><title>Teas</title><main><h1>Teas</h1><ul>
    <li><h3>Matcha Uji</h3><button onclick="document.title='matcha'">Add to cart</button></li>
    <li><h3>Hojicha</h3><button onclick="document.title='hojicha'">Add to cart</button></li></ul><button>Checkout</button></main>`,
  );
  await withMap('/names/buttons', async (map, page) => {
    const add = map.tools.find((t) => t.tool.name === 'add_to_cart')!.tool;
    expect(add.description).toBe(
      'Click the "Add to cart" button of "Matcha Uji". It is the first of 2 "Add to cart" buttons; click takes each of them by its row or card.',
    );
    expect(map.tools.find((t) => t.tool.name === 'checkout')!.tool.description).toBe('Click the "Checkout" button.');
    await runTool(page, map, { tool: 'click', params: { target: 'Add to cart (Hojicha)' } }, { timeoutMs: 8000 });
    expect(await page.title()).toBe('hojicha');
  });
});

test('a sign-out labelled in a script snake_case cannot spell is still named sign_out, and signs out', async () => {
  // Before: the form was `submit_form` and the standalone button had no tool at all (its label
  // slugs to nothing); an agent asked to sign out had no name to go by.
  const posts = acceptPosts(env(), '/names/logout', '已注销');
  servePage(
    env(),
    '/names/zh-account',
    `<!doctype html><html lang="zh-hans"><meta charset="utf-8"><title>账户</title><main><h1>你的账户</h1>
    <p>已登录为 ann。</p><form action="/names/logout" method="post"><input type="hidden" name="csrf" value="k1"><button type="submit">注销</button></form></main>`,
  );
  await withMap('/names/zh-account', async (map, page) => {
    expect(names(map)).toContain('sign_out');
    expect(names(map)).not.toContain('submit_form');
    const out = await runTool(page, map, { tool: 'sign_out', params: {} }, { timeoutMs: 8000 });
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(posts).toEqual(['csrf=k1']);
  });
  servePage(
    env(),
    '/names/ja-menu',
    `<!doctype html><html lang="ja"><meta charset="utf-8"><title>メニュー</title><main><h1>設定</h1>
    <button type="button" onclick="document.title='保存しました'">保存</button>
    <button type="button" onclick="document.title='ログアウトしました'">ログアウト</button></main>`,
  );
  await withMap('/names/ja-menu', async (map, page) => {
    expect(names(map)).toContain('sign_out');
    expect(optionsOf(map, 'click')).toContain('保存'); // other buttons in that script stay clickable by their text
    await runTool(page, map, { tool: 'sign_out', params: {} }, { timeoutMs: 8000 });
    expect(await page.title()).toBe('ログアウトしました');
  });
});
