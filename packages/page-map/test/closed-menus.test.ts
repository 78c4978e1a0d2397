/**
 * Links in closed menus: a site's navigation often shows its second level only on hover (CSS
 * `:hover`) or once a menu button is pressed. Those links are what a person reaches by opening the
 * menu, so follow_link takes them (listed after the links on screen); links hidden from everyone,
 * or a whole navigation that is not shown (a phone layout's copy), stay out.
 */
import { extractPageMap, runTool } from '../src';
import { openPage, servePage, useEnv } from './helpers';

const env = useEnv();

const PAGE = `<!doctype html><meta charset="utf-8"><title>Trailhead</title>
<style>nav li ul { display: none } nav li:hover > ul { display: block } .phone { display: none }</style>
<header><nav aria-label="Main"><ul>
  <li><a href="/menus/men">Men</a><ul><li><a href="/menus/running-shoes">Running shoes</a></li></ul></li>
  <li><a href="/menus/women">Women</a><ul><li><a href="/menus/hiking-boots">Hiking boots</a></li><li aria-hidden="true"><a href="/menus/secret">Staff only</a></li></ul></li>
</ul></nav>
<nav class="phone"><a href="/menus/phone-only">Phone menu</a></nav></header>
<main><h1>New season</h1><p><a href="/menus/sale">Winter sale</a></p><div style="display:none"><a href="/menus/hidden-body">Hidden in the page</a></div></main>`;

test("follow_link lists and follows a hover menu's links, after the links on screen; hidden-from-everyone and off-screen navigations stay out", async () => {
  servePage(env(), '/menus/home', PAGE);
  servePage(env(), '/menus/hiking-boots', '<!doctype html><title>Hiking boots</title><h1>Hiking boots</h1>');
  const p = await openPage(env(), '/menus/home');
  try {
    const map = await extractPageMap(p.page, { includeContent: false });
    const follow = map.tools.find((t) => t.tool.name === 'follow_link')!;
    const options = follow.tool.params[0]!.options!;
    expect(options).toEqual(['Winter sale', 'Men', 'Women', 'Running shoes', 'Hiking boots']);
    const out = await runTool(
      p.page,
      map,
      { tool: 'follow_link', params: { link: 'Hiking boots' } },
      { timeoutMs: 8000 },
    );
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(await p.page.title()).toBe('Hiking boots');
  } finally {
    await p.close();
  }
});
