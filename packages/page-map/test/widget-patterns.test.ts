/**
 * Widgets built the way the WAI-ARIA Authoring Practices describe them, in markup written here
 * (the APG's own examples were measured on this machine but may not be committed: see
 * docs/page-understanding.md). Each test is a mechanism those examples showed missing:
 * - an SVG control (a rating's star, `<g role="radio">`) gets a real click event. Before, the click
 *   called `click()`, which SVG elements lack: the tool answered success and nothing was rated;
 * - a tree's arrow (a textless control with its own click listener inside an item that says it is
 *   collapsed, whose own text is a link) is a target, "Expand About";
 * - menu items whose markup indents their text around an icon, each with its own pointer
 *   listener, are hover targets, and a hover that expands its item (aria-expanded, the submenu
 *   shown by a style the script sets) counts as showing. Before, the indentation made the items'
 *   text read as too long to be a control, and a submenu hidden by a class (not an inline style)
 *   was not seen to show.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const STAR = '<path d="M10 0 L13 7 L20 7 L14 12 L16 20 L10 15 L4 20 L6 12 L0 7 L7 7 Z"/>';
const RATING = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rate us</title></head><body>
<h1>Rate your stay</h1>
<svg role="radiogroup" aria-label="Rating" width="120" height="24">
  ${[1, 2, 3, 4, 5]
    .map(
      (n) => `<g role="radio" aria-checked="false" aria-label="${['one', 'two', 'three', 'four', 'five'][n - 1]} stars"
     transform="translate(${(n - 1) * 24},0)" style="cursor:pointer">${STAR}</g>`,
    )
    .join('\n  ')}
</svg>
<script>
  for (const g of document.querySelectorAll('[role=radio]'))
    g.addEventListener('click', () => {
      for (const o of document.querySelectorAll('[role=radio]')) o.setAttribute('aria-checked', String(o === g));
    });
</script></body></html>`;

const ARROW = '<svg width="12" height="12" viewBox="0 0 12 12"><polygon points="2,1 10,6 2,11"/></svg>';
const TREE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>University</title>
<style>[role=group] { display: none } [aria-expanded=true] + [role=group] { display: block }</style></head><body>
<nav aria-label="Site"><ul role="tree">
  <li role="none"><a role="treeitem" href="#home" aria-current="page">Home</a></li>
  <li role="none">
    <a role="treeitem" href="#about" aria-expanded="false">
      <span class="label">
        <span class="icon">${ARROW}</span>
        About
      </span>
    </a>
    <ul role="group">
      <li role="none"><a role="treeitem" href="#overview">Overview</a></li>
      <li role="none"><a role="treeitem" href="#history">History</a></li>
    </ul>
  </li>
</ul></nav>
<main><h1 id="title">Home</h1></main>
<script>
  for (const icon of document.querySelectorAll('.icon'))
    icon.addEventListener('click', (e) => {
      const item = icon.closest('[role=treeitem]');
      item.setAttribute('aria-expanded', String(item.getAttribute('aria-expanded') !== 'true'));
      e.preventDefault();
      e.stopPropagation();
    });
  for (const item of document.querySelectorAll('[role=treeitem]'))
    item.addEventListener('click', (e) => {
      e.preventDefault();
      for (const o of document.querySelectorAll('[aria-current]')) o.removeAttribute('aria-current');
      item.setAttribute('aria-current', 'page');
      document.getElementById('title').textContent = item.textContent.trim();
    });
</script></body></html>`;

const MENUBAR = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campus</title>
<style>[role=menu] { display: none; position: absolute; background: #fff } li { position: relative }</style></head><body>
<nav aria-label="Campus"><ul role="menubar" style="display:flex; gap:2em; list-style:none">
  <li role="none"><a role="menuitem" href="#home">Home</a></li>
  <li role="none">
    <a role="menuitem" href="#about" aria-haspopup="true" aria-expanded="false">
                        About
                        ${ARROW}
    </a>
    <ul role="menu" aria-label="About">
      <li role="none"><a role="menuitem" href="#overview">Overview</a></li>
      <li role="none">
        <a role="menuitem" href="#facts" aria-haspopup="true" aria-expanded="false">
                            Facts
                            ${ARROW}
        </a>
        <ul role="menu" aria-label="Facts">
          <li role="none"><a role="menuitem" href="#history">History</a></li>
        </ul>
      </li>
    </ul>
  </li>
</ul></nav>
<main><h1>Welcome</h1></main>
<script>
  const open = (item, yes) => {
    item.setAttribute('aria-expanded', String(yes));
    item.nextElementSibling.style.display = yes ? 'block' : 'none';
  };
  for (const item of document.querySelectorAll('[role=menuitem]')) {
    item.addEventListener('pointerover', () => {
      const menu = item.closest('[role=menu],[role=menubar]');
      for (const sib of menu.querySelectorAll(':scope > li > [aria-haspopup]')) if (sib !== item) open(sib, false);
      if (item.hasAttribute('aria-haspopup')) open(item, true);
    });
    item.addEventListener('click', (e) => {
      if (item.hasAttribute('aria-haspopup')) {
        e.preventDefault();
        open(item, item.getAttribute('aria-expanded') !== 'true');
      }
    });
  }
</script></body></html>`;

const site = mkdtempSync(join(tmpdir(), 'pm-widgets-'));
writeFileSync(join(site, 'rating.html'), RATING);
writeFileSync(join(site, 'tree.html'), TREE);
writeFileSync(join(site, 'menubar.html'), MENUBAR);
const env = useExternalEnv(site);

test('a star of an SVG rating is clicked with a real click event', async () => {
  const { page, map, close } = await openExternal(env(), '/rating.html');
  try {
    const out = await runTool(page, map, { tool: 'click', params: { target: 'four stars' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const checked = await page.$$eval('[role=radio]', (gs) => gs.map((g) => g.getAttribute('aria-checked')));
    expect(checked).toEqual(['false', 'false', 'false', 'true', 'false']);
  } finally {
    await close();
  }
});

test("a tree's arrow is a target named by its item, and expands the branch its link does not", async () => {
  const { page, map, close } = await openExternal(env(), '/tree.html');
  try {
    const click = () => map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    expect(click()).toEqual(expect.arrayContaining(['About', 'Expand About']));
    const out = await runTool(page, map, { tool: 'click', params: { target: 'Expand About' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await page.$eval('[href="#about"]', (a) => a.getAttribute('aria-expanded'))).toBe('true');
    expect(await page.$eval('#title', (h) => h.textContent)).toBe('Home');
  } finally {
    await close();
  }
});

test('menu items with indented markup are hover targets; hovering one that expands shows its submenu', async () => {
  const { page, map, close } = await openExternal(env(), '/menubar.html');
  try {
    const hover = map.tools.find((t) => t.tool.name === 'hover')?.tool.params[0]?.options ?? [];
    expect(hover).toEqual(expect.arrayContaining(['Home', 'About']));
    const about = await runTool(page, map, { tool: 'hover', params: { target: 'About' } }, { timeoutMs: 8000 });
    expect(about.result.success).toBe(true);
    const after = await extractPageMap(page, { includeContent: false });
    const facts = await runTool(page, after, { tool: 'hover', params: { target: 'Facts' } }, { timeoutMs: 8000 });
    expect(facts.result.success).toBe(true);
    expect(await page.$eval('[href="#facts"] + [role=menu]', (m) => (m as HTMLElement).offsetParent !== null)).toBe(
      true,
    );
  } finally {
    await close();
  }
});
