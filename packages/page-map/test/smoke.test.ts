import { extractPageMap, runTool, OfflineSummarizer } from '../src';
import { mapOf, names, openPage, tool, useEnv } from './helpers';

const env = useEnv();

test('login page yields login with username/password, plus navigate and follow_link', async () => {
  const m = await mapOf(env(), '/login.html', true);
  console.log(JSON.stringify(m.tools.map((t) => t.tool), null, 1), m.text, m.markdown);
  expect(names(m)).toEqual(expect.arrayContaining(['login', 'navigate', 'follow_link']));
  expect(tool(m, 'login')!.params.map((p) => p.name)).toEqual(['username', 'password']);
});

test('login tool signs in', async () => {
  const p = await openPage(env(), '/login.html');
  try {
    const m = await extractPageMap(p.page, { includeContent: false });
    const out = await runTool(p.page, m, { tool: 'login', params: { username: 'alice', password: 'correct-horse-battery-staple' } }, { timeoutMs: 5000 });
    console.log(out, p.page.url());
    expect(out.result.success).toBe(true);
    const bad = await extractPageMap(p.page, { includeContent: false });
    console.log(bad.title, bad.text, (await new OfflineSummarizer().summarize(bad)).summary);
  } finally {
    await p.close();
  }
});
