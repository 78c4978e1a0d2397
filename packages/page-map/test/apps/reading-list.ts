/**
 * A small app written with a real framework from npm (Preact with htm, from the `htm` package's
 * standalone build, read from node_modules at test time), to prove mechanisms no shipped example
 * page shows: its whole UI lives in an open shadow root, its new-entry box adds on Enter (a key
 * listener, no form, no button), an entry's title is edited by double-clicking it (the box
 * that appears commits on Enter), each entry has a "read" box and a remove button shown only while
 * its row is hovered. Written into a temporary folder per test file.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const HTM_PREACT = join(dirname(require.resolve('htm/package.json')), 'preact/standalone.umd.js');

const APP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reading list</title></head>
<body><h1>Reading list</h1><reading-list></reading-list>
<script src="htm-preact.js"></script>
<script>
const { html, render, useState, useRef, useEffect } = htmPreact;
// The remove button shows only while its row is hovered, its cross drawn by CSS.
const CSS = 'li .remove { display: none; border: 0; } li:hover .remove { display: inline; } .remove::after { content: "×"; }';
function Title({ book, rename }) {
  const [editing, setEditing] = useState(false);
  const box = useRef(null);
  useEffect(() => { if (editing && box.current) box.current.focus(); }, [editing]);
  if (!editing) return html\`<span class="title" onDblClick=\${() => setEditing(true)}>\${book}</span>\`;
  const keys = (e) => {
    if (e.key === 'Enter') { rename(e.target.value.trim()); setEditing(false); }
    if (e.key === 'Escape') setEditing(false);
  };
  return html\`<input class="rename" value=\${book} ref=\${box} onKeyDown=\${keys} />\`;
}
function App() {
  const [books, setBooks] = useState(['The Left Hand of Darkness', 'Parable of the Sower']);
  const [read, setRead] = useState([]);
  const toggle = (b) => setRead(read.includes(b) ? read.filter((x) => x !== b) : [...read, b]);
  const keys = (e) => {
    if (e.key !== 'Enter' || !e.target.value.trim()) return;
    setBooks([...books, e.target.value.trim()]);
    e.target.value = '';
  };
  const rename = (i) => (title) => setBooks(books.map((b, k) => (k === i && title ? title : b)));
  const row = (b, i) => html\`<li>
      <input type="checkbox" checked=\${read.includes(b)} onChange=\${() => toggle(b)} />
      <\${Title} book=\${b} rename=\${rename(i)} />
      <button class="remove" title="Remove" onClick=\${() => setBooks(books.filter((x) => x !== b))}></button></li>\`;
  return html\`<style>\${CSS}</style><section><input class="entry" placeholder="Add a book" onKeyDown=\${keys} />
    <ul>\${books.map(row)}</ul>
    <p>\${books.length} on the list <button onClick=\${() => (window.shared = (window.shared || 0) + 1)}>Share list</button></p></section>\`;
}
class ReadingList extends HTMLElement {
  connectedCallback() { render(html\`<\${App} />\`, this.attachShadow({ mode: 'open' })); }
}
customElements.define('reading-list', ReadingList);
</script></body></html>
`;

/** Writes the app (index.html and the framework's file) into a new temporary folder; answers the folder. */
export function writeReadingList(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-app-'));
  copyFileSync(HTM_PREACT, join(dir, 'htm-preact.js'));
  writeFileSync(join(dir, 'index.html'), APP);
  return dir;
}

/** The titles the app holds, read from its own shadow root. */
export const BOOKS_IN_PAGE = (): string[] =>
  Array.from(document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li .title') ?? []).map(
    (t) => t.textContent?.trim() ?? '',
  );

/** The titles whose box is checked, read from the app's own shadow root. */
export const READ_IN_PAGE = (): string[] =>
  Array.from(document.querySelector('reading-list')?.shadowRoot?.querySelectorAll('li') ?? [])
    .filter((li) => (li.querySelector('input[type=checkbox]') as HTMLInputElement | null)?.checked)
    .map((li) => li.querySelector('.title')?.textContent?.trim() ?? '');
