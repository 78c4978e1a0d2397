/**
 * Agents can use the dashboard: Pagemap itself browses it (loopback allowed, as in every test
 * stack), finds a `login` tool on the sign-in page, signs in with it and reaches the keys page,
 * where issuing a key is a tool too.
 */
import { type AccountStore, OwnerStore } from '@pagemap/accounts';
import { api } from '@pagemap/test-utils';
import { PASSWORD, startDashboardStack, uniqueEmail, type DashboardStack } from './harness';

let env: DashboardStack;
let key: string;
const email = uniqueEmail('agent-owner');

beforeAll(async () => {
  env = await startDashboardStack();
  ({ apiKey: key } = await env.stack.tenant({ plan: 'builder' }));
  const accounts: AccountStore = env.stack.accounts;
  await new OwnerStore(env.stack.redis.client, env.stack.keys, accounts).signUp({
    email,
    password: PASSWORD,
    accountName: 'Agent-run account',
  });
}, 90_000);

afterAll(async () => {
  await env?.stop();
});

const browse = (body: unknown) => api(env.stack.url, 'POST', '/v1/browse', { key, body });
type Tool = { name: string; params: Array<{ name: string }> };

test('Pagemap signs in to its own dashboard with the login tool and reaches the keys page', async () => {
  const opened = await browse({ url: `${env.url}/signin` });
  expect(opened.status).toBe(200);
  const login = (opened.body.tools as Tool[]).find((t) => t.name === 'login' || t.name === 'sign_in');
  expect(login?.params.map((p) => p.name)).toEqual(expect.arrayContaining(['username', 'password']));

  const signedIn = await browse({
    session_id: opened.body.session_id,
    tool: login!.name,
    params: { username: email, password: PASSWORD },
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.results).toEqual([{ tool: login!.name, success: true, error: null }]);
  expect(signedIn.body.title).toBe('Overview · Pagemap');
  expect(JSON.stringify(signedIn.body)).not.toContain(PASSWORD);

  const keys = await browse({ session_id: opened.body.session_id, tool: 'follow_link', params: { link: 'API keys' } });
  expect(keys.status).toBe(200);
  expect(keys.body.results[0]).toMatchObject({ success: true });
  expect(keys.body.title).toBe('API keys · Pagemap');
  expect(keys.body.url).toBe(`${env.url}/keys`);
  // The main action of the page is a tool with a labelled param.
  const issue = (keys.body.tools as Tool[]).find((t) => /issue/.test(t.name));
  expect(issue?.params.map((p) => p.name)).toEqual(expect.arrayContaining([expect.stringMatching(/name/)]));
  const nameParam = issue!.params.find((p) => /name/.test(p.name))!.name;
  const issued = await browse({
    session_id: opened.body.session_id,
    tool: issue!.name,
    params: { [nameParam]: 'made by an agent' },
    include_page_content: true,
  });
  expect(issued.body.results[0]).toMatchObject({ success: true });
  expect(issued.body.page_content).toContain('Your new key');
  const listed = await env.stack.accounts.listKeys(
    (await new OwnerStore(env.stack.redis.client, env.stack.keys, env.stack.accounts).findByEmail(email))!.tenantId,
  );
  expect(listed.map((k) => k.name)).toEqual(['made by an agent']);
});

test('a wrong password through the login tool is reported as rejected, not signed in', async () => {
  const opened = await browse({ url: `${env.url}/signin` });
  const res = await browse({
    session_id: opened.body.session_id,
    tool: 'login',
    params: { username: email, password: 'wrong wrong wrong' },
  });
  expect(res.status).toBe(200);
  expect(res.body.results[0].success).toBe(false);
  expect(res.body.title).toBe('Sign in · Pagemap');
});
