/**
 * Reachability through the API (issue 13): clickables that are not links or buttons, content
 * revealed by a click, forms with several submit buttons, labels from real layouts, script-rendered
 * search results and pagination, login vs sign-up vs checkout, LOGIN_REJECTED only on evidence,
 * and overlays. Every step uses only what the previous response offered (tool names, params,
 * options), as an agent would; the fixture pages record what happened in their title.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { api, FIXTURE_USERS } from '@pagemap/test-utils';
import { useApiSuite } from './helpers';

const suite = useApiSuite({ tenants: 1 });

type Map = BrowseResponse;
const browse = async (body: unknown): Promise<Map> => {
  const res = await api(suite.stack.url, 'POST', '/v1/browse', { key: suite.keys[0]!, body });
  expect(res.status).toBe(200);
  return BrowseResponse.parse(res.body);
};
const open = (path: string) => browse({ url: suite.site.url(path) });
const run = (m: Map, tool: string, params: Record<string, unknown> = {}) =>
  browse({ session_id: m.session_id, tool, params });
const toolOf = (m: Map, name: string) => m.tools.find((t) => t.name === name);
const optionsOf = (m: Map, tool: string, param: string) =>
  toolOf(m, tool)?.params.find((p) => p.name === param)?.options ?? [];

test('clickables that are not links or buttons are reachable through the click tool, and a script-only link is followed by clicking it', async () => {
  const m = await open('/x-clickables.html');
  expect(optionsOf(m, 'click', 'target')).toEqual(
    expect.arrayContaining([
      'Archive',
      'Billing',
      'Privacy & security',
      'Trail Runner 2',
      'Pricing',
      'Show more comments',
    ]),
  );
  // Buttons outside any form keep their own named tools too.
  expect(toolOf(m, 'archive')?.params).toEqual([]);
  const card = await run(m, 'click', { target: 'Trail Runner 2' });
  expect(card.results).toEqual([{ tool: 'click', success: true, error: null }]);
  expect(card.title).toBe('clicked: Trail Runner 2');
  const li = await run(card, 'click', { target: 'Privacy & security' });
  expect(li.title).toBe('clicked: Privacy & security');
  const link = await run(li, 'click', { target: 'Pricing' });
  expect(link.title).toBe('view: pricing');
  // Equal texts are told apart by their row.
  expect(optionsOf(link, 'click', 'target')).toEqual(expect.arrayContaining(['Edit (Ann Lee)', 'Edit (Tomás Ortega)']));
  const edit = await run(link, 'click', { target: 'Edit (Tomás Ortega)' });
  expect(edit.title).toBe('clicked: Edit Tomás Ortega');
  const bad = await run(edit, 'click', { target: 'No such thing anywhere' });
  expect(bad.results?.[0]).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
});

test('a tab, a disclosure and "show more" reveal content, and the response after the click offers it', async () => {
  const m = await open('/x-clickables.html');
  expect(optionsOf(m, 'click', 'target')).not.toContain('Download last invoice');
  expect(toolOf(m, 'click')?.description).toMatch(/reveal/);
  const tab = await run(m, 'click', { target: 'Billing' });
  expect(optionsOf(tab, 'click', 'target')).toContain('Download last invoice');
  const invoice = await run(tab, 'click', { target: 'Download last invoice' });
  expect(invoice.title).toBe('clicked: Download last invoice');

  const faq = await run(invoice, 'click', { target: 'How do I return an item?' });
  expect(optionsOf(faq, 'click', 'target')).toContain('Start a return');
  const more = await run(faq, 'click', { target: 'Show more comments' });
  expect(optionsOf(more, 'click', 'target')).toContain('View 5 replies to Priya');
  const replies = await run(more, 'click', { target: 'View 5 replies to Priya' });
  expect(replies.title).toBe('clicked: View 5 replies to Priya');
});

test('a form with several submit buttons asks which one; the chosen one submits', async () => {
  const m = await open('/x-multi-submit.html');
  const form = m.tools.find((t) => t.params.some((p) => p.name === 'display_name'))!;
  const action = form.params.find((p) => p.name === 'action');
  expect(action).toMatchObject({ type: 'enum', required: true, options: ['Save changes', 'Cancel'] });
  const missing = await run(m, form.name, { display_name: 'Bo' });
  expect(missing.results?.[0]).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
  const cancel = await run(m, form.name, { display_name: 'Bo', action: 'Cancel' });
  expect(cancel.results?.[0]?.success).toBe(true);
  expect(cancel.title).toBe('submitted: cancel as Bo');

  // A div-built Yes / No question: the same param, and the non-submit "Preview" stays clickable.
  const question = cancel.tools.find((t) => t.params.some((p) => p.name === 'reason'))!;
  expect(question.params.find((p) => p.name === 'action')?.options).toEqual(['Yes', 'No']);
  expect(optionsOf(cancel, 'click', 'target')).toContain('Preview');
  const no = await run(cancel, question.name, { reason: 'too many mails', action: 'No' });
  expect(no.title).toBe('answered: no too many mails');
});

test('params are named and described from what a person reads: table cells, column headers, preceding text, legends', async () => {
  const m = await open('/x-labels.html');
  const form = toolOf(m, 'save_film')!;
  const desc = Object.fromEntries(form.params.map((p) => [p.name, p.description]));
  expect(Object.keys(desc)).toEqual(
    expect.arrayContaining([
      'film_title',
      'director_name',
      'year',
      'runtime_minutes',
      'producer',
      'original_language',
      'studio',
    ]),
  );
  expect(desc.director_name).toBe('Director name');
  expect(desc.runtime_minutes).toBe('Runtime (minutes)');
  expect(desc.studio).toBe('Studio');
  const cities = form.params.filter((p) => p.description.startsWith('City'));
  expect(cities.map((p) => p.description)).toEqual(['City (in "Shipping address")', 'City (in "Billing address")']);
  const saved = await run(m, 'save_film', { director_name: 'Agnès Varda', [cities[1]!.name]: 'Lyon' });
  expect(saved.title).toContain('f2=Agnès Varda');
  expect(saved.title).toContain('b_city=Lyon');
});

test('after a search, script-rendered results and pagination are reachable in the same response', async () => {
  const m = await open('/x-search.html');
  const found = await run(m, 'search', { query: 'lemon' });
  expect(found.results?.[0]?.success).toBe(true);
  const targets = optionsOf(found, 'click', 'target');
  expect(targets).toEqual(expect.arrayContaining(['Lemon drizzle cake', 'Lemon tart', '2', 'Next page']));
  const page2 = await run(found, 'click', { target: '2' });
  expect(optionsOf(page2, 'click', 'target')).toContain('Lemon sorbet');
  const opened = await run(page2, 'click', { target: 'Lemon sorbet' });
  expect(opened.title).toBe('opened: Lemon sorbet');
});

test('login only for signing in: sign-up and checkout get none; a page with both gets login and sign_up; image and span submits work', async () => {
  const names = (m: Map) => m.tools.map((t) => t.name);
  expect(names(await open('/x-signup-continue.html'))).toEqual(expect.arrayContaining(['sign_up']));
  expect(names(await open('/x-signup-continue.html'))).not.toContain('login');
  expect(names(await open('/x-checkout.html'))).not.toContain('login');

  const both = await open('/x-auth-pages.html');
  expect(names(both)).toEqual(expect.arrayContaining(['login', 'sign_up']));
  const viaImage = await run(both, 'login', { username: 'alice', password: FIXTURE_USERS.alice });
  expect(viaImage.results?.[0]).toEqual({ tool: 'login', success: true, error: null });
  expect(viaImage.title).toBe('Your account');

  const span = await open('/x-login-span.html');
  expect(toolOf(span, 'login')?.params.map((p) => p.name)).toEqual(['username', 'password']);
  const wrong = await run(span, 'login', { username: 'alice', password: 'not-the-password-9' });
  expect(wrong.results?.[0]).toMatchObject({ success: false, error: { code: 'LOGIN_REJECTED' } });
  const right = await run(wrong, 'login', { username: 'alice', password: FIXTURE_USERS.alice });
  expect(right.results?.[0]?.success).toBe(true);
  expect(right.title).toBe('Your account');
});

test('LOGIN_REJECTED only on evidence: a page that still holds a sign-in form after a good sign-in is a success', async () => {
  const m = await open('/x-login-widget.html');
  // The page's own form ranks before the header's quick-login bar.
  expect(toolOf(m, 'login')?.description).toContain('"Sign in"');
  const good = await run(m, 'login', { username: 'alice', password: FIXTURE_USERS.alice });
  expect(good.results).toEqual([{ tool: 'login', success: true, error: null }]);
  expect(good.title).toBe('Fixture Forum – signed in');
  expect(good.tools.some((t) => t.name.startsWith('login'))).toBe(true); // the header bar is still there

  const again = await open('/x-login-widget.html');
  const bad = await run(again, 'login', { username: 'alice', password: 'not-the-password-9' });
  expect(bad.results?.[0]).toMatchObject({ success: false, error: { code: 'LOGIN_REJECTED' } });
  expect(JSON.stringify(bad)).not.toContain('not-the-password-9');
});

test('an overlay is reported, never hides the page tools, and dismiss_overlay accepts or rejects as asked', async () => {
  const m = await open('/x-overlay-consent.html');
  expect(m.overlay).toEqual({
    kind: 'cookie_consent',
    label: 'We value your privacy',
    tool: 'dismiss_overlay',
    choices: ['Accept all', 'Reject all', 'Manage options'],
  });
  expect(toolOf(m, 'search')).toBeDefined();
  const rejected = await run(m, 'dismiss_overlay', { choice: 'Reject all' });
  expect(rejected.results?.[0]?.success).toBe(true);
  expect(rejected.title).toBe('consent: rejected');
  expect(rejected.overlay).toBeUndefined();
  expect(toolOf(rejected, 'dismiss_overlay')).toBeUndefined();

  const shop = await open('/x-overlay-newsletter.html');
  expect(shop.overlay).toMatchObject({
    kind: 'newsletter',
    tool: 'dismiss_overlay',
    choices: expect.arrayContaining(['Close', 'No thanks']),
  });
  expect(optionsOf(shop, 'click', 'target')).toContain('Add jacket to bag');
  const declined = await run(shop, 'dismiss_overlay', { choice: 'No thanks' });
  expect(declined.title).toBe('newsletter: declined');
  const added = await run(declined, 'add_jacket_to_bag');
  expect(added.title).toBe('added: jacket');
});

test('a widget embedded from another site: its form is a tool that names the site, and its buttons are click options', async () => {
  const m = await open('/x-frame-widget-host.html');
  const book = m.tools.find((t) => t.params.some((p) => p.name === 'guests'))!;
  expect(book).toBeDefined();
  expect(book.description).toContain(`frame from localhost:${suite.site.port}`);
  const booked = await run(m, book.name, { name: 'Ana', guests: 4 });
  expect(booked.results).toMatchObject([{ tool: book.name, success: true, error: null }]);
  expect(booked.title).toBe('booked: Ana x4');
  expect(optionsOf(booked, 'click', 'target')).toContain('See the menu');
  const menu = await run(booked, 'click', { target: 'See the menu' });
  expect(menu.title).toBe('clicked: See the menu');
});
