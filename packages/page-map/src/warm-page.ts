/**
 * Warming a prepared page before it serves anyone (the worker's context pool does it while idle).
 *
 * A session's page is a renderer process of its own, and its first page map pays for that
 * process's first use of everything: V8 compiling the page script (60 KB) as it runs, Blink's
 * first style, layout and font work. Measured on a small form page, a pooled page's first reading
 * took 20 ms against 4–5 ms for the second, and its navigation ~7 ms more than after warming.
 *
 * So the pooled page lays out a small sampler document of its own (below) in its blank first
 * document and has the page script read it once. What that compiles stays with the renderer:
 * Chromium keeps the page's renderer process for its first navigation, and V8 reuses the compiled
 * script in the next document's world (its compilation cache is per process). The sampler is then
 * emptied. It fetches nothing (no images, styles or scripts from anywhere) and runs no script of
 * its own; the first navigation replaces the document, so no session can read it.
 */
import type { Page } from 'puppeteer-core';
import { callPageScript } from './page-script-host/call';
import { MAX_LINKS, MAX_TEXT } from './read-page';

/**
 * A little of what pages hold, for the renderer and the page script to go through once: text,
 * navigation, a search, a sign-in form with the common field kinds, a table, a list, a disclosure
 * and a hover rule (the page script reads style sheets for those).
 */
const SAMPLER = `<head><title>Pagemap warm-up</title>
<style>nav a:hover { text-decoration: underline } .menu:hover > ul { display: block } .menu > ul { display: none }</style></head>
<body><header><nav><a href="#home">Home</a> <a href="#products">Products</a> <a href="#about">About us</a>
<span class="menu">More<ul><li><a href="#help">Help</a></li></ul></span></nav>
<form role="search" action="#search"><input type="search" name="q" placeholder="Search" aria-label="Search"><button>Search</button></form></header>
<main><h1>Welcome</h1><p>Some text of a page, long enough to be read as a sentence. Another sentence follows it here.</p>
<form action="#login" method="post"><fieldset><legend>Sign in</legend>
<label for="warm-email">Email</label><input id="warm-email" name="email" type="email" autocomplete="username">
<label>Password <input type="password" name="password" autocomplete="current-password"></label>
<label><input type="checkbox" name="remember"> Remember me</label>
<select name="lang" aria-label="Language"><option>English</option><option>Deutsch</option></select>
<label><input type="radio" name="plan" value="a"> Plan A</label><label><input type="radio" name="plan" value="b"> Plan B</label>
<textarea name="note" aria-label="Note"></textarea><button type="submit">Sign in</button></fieldset></form>
<button type="button" aria-expanded="false">Load more</button><details><summary>Details</summary><p>Hidden text.</p></details>
<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Item one</td><td>1.00</td></tr></tbody></table>
<ul><li><a href="#one">Item one</a></li><li><a href="#two">Item two</a></li></ul></main>
<footer><a href="#privacy">Privacy</a> <a href="#terms">Terms</a></footer></body>`;

/** Sets the blank document's content (in the page's world: the document is ours, no page has it yet). */
function setContent(html: string): void {
  document.documentElement.innerHTML = html;
}

/**
 * Warms a prepared, never-navigated page (see the module comment). Call it after preparePage and
 * before the first navigation; it leaves the blank document empty again.
 */
export async function warmPage(page: Page): Promise<void> {
  if (page.url() !== 'about:blank') throw new Error('only a page that has not been navigated can be warmed');
  try {
    await page.evaluate(setContent, SAMPLER);
    await callPageScript(page, { op: 'extract', maxLinks: MAX_LINKS, maxText: MAX_TEXT });
  } finally {
    await page.evaluate(setContent, '<head></head><body></body>');
  }
}
