/**
 * Widgets a script draws over the page's own markup: a <select> hidden and replaced by a plugin's
 * dropdown (Chosen, nice-select), and a consent banner drawn in a shadow root of a fixed host
 * element (as consent managers do). Real Chromium, fixture pages.
 */
import { extractPageMap, runTool } from '../src';
import { acceptPosts, openPage, servePage, useEnv } from './helpers';

const env = useEnv();

test("a select hidden behind a script's dropdown is still the form's param, and setting it reaches the submission; a hidden select with nothing drawn for it is not", async () => {
  const posts = acceptPosts(env(), '/drawn/quote', 'Thanks');
  servePage(
    env(),
    '/drawn/select',
    `<!doctype html><meta charset="utf-8"><title>Quote</title><main><h1>Request a quote</h1><form action="/drawn/quote" method="post">
    <label for="email">Email</label><input id="email" name="email" type="email">
    <label for="service">Service</label><select id="service" name="service" style="display:none"><option value="">Choose a service</option><option value="web">Web design</option><option value="seo">SEO audit</option></select>
    <div class="nice-select" tabindex="0"><span class="current">Choose a service</span><ul class="list" style="display:none"><li data-value="web">Web design</li><li data-value="seo">SEO audit</li></ul></div>
    <select name="tracking" style="display:none"><option>Get</option><option>Skip</option></select>
    <button>Get my quote</button></form></main>
    <script>service.addEventListener('change', () => { document.querySelector('.current').textContent = service.selectedOptions[0].text; });</script>`,
  );
  const p = await openPage(env(), '/drawn/select');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const form = map.tools.find((t) => t.tool.params.some((q) => q.name === 'email'))!;
    expect(form.tool.params.map((q) => q.name)).toEqual(['email', 'service', 'send']);
    expect(form.tool.params[1]).toMatchObject({ type: 'enum', options: ['Web design', 'SEO audit'] });
    const out = await runTool(
      p.page,
      map,
      { tool: form.tool.name, params: { email: 'ann@example.com', service: 'SEO audit' } },
      { timeoutMs: 8000 },
    );
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(new URLSearchParams(posts[0]).get('service')).toBe('seo');
  } finally {
    await p.close();
  }
});

test("a consent banner drawn in a shadow root is the page's overlay, and dismiss_overlay presses its button there", async () => {
  servePage(
    env(),
    '/drawn/consent',
    `<!doctype html><meta charset="utf-8"><title>Courier</title><main><h1>Daily Courier</h1><p>Top stories.</p></main>
    <div id="cmp" style="position:fixed;left:0;right:0;bottom:0"></div>
    <script>
      const root = cmp.attachShadow({ mode: 'open' });
      root.innerHTML = '<div role="dialog" aria-label="Privacy settings"><h2>We value your privacy</h2><p>We use cookies to measure our audience.</p><button id="deny">Deny</button><button id="ok">Accept all</button></div>';
      root.getElementById('ok').onclick = () => { cmp.remove(); document.title = 'Accepted'; };
    </script>`,
  );
  const p = await openPage(env(), '/drawn/consent');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    expect(map.overlay).toMatchObject({ kind: 'cookie_consent', label: 'We value your privacy' });
    const dismiss = map.tools.find((t) => t.tool.name === 'dismiss_overlay')!;
    expect(dismiss.tool.params[0]!.options).toEqual(['Deny', 'Accept all']);
    const out = await runTool(
      p.page,
      map,
      { tool: 'dismiss_overlay', params: { choice: 'Accept all' } },
      { timeoutMs: 8000 },
    );
    expect(out.result.success).toBe(true);
    expect(await p.page.title()).toBe('Accepted');
    expect((await extractPageMap(p.page, { includeContent: false })).overlay).toBeFalsy();
  } finally {
    await p.close();
  }
});
