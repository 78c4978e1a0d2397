/**
 * A small app written with React 18 from npm (its UMD builds, read from node_modules at test time),
 * for what React does differently: it listens once at its root, so no element has a listener of
 * its own. Each note's text is renamed by double-clicking it (the box that appears commits on
 * Enter), a "Pin" div with a click handler (no role, no pointer cursor) pins the note, and a filter
 * box above the list narrows it as it is typed into (no key handler: Enter does nothing there).
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const UMD = {
  'react.js': join(dirname(require.resolve('react/package.json')), 'umd/react.production.min.js'),
  'react-dom.js': join(dirname(require.resolve('react-dom/package.json')), 'umd/react-dom.production.min.js'),
};

const APP = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Notes</title></head>
<body><h1>Notes</h1><div id="root"></div>
<script src="react.js"></script><script src="react-dom.js"></script>
<script>
const h = React.createElement;
function Note({ note, rename, pin }) {
  const [editing, setEditing] = React.useState(false);
  const text = editing
    ? h('input', { className: 'rename', defaultValue: note.text, autoFocus: true, onKeyDown: (e) => {
        if (e.key === 'Enter') { rename(e.target.value.trim()); setEditing(false); }
      } })
    : h('span', { className: 'text', onDoubleClick: () => setEditing(true) }, note.text);
  return h('li', null, text, ' ', h('div', { className: 'pin', onClick: pin }, note.pinned ? 'Unpin' : 'Pin'));
}
function App() {
  const [notes, setNotes] = React.useState([{ text: 'Call the plumber', pinned: false }, { text: 'Renew the passport', pinned: false }]);
  const [filter, setFilter] = React.useState('');
  const update = (i, change) => setNotes(notes.map((n, k) => (k === i ? { ...n, ...change } : n)));
  const shown = notes.map((n, i) => [n, i]).filter(([n]) => n.text.toLowerCase().includes(filter.toLowerCase()));
  return h('div', null,
    h('input', { className: 'filter', placeholder: 'Filter notes', value: filter, onChange: (e) => setFilter(e.target.value) }),
    h('ul', null, shown.map(([n, i]) => h(Note, { key: i, note: n,
      rename: (text) => text && update(i, { text }), pin: () => update(i, { pinned: !n.pinned }) }))));
}
ReactDOM.createRoot(document.getElementById('root')).render(h(App));
</script></body></html>
`;

/** Writes the app (index.html and React's files) into a new temporary folder; answers the folder. */
export function writeReactNotes(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-react-'));
  for (const [name, from] of Object.entries(UMD)) copyFileSync(from, join(dir, name));
  writeFileSync(join(dir, 'index.html'), APP);
  return dir;
}

/** The notes as the app shows them: text and whether pinned. */
export const NOTES_IN_PAGE = (): string[] =>
  Array.from(document.querySelectorAll('#root li')).map(
    (li) =>
      `${li.querySelector('.text')?.textContent ?? ''}${li.querySelector('.pin')?.textContent === 'Unpin' ? ' (pinned)' : ''}`,
  );
