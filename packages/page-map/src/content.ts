/**
 * page_content: the main content as Markdown — @mozilla/readability picks the article, turndown
 * converts it. Both run INSIDE the page on a clone of the live document (no second HTML parse in
 * Node, no extra DOM dependency; inlined as source, not eval'd, so a page CSP without
 * 'unsafe-eval' does not stop it; shadow-free light DOM is what Readability understands anyway).
 * The libraries are wrapped in one IIFE so they leave no globals behind on the page.
 *
 * Links are kept (turndown inlines them) and made absolute against the page URL. What an app's
 * controls hold shows too: boxes and aria-checked items as "☑ " / "☐ ", radios as "◉ " / "○ ", selected
 * options, tabs and rows as " (selected)" (markState), so an agent sees what it changed.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';

/**
 * In-page helpers (source text): blocks made mostly of links before the article's first paragraph
 * of prose (a language list, a breadcrumb trail, a share bar that the article's container holds)
 * are not its text, so page_content starts where the article does. Nothing goes when the article
 * has no prose.
 */
const ARTICLE_START = `
  // Words of any script: runs of letters or digits; in Chinese and Japanese, written without
  // spaces, one word per two ideographs or kana, and one per run of katakana (a loanword: サーバ,
  // ドキュメンテーション). Counting a run once and its characters again made "Apache HTTP サーバ
  // バージョン 2.4" (the manual's name under its menu) ten words, a paragraph of prose.
  const wordsIn = (s) => {
    let n = 0;
    for (const run of s.match(/[\\p{L}\\p{N}]+/gu) || []) {
      const kana = run.match(/[\\p{sc=Katakana}ー]+/gu) || [];
      const ideo = (run.match(/[\\p{sc=Han}\\p{sc=Hiragana}]/gu) || []).length;
      const rest = run.replace(/[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]/gu, '');
      n += (rest ? 1 : 0) + Math.ceil(ideo / 2) + kana.length;
    }
    return n;
  };
  const BLOCKS = 'p,div,ul,ol,dl,table,section,nav,header';
  // Links that lead somewhere: to other pages, or to a part of this one (a table of contents). A
  // tab list's links to its own panels (#past-day) are the page's state, not a way out.
  const here = location.href.split('#')[0];
  const away = (a) => {
    if (a.closest('[role=tablist]') || a.getAttribute('role') === 'tab') return false;
    try { const url = new URL(a.getAttribute('href') || '', document.baseURI); return url.href.split('#')[0] !== here || !!url.hash; } catch { return false; }
  };
  const linksOut = (el) => Array.from(el.querySelectorAll('a[href]')).filter(away);
  const linkWords = (el) => { let n = 0; for (const a of linksOut(el)) n += wordsIn(a.textContent || ''); return n; };
  // Prose: eight words of its own (not its links'), or a sentence of three: "This page lists
  // [the documents of the manual]." says as much in Turkish as "Bu sayfada [...]nin tamamı
  // listelenmiştir." and in Chinese as "本页列出了[...]。", whose own words are fewer.
  const SENTENCE_END = /[.!?。！？｡]["'”’)\\]」』）]*$/;
  const isProse = (el) => {
    if (el.querySelector(BLOCKS)) return false;
    const text = (el.textContent || '').trim();
    const own = wordsIn(text) - linkWords(el);
    return own >= 8 || (own >= 3 && SENTENCE_END.test(text));
  };
  // Words a block has besides its links, as letters only.
  const ownLetters = (el) => { const c = el.cloneNode(true); for (const a of c.querySelectorAll('a[href]')) a.remove(); return bare(c.textContent); };
  const dropLeadingLinks = (root) => {
    const blocks = Array.from(root.querySelectorAll(BLOCKS));
    const prose = blocks.find(isProse);
    if (!prose) return;
    const title = bare(document.title);
    for (const el of blocks) {
      if (el === prose) break;
      if (!el.isConnected || el.contains(prose)) continue;
      const all = wordsIn(el.textContent || '');
      if (linksOut(el).length < 2) continue;
      // Mostly links; or a navigation header (DocBook's: the chapter's title in a cell over Prev
      // and Next arrows, links with no words) whose only words are the page's title. A heading
      // with its byline's links is the article's own start and stays.
      if (all && linkWords(el) * 2 >= all) el.remove();
      else if (!el.querySelector('h1,h2,h3,h4,h5,h6')) { const own = ownLetters(el); if (!own || title.includes(own)) el.remove(); }
    }
  };
  // Readability keeps one part of a long document made of sibling sections (a DocBook chapter: the
  // Debian Reference's page_content began in section 1.6 of 6): an article holding less than half
  // the prose of the page's main region is a part of it, and the main region is taken instead.
  const OUTSIDE = 'nav,header,footer,aside,form,[role=navigation],[role=banner],[role=contentinfo],[role=complementary]';
  // An article that lacks the region's first paragraph begins after the document does (a chapter
  // taken from its second section on): a part too, unless it holds nearly all the prose anyway.
  const bare = (s) => (s || '').replace(/[^\\p{L}\\p{N}]/gu, '');
  const partOnly = (article) => {
    const main = document.querySelector('main,[role=main],article') || document.body;
    const paras = main ? Array.from(main.querySelectorAll('p')).filter((p) => !p.closest(OUTSIDE)) : [];
    let prose = 0;
    for (const p of paras) prose += bare(p.textContent).length;
    if (prose <= 600) return false;
    // Measured alike: the prose of the article's own paragraphs.
    const doc = document.implementation.createHTMLDocument('');
    doc.body.innerHTML = article.content;
    let kept = 0;
    for (const p of doc.body.querySelectorAll('p')) kept += bare(p.textContent).length;
    if (kept * 2 < prose) return true;
    const first = paras.find((p) => bare(p.textContent).length >= 60);
    return !!first && kept * 5 < prose * 4 && !bare(article.textContent).includes(bare(first.textContent).slice(0, 40));
  };
  const articleStart = (html) => {
    const doc = document.implementation.createHTMLDocument('');
    doc.body.innerHTML = html;
    dropLeadingLinks(doc.body);
    return doc.body.innerHTML;
  };
`;

let script: string | undefined;

function libSource(): string {
  if (script) return script;
  const readability = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');
  const turndown = readFileSync(require.resolve('turndown/lib/turndown.browser.umd.js'), 'utf8');
  script = `(() => {
  const load = (fn) => { const module = { exports: {} }; fn(module, module.exports, undefined); return module.exports; };
  const Readability = load(function (module, exports, define) {\n${readability}\n});
  const TurndownService = load(function (module, exports, define) {\n${turndown}\n});
  // An app's state in its content: a box becomes "☑ " or "☐ " where it stood, a radio "◉ " or "○ "
  // (turndown drops inputs; bracket marks would come out escaped), an element with aria-checked
  // gets the box mark ("◩ " mixed), a selected option, tab or row " (selected)". The clone has the
  // live document's elements in the same order.
  const markState = (doc, clone) => {
    const live = doc.getElementsByTagName('*');
    const copy = clone.getElementsByTagName('*');
    const n = Math.min(live.length, copy.length, 20000);
    const marks = [];
    for (let i = 0; i < n; i++) {
      const e = live[i];
      if (e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio')) marks.push([copy[i], e.type === 'radio' ? (e.checked ? '◉ ' : '○ ') : e.checked ? '☑ ' : '☐ ', 'replace']);
      else if (e.hasAttribute('aria-checked')) { const v = e.getAttribute('aria-checked'); marks.push([copy[i], v === 'true' ? '☑ ' : v === 'mixed' ? '◩ ' : '☐ ', 'prepend']); }
      else if (e.getAttribute('aria-selected') === 'true') marks.push([copy[i], ' (selected)', 'append']);
    }
    for (const [c, text, how] of marks) {
      const t = clone.createTextNode(text);
      if (how === 'replace') c.replaceWith(t); else if (how === 'prepend') c.prepend(t); else c.append(t);
    }
  };
  ${ARTICLE_START}
  const absolute = (root) => { for (const a of root.querySelectorAll('a[href]')) { try { a.setAttribute('href', new URL(a.getAttribute('href'), document.baseURI).href); } catch {} } };
  return (maxChars) => {
    const clone = document.cloneNode(true);
    markState(document, clone);
    absolute(clone);
    for (const n of clone.querySelectorAll('script,style,noscript,template,iframe')) n.remove();
    let article = null;
    try { article = new Readability(clone, { charThreshold: 200, keepClasses: false }).parse(); } catch { article = null; }
    let html = article && article.content && articleStart(article.content);
    let title = article && article.title;
    // A notice of copyright or licence (a page's footer, printed or not) is never the article.
    const notice = /^(?:copyright|©|\\(c\\))/i.test((article && article.textContent || '').trim());
    if (!html || notice || (article.textContent || '').trim().length < 80 || partOnly(article)) {
      const main = document.querySelector('main,[role=main],article') || document.body;
      const c = main ? main.cloneNode(true) : null;
      // Its links absolute too: the live document's are as written (./index.html).
      if (c) { absolute(c); for (const n of c.querySelectorAll('script,style,noscript,template,nav,footer,header,aside,form,[role=contentinfo],#footer,.footer')) n.remove(); }
      html = c ? articleStart(c.innerHTML) : '';
      title = document.title;
    }
    const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', linkStyle: 'inlined' });
    td.remove(['script', 'style', 'noscript', 'iframe']);
    let md = td.turndown(html || '');
    if (title && !md.startsWith('# ')) md = '# ' + title + '\\n\\n' + md;
    md = md.replace(/\\n{3,}/g, '\\n\\n').trim();
    return md.length > maxChars ? md.slice(0, maxChars) + '\\n\\n…' : md;
  };
})()`;
  return script;
}

/** Main content of the current page as Markdown, bounded. */
export async function pageMarkdown(page: Page, maxChars = 100_000): Promise<string> {
  const src = libSource();
  // The converter is built and used in one evaluate: nothing stays installed on the page.
  return page.evaluate(`(${src})(${Number(maxChars)})`) as Promise<string>;
}
