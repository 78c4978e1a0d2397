/**
 * Selenium's WebDriver test pages (the `selenium-webdriver` npm package, test/external/README.md):
 * - choosing without sending: a form tool's `send: false` fills the form and presses nothing, so
 *   an agent asked to "choose the snack Peas" can do only that. `formPage.html`'s "optional" form,
 *   shown in a frame of `iframes.html`, sends to resultPage.html on its "Click!" button. Before,
 *   its one tool always sent the form: the choice was made and the frame left the form at once;
 * - a link whose target names a sibling frame (`click_frames.html`: a frameset of "source" and
 *   "target", the link two frames deep in "source") loads there. Before, the one-tab rule found no
 *   frame of that name in the link's own document and sent it to the top: the frameset was gone;
 * - a link the page acts on when clicked (`alerts.html`'s "test confirm": `onclick="return
 *   confirm('Are you sure?')"`) is followed by a click, so its confirm asks first. Before, follow_link
 *   loaded its address directly: the page's question was never asked.
 */
import { dirname, join } from 'node:path';
import { waitFor } from '@pagemap/test-utils';
import { dialogsOf, runTool, withPendingDialog } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const SELENIUM_PAGES = join(dirname(require.resolve('selenium-webdriver/package.json')), 'lib/test/data');
const env = useExternalEnv(SELENIUM_PAGES);

const snackTool = (tools: { tool: { name: string; params: { name: string; options?: string[] }[] } }[]) =>
  tools.find((t) => t.tool.params.some((p) => p.name === 'snack'))!.tool;

test("send: false chooses the framed form's radio and leaves the form unsent; without it the form is sent", async () => {
  const p = await openExternal(env(), '/iframes.html');
  try {
    const frame = () => p.page.frames().find((f) => f.name() === 'iframe1-name')!;
    const tool = snackTool(p.map.tools);
    expect(tool.params.find((x) => x.name === 'send')).toMatchObject({ type: 'boolean', required: false });
    const peas = tool.params.find((x) => x.name === 'snack')!.options!.find((o) => /^peas$/i.test(o))!;

    const chosen = await p.run(tool.name, { snack: peas, send: false });
    expect(chosen.result.success).toBe(true);
    expect(chosen.navigated).toBe(false);
    expect(frame().url()).toMatch(/\/formPage\.html$/);
    expect(await frame().$eval('#peas', (e) => (e as HTMLInputElement).checked)).toBe(true);
    expect(chosen.result.filled).toMatchObject({ snack: peas });

    const sent = await p.run(tool.name, { snack: peas });
    expect(sent.result.success).toBe(true);
    await frame().waitForFunction(() => location.pathname.endsWith('/resultPage.html'), { timeout: 8000 });
    expect(new URL(frame().url()).searchParams.get('snack')).toBe('peas');
  } finally {
    await p.close();
  }
});

test('a link whose target names another frame of the page loads in that frame; the frameset stays', async () => {
  const p = await openExternal(env(), '/click_frames.html');
  try {
    const out = await p.run('follow_link', { link: 'I go to a target' });
    expect(out.result.success).toBe(true);
    // Two frames bear the name (the frameset's and an empty iframe beside the link's own frame):
    // the browser picks one, as it does for a person; either way a frame shows the page.
    const framedAt = () =>
      p.page.frames().filter((f) => f !== p.page.mainFrame() && f.url().endsWith('/simpleTest.html'));
    const framed = await waitFor(() => (framedAt().length ? framedAt() : undefined), 8000, 'a frame to show the page');
    expect(framed.map((f) => f.name())).toEqual(['target']);
    expect(new URL(p.page.url()).pathname).toBe('/click_frames.html');
  } finally {
    await p.close();
  }
});

test('a link whose click the page handles (a confirm before leaving) is followed by a click: the question comes first', async () => {
  const p = await openExternal(env(), '/alerts.html');
  try {
    const out = await p.run('follow_link', { link: 'test confirm' });
    expect(out.result.success).toBe(true);
    const pending = dialogsOf(p.page).pending;
    expect({ type: pending?.type, message: pending?.message }).toEqual({ type: 'confirm', message: 'Are you sure?' });
    const answered = await runTool(
      p.page,
      withPendingDialog(p.map, dialogsOf(p.page)),
      { tool: 'answer_dialog', params: { accept: true } },
      { timeoutMs: 8000 },
    );
    expect(answered.result.success).toBe(true);
    await p.page.waitForFunction(() => location.pathname === '/simpleTest.html', { timeout: 8000 });
  } finally {
    await p.close();
  }
});
