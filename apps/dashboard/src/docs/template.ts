/** The documentation site's page frame: a sidebar of every page, the rendered Markdown, and on the playground page the playground form. */
import { html, raw, type Html } from '../views/html';

export interface DocPage {
  /** File name without extension (`quickstart`). */
  slug: string;
  title: string;
  body: string;
}

/** The playground's form and result areas; /static/playground.js drives them (no inline script: CSP). */
export function playgroundWidget(): Html {
  return html`<section id="playground" class="card" aria-labelledby="playground-title">
<h2 id="playground-title">Try it</h2>
<p id="pg-auth" role="status">Checking whether you are signed in…</p>
<form id="pg-form" hidden>
  <label for="pg-url">Page URL</label>
  <input id="pg-url" name="url" type="url" required placeholder="https://example.com/">
  <p class="check"><input id="pg-content" name="include_page_content" type="checkbox"> <label for="pg-content">Include page content</label></p>
  <button type="submit" id="pg-browse">Browse</button>
</form>
<p class="note" role="note">The playground uses a <strong>playground token</strong>: browse-only, valid 15 minutes, no usage or billing access. Executing tools (a search, a login…) takes a full API key from <a href="/keys">your keys</a>.</p>
<div id="pg-error" role="alert" hidden></div>
<div id="pg-result" hidden>
  <h3>Page map</h3>
  <dl class="facts"><dt>Title</dt><dd id="pg-title"></dd><dt>URL</dt><dd id="pg-final-url"></dd><dt>Summary</dt><dd id="pg-summary"></dd><dt>Session</dt><dd id="pg-session"></dd></dl>
  <h3>Tools</h3>
  <ol id="pg-tools"></ol>
  <h3>Response headers</h3>
  <table><tbody id="pg-headers"></tbody></table>
  <details><summary>Raw JSON</summary><pre id="pg-json"></pre></details>
</div>
</section>`;
}

export function docPage(p: DocPage, all: Array<{ slug: string; title: string }>): string {
  const nav = all.map(
    (d) => html`<li><a href="${d.slug}.html"${d.slug === p.slug ? html` aria-current="page"` : ''}>${d.title}</a></li>`,
  );
  const isPlayground = p.slug === 'playground';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title} · Pagemap docs</title>
<link rel="stylesheet" href="/static/dashboard.css">
${isPlayground ? html`<script src="/static/playground.js" defer></script>` : ''}
</head>
<body class="docs">
<header><a class="brand" href="/docs/">Pagemap docs</a><nav aria-label="Site"><ul><li><a href="/">Dashboard</a></li><li><a href="/docs/playground.html">Playground</a></li></ul></nav></header>
<div class="docs-layout">
<nav aria-label="Documentation" class="sidebar"><ul>${nav}</ul></nav>
<main>${raw(p.body)}${isPlayground ? playgroundWidget() : ''}</main>
</div>
</body>
</html>`.value;
}
