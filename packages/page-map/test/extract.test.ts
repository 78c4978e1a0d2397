/** extractPageMap invariants on fixture pages: what must be found, what must not, bounds, stability. */
import { extractPageMap } from '../src';
import { mapOf, names, openPage, servePage, tool, useEnv } from './helpers';

const env = useEnv();

test('login ranks first; params carry name, description, type, required', async () => {
  const m = await mapOf(env(), '/login.html');
  expect(names(m)[0]).toBe('login');
  expect(tool(m, 'login')!.params).toEqual([
    expect.objectContaining({ name: 'username', type: 'string', required: true, description: expect.any(String) }),
    expect.objectContaining({ name: 'password', type: 'password', required: true }),
  ]);
});

test('several forms: each named from its purpose, selects/radios carry options, header search is search', async () => {
  const m = await mapOf(env(), '/multi-form.html');
  expect(names(m)).toEqual(
    expect.arrayContaining([
      'search',
      'add_to_cart',
      'contact',
      'subscribe',
      'load_more_reviews',
      'navigate',
      'follow_link',
    ]),
  );
  expect(names(m)).not.toContain('login');
  const cart = tool(m, 'add_to_cart')!;
  expect(cart.params.find((p) => p.name === 'size')).toMatchObject({
    type: 'enum',
    options: ['250 g', '500 g', '1 kg'],
  });
  expect(cart.params.find((p) => p.name === 'grind')).toMatchObject({
    type: 'enum',
    options: ['Whole bean', 'Filter', 'Espresso'],
  });
  expect(cart.params.find((p) => p.name === 'quantity')).toMatchObject({ type: 'number' });
  expect(cart.params.map((p) => p.name)).not.toContain('product_id'); // hidden inputs are not params
  const contact = tool(m, 'contact')!;
  expect(contact.params.find((p) => p.name === 'message')).toMatchObject({ type: 'text', required: true });
  expect(contact.params.find((p) => p.name === 'copy')).toMatchObject({ type: 'boolean' });
  // Ranking: main-content forms before footer forms; cookie-banner buttons last.
  const i = (n: string) => names(m).indexOf(n);
  expect(i('add_to_cart')).toBeLessThan(i('subscribe'));
  expect(i('accept_all')).toBeGreaterThan(i('subscribe'));
  // Main text: no nav, cookie banner or footer.
  expect(m.text).toContain('bright, floral light roast');
  expect(m.text).not.toMatch(/We use cookies|© Fixture Coffee|Journal/);
});

test('sign-up is not login; password-only and two-step forms are login', async () => {
  expect(names(await mapOf(env(), '/signup.html'))).not.toContain('login');
  expect(
    tool(await mapOf(env(), '/login-password-only.html'), 'login')!.params.find((p) => p.name === 'password')!.required,
  ).toBe(true);
  const two = tool(await mapOf(env(), '/login-two-step.html'), 'login')!;
  expect(two.params.map((p) => p.name)).toEqual(['username', 'password']);
  expect(two.params.find((p) => p.name === 'password')!.required).toBe(false);
});

test('div-built login, shadow DOM widgets and same-origin iframe forms are found; CAPTCHA checkbox is no param', async () => {
  expect(tool(await mapOf(env(), '/div-login.html'), 'login')!.params.map((p) => p.name)).toEqual([
    'username',
    'password',
  ]);
  expect(names(await mapOf(env(), '/shadow.html'))).toEqual(expect.arrayContaining(['search', 'subscribe']));
  expect(tool(await mapOf(env(), '/iframe.html'), 'send_feedback')!.params.map((p) => p.name)).toEqual([
    'email',
    'message',
    'send',
  ]);
  expect(tool(await mapOf(env(), '/login-captcha.html'), 'login')!.params.map((p) => p.name)).toEqual([
    'username',
    'password',
  ]);
});

test('WebMCP tools are listed as declared, before generated ones', async () => {
  const m = await mapOf(env(), '/webmcp.html');
  expect(names(m).slice(0, 3).sort()).toEqual(['add_to_wishlist', 'book_table', 'fail_always']);
  expect(tool(m, 'book_table')).toMatchObject({
    description: 'Book a table at Fixture Bistro for a date and party size.',
  });
  expect(tool(m, 'book_table')!.params.find((p) => p.name === 'date')).toMatchObject({
    description: 'Date of the visit, YYYY-MM-DD',
    required: true,
  });
  expect(tool(m, 'add_to_wishlist')!.params).toEqual([
    { name: 'dish', description: 'Name of the dish', type: 'string', required: true },
    { name: 'spicy', description: 'Extra spicy', type: 'boolean', required: false },
  ]);
});

test('names and structure hash are stable across reloads; the cap holds and keeps navigate/follow_link', async () => {
  const p = await openPage(env(), '/multi-form.html');
  try {
    const a = await extractPageMap(p.page, { includeContent: false });
    await p.page.reload({ waitUntil: 'load' });
    const b = await extractPageMap(p.page, { includeContent: false });
    expect(names(b)).toEqual(names(a));
    expect(b.structureHash).toBe(a.structureHash);
    const capped = await extractPageMap(p.page, { includeContent: false, maxTools: 4 });
    expect(names(capped)).toHaveLength(4);
    expect(names(capped)).toEqual(expect.arrayContaining(['navigate', 'follow_link', 'search']));
  } finally {
    await p.close();
  }
  const other = await mapOf(env(), '/login.html');
  expect(other.structureHash).not.toBe((await mapOf(env(), '/signup.html')).structureHash);
});

test('big article: bounded text, follow_link lists link choices, Markdown keeps links; time is measured', async () => {
  const p = await openPage(env(), '/big-article.html');
  try {
    const t0 = performance.now();
    const m = await extractPageMap(p.page, { includeContent: false });
    const tMap = performance.now() - t0;
    const t1 = performance.now();
    const withContent = await extractPageMap(p.page, { includeContent: true });
    const tContent = performance.now() - t1;
    console.log(
      `big-article.html: extractPageMap ${tMap.toFixed(0)} ms, with Markdown ${tContent.toFixed(0)} ms, markdown ${withContent.markdown!.length} chars`,
    );
    expect(m.text.length).toBeLessThanOrEqual(20_000);
    expect(m.text).toContain('Lighthouses have guarded dangerous coasts');
    expect(m.text).not.toContain('Topic 12'); // nav
    const follow = tool(m, 'follow_link')!;
    expect(follow.params[0]!.options!.length).toBeLessThanOrEqual(40);
    expect(follow.params[0]!.options![0]).not.toMatch(/^Topic/); // content links first
    expect(withContent.markdown).toMatch(/^# The Long History of Lighthouses/);
    expect(withContent.markdown).toMatch(/\[tide 1\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/tide-1\)/);
    expect(withContent.markdown).not.toContain('About 3'); // footer
    expect(tMap).toBeLessThan(1500);
  } finally {
    await p.close();
  }
});

test('Markdown of a small article: readability drops the cookie banner and nav', async () => {
  const m = await mapOf(env(), '/article.html', true);
  expect(m.markdown).toContain('Lighthouses guide ships');
  expect(m.markdown).not.toMatch(/Accept all cookies/);
});

test("a field's aria-describedby text (a format, a rule) is in its param's description; a hint that repeats the label is not", async () => {
  servePage(
    env(),
    '/hints/signup',
    `<!doctype html><title>Create account</title><main><h1>Create your account</h1><form action="/hints/done" method="post">
    <label for="dob">Date of birth</label><input id="dob" name="dob" aria-describedby="dob-hint"><p id="dob-hint">Use the format DD/MM/YYYY</p>
    <label for="pw">Choose a password</label><input id="pw" type="password" name="pw" aria-describedby="pw-rules pw-error"><span id="pw-rules" style="position:absolute;clip:rect(0 0 0 0)">At least 10 characters, one of them a number.</span><span id="pw-error"></span>
    <label for="em">Email</label><input id="em" type="email" name="em" aria-describedby="em-dup"><span id="em-dup">Email</span>
    <button>Create account</button></form></main>`,
  );
  const m = await mapOf(env(), '/hints/signup');
  const params = m.tools.find((t) => t.tool.params.some((p) => p.name === 'dob'))!.tool.params;
  // The fields' params (the form's own `send` choice aside).
  expect(params.filter((p) => p.name !== 'send').map((p) => p.description)).toEqual([
    'Date of birth (Use the format DD/MM/YYYY)',
    'Choose a password (At least 10 characters, one of them a number.)',
    'Email',
  ]);
});
