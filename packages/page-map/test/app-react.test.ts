/**
 * React listens once at its root, so the debugger names no element for a double-click; the
 * handlers React keeps on each element say which one acts. In a small React 18 app from npm
 * (test/apps/react-notes.ts) a note is renamed through edit_text (without reading React's handlers
 * the app's root was offered in the note's place). A "Pin" div (a click handler only: no role, no
 * pointer cursor) is a click target, found both by React's handler on it and by the onclick
 * React gives it, which the debugger reports (it fails only with both switched off). React's root
 * listens for keys for the whole app: a box with no key handler of React's (the filter) is filled,
 * not offered as one that acts on Enter (before, every loose box of a React 17+ app was).
 */
import { rmSync } from 'node:fs';
import { NOTES_IN_PAGE, writeReactNotes } from './apps/react-notes';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReactNotes();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('a note is renamed by double-click, typing and Enter', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'edit_text')?.tool;
    expect(tool?.params[0]?.options).toEqual(['Call the plumber', 'Renew the passport']);
    const out = await p.run('edit_text', { target: 'Renew the passport', text: 'Book the dentist' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => !document.querySelector('input.rename'));
    expect(await p.page.evaluate(NOTES_IN_PAGE)).toEqual(['Call the plumber', 'Book the dentist']);
  } finally {
    await p.close();
  }
});

test('a div with only a React click handler is a click target, told apart by its row', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const options = p.map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    const pin = options.find((o) => /^Pin \(Call the plumber/.test(o));
    expect(pin).toBeDefined();
    const out = await p.run('click', { target: pin! });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => document.querySelector('#root li .pin')?.textContent === 'Unpin');
    expect(await p.page.evaluate(NOTES_IN_PAGE)).toEqual(['Call the plumber (pinned)', 'Renew the passport']);
  } finally {
    await p.close();
  }
});

test("a box without a key handler of React's is filled, not offered as acting on Enter", async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => /Filter notes/.test(q.description)))?.tool;
    expect(tool?.name).toBe('fill_filter_notes');
    expect(tool?.params.map((q) => q.name)).not.toContain('press_enter');
    expect(tool?.description).not.toMatch(/Enter/);
    const out = await p.run(tool!.name, { [tool!.params[0]!.name]: 'plumber' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => document.querySelectorAll('#root li').length === 1);
    expect(await p.page.evaluate(NOTES_IN_PAGE)).toEqual(['Call the plumber']);
  } finally {
    await p.close();
  }
});
