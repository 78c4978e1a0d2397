import { FIXTURE_USERS, startFixtureServer, type FixtureServer } from '../src';

let site: FixtureServer;
beforeAll(async () => (site = await startFixtureServer()));
afterAll(() => site.close());

test('serves the fixture pages and counts hits per path', async () => {
  const res = await fetch(site.url('/login.html'));
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<form');
  expect(site.hits('/login.html')).toBe(1);
  expect((await fetch(site.url('/no-such-page.html'))).status).toBe(404);
});

test('the login route sets a session cookie only for the right password', async () => {
  const good = await fetch(site.url('/login'), {
    method: 'POST',
    body: `username=alice&password=${encodeURIComponent(FIXTURE_USERS.alice!)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(good.status).toBe(302);
  expect(good.headers.get('set-cookie')).toMatch(/^sid=alice/);
  const bad = await fetch(site.url('/login'), {
    method: 'POST',
    body: 'username=alice&password=nope',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(bad.status).toBe(401);
  expect(bad.headers.get('set-cookie')).toBeNull();
});

test('paths cannot escape the fixture folder', async () => {
  const res = await fetch(`${site.origin}/%2e%2e/%2e%2e/package.json`);
  expect([403, 404]).toContain(res.status);
  expect(await res.text()).not.toContain('"name"');
});
