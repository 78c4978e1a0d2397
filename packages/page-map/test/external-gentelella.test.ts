/**
 * Gentelella 4 as its npm package ships it (`gentelella`: `dist/`, built by Vite, vanilla
 * JavaScript, no Bootstrap or jQuery), served unchanged. What its pages showed:
 * - Its two-factor page draws the code as six one-character boxes ("Digit 1 of 6" …) that send the
 *   form by themselves once the sixth digit is typed. One field, the code: `verify_code {code}`
 *   types it across the boxes, and the page's own sending is the tool's success. Before, the
 *   params were `digit_1_of_6` … `digit_6_of_6`, and once typed the tool answered ELEMENT_GONE.
 * - Its sign-in lands on a dashboard whose quick settings list "Two-factor auth": a setting's label
 *   asks for no second factor. Before, the sign-in answered TWO_FACTOR_REQUIRED.
 * - A search box or filter lists beside buttons that do something else ("Mark all read", a
 *   table's sort headers, a pager's "Next", role chips "Owner", "More") act as they change: those
 *   buttons are not theirs. Before, the inbox search was sent with "Mark all read" and the user
 *   list's filters with "Owner" or "More".
 * - The top bar's read-only box "Open command palette" (⌘K) is no field: a click opens the palette.
 *   Before, it was a `search` sent with the theme switch beside it ("Toggle theme", a toggle button).
 * - The stars of the inbox's messages are named by their message ("Star (Stripe)"), not by the
 *   words atop the whole list ("Star (Mark all read)", "Star (2)" …).
 * - A wizard's first step asking first and last name, e-mail and password is a sign-up; a form
 *   asking e-mail, website, password and age ("Validation states") is no sign-in.
 * - Its form page's steppers ("−", "+"), a rating's five star buttons and a chip's "Remove" send
 *   none of the fields near them. Before, a card of a priority list and a team size was a tool
 *   `5_stars` whose actions were "−", "+" and the stars, and four cards of fields a tool sent with
 *   a chip's "Remove".
 * - Its data tables (their search box, pager, rows) are drawn by a module the main script imports
 *   after the load event, into a page that offers plenty already (menus, links, buttons): the map
 *   waits for the scripts the page's scripts asked for to land. Before, on a network slow to bring
 *   that module (or a loaded machine), the map had no table search.
 * - Its form page's cover image is a file input inside a `<label>` drawn as the chooser ("Choose
 *   file" and the chosen file's name), under a label tied to nothing ("Cover image"): its param is
 *   `cover_image`, not the chooser's words (`choose_file_cover_redesign_fin`); the page shows the
 *   name of the file chosen. Before, no file input was a field at all. Its upload page's drop zone
 *   (a label around a hidden input, "Drop files here or click to browse …") is named by its
 *   section, "File upload"; before, by the drop zone's words (`choose_drop_files_here_or_click_to_br`).
 *   Its avatar's label shows only an initial ("A"): the param is `image` (it accepts image/*), was `a`.
 * - Its form page's cards of loose fields with no button of their own ("Validation states",
 *   "Search with suggestions") are a group each. Before, four cards were one tool of seven fields,
 *   held by the page's wrapper for another card's "Upload new photo".
 * - Its rich text editor (an editable region under a toolbar) keeps a hidden textarea after it in
 *   sync, and the card's label "About" is that textarea's: the editor takes it. Before, its tool
 *   was `fill_field_1`.
 * - The inbox is an empty `#inbox-root` at the load event, drawn by a module the main script
 *   imports afterwards: the map waits for an app's empty mount point. Before, on a network slow
 *   to bring that module, the map had the page's header and no inbox (no search, no messages).
 */
import { dirname, join } from 'node:path';
import type { HTTPRequest } from 'puppeteer-core';
import { extractPageMap, runTool } from '../src';
import { useExternalEnv, withExternalPage, withSlowRequests, type OpenedPage } from './external-env';

const SITE = join(dirname(require.resolve('gentelella/package.json')), 'dist');
const env = useExternalEnv(SITE);
const withPage = (path: string, fn: (p: OpenedPage) => Promise<void>, ready?: string) =>
  withExternalPage(env(), `production/${path}`, fn, ready);

test('a code drawn as six one-character boxes is one param, typed across them; the page sends it itself', async () => {
  await withPage('verify_2fa.html', async ({ page, map, run }) => {
    const verify = map.tools.find((t) => t.tool.name === 'verify_code')?.tool;
    expect(verify?.params.map((p) => p.name)).toEqual(['code']);
    const out = await run('verify_code', { code: '123456' });
    expect(out.result).toMatchObject({ success: true });
    expect(out.navigated).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/production/index.html');
  });
});

test('a sign-in that lands on a dashboard listing a two-factor setting is signed in', async () => {
  await withPage('login.html', async ({ page, run }) => {
    const out = await run('login', { username: 'ann@example.com', password: 'S3cret-Pass-71' });
    expect(out.result).toMatchObject({ success: true });
    expect(new URL(page.url()).pathname).toBe('/production/index.html');
  });
});

test('buttons beside a search box or filter lists that do something else are not theirs', async () => {
  // The inbox is drawn by its script after the page loads.
  await withPage(
    'inbox.html',
    async ({ map }) => {
      const search = map.tools.find((t) => t.tool.params.some((p) => p.name.includes('search')))?.tool;
      expect(search?.description).not.toMatch(/Mark all read/);
    },
    '.inbox-item',
  );
  await withPage('user_management.html', async ({ map }) => {
    const filters = map.tools.find((t) => t.tool.params.some((p) => p.name === 'filter_by_role'))?.tool;
    expect(filters?.params.some((p) => p.name === 'action')).toBe(false);
    expect(filters?.description).toMatch(/nothing is sent/);
  });
});

test('a read-only box that opens a command palette is something to click, not a field; a toggle sends nothing', async () => {
  await withPage('form_wizards.html', async ({ page, map, run }) => {
    expect(map.tools.some((t) => t.tool.params.some((p) => p.name.includes('command_palette')))).toBe(false);
    expect(map.tools.some((t) => /Toggle theme/.test(t.tool.description) && t.tool.params.length > 0)).toBe(false);
    const click = map.tools.find((t) => t.tool.name === 'click')!.tool;
    expect(click.params[0]!.options).toContain('Open command palette');
    await run('click', { target: 'Open command palette' });
    expect(
      await page.evaluate(() => [...document.querySelectorAll('[role=dialog]')].some((d) => d.checkVisibility())),
    ).toBe(true);
  });
});

test("a control inside a list's option is named by that option", async () => {
  await withPage(
    'inbox.html',
    async ({ page, map, run }) => {
      const click = map.tools.find((t) => t.tool.name === 'click')!.tool;
      expect(click.params[0]!.options).toEqual(expect.arrayContaining(['Star (Stripe)', 'Star (GitHub)']));
      await run('click', { target: 'Star (Stripe)' });
      const starred = await page.evaluate(() =>
        [...document.querySelectorAll('.inbox-item')]
          .find((r) => r.querySelector('.sender')?.textContent?.trim() === 'Stripe')
          ?.querySelector('.inbox-star-btn')
          ?.getAttribute('aria-pressed'),
      );
      expect(starred).toBe('true');
    },
    '.inbox-item',
  );
});

test("a wizard's step asking names, e-mail and password is a sign-up; e-mail, website, password and age no sign-in", async () => {
  await withPage('form_wizards.html', async ({ map }) => {
    expect(map.tools.some((t) => t.tool.name === 'login')).toBe(false);
    expect(map.tools.find((t) => t.tool.name === 'sign_up')?.tool.params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'password']),
    );
  });
  await withPage('form_validation.html', async ({ map }) => {
    expect(map.tools.some((t) => t.tool.name === 'login')).toBe(false);
  });
});

test('an app mount point still empty at the load event is waited for, as its module arrives', async () => {
  // A slow network for the modules the page's scripts import (not for the page and its own
  // scripts): the load event comes before the inbox's module has arrived.
  const imported = (r: HTTPRequest) => r.resourceType() === 'script' && r.initiator()?.type === 'script';
  await withSlowRequests(env(), 'production/inbox.html', imported, async (page) => {
    expect(await page.$eval('#inbox-root', (el) => el.childElementCount)).toBe(0);
    const map = await extractPageMap(page, { includeContent: false, awaitRenderMs: 2000 });
    const names = map.tools.map((t) => t.tool.name);
    expect(names).toContain('submit_search_messages');
    expect(map.text).toMatch(/Stripe/);
  });
});

test("a stepper's buttons, a rating's stars and a chip's Remove send none of the fields near them", async () => {
  await withPage('form.html', async ({ map }) => {
    const meta = map.tools.find((t) => t.tool.params.some((p) => p.name === 'priority'))?.tool;
    // The card's cover image is its file input, set by no button either.
    expect(meta?.params.map((p) => p.name)).toEqual(['priority', 'team_size', 'cover_image']);
    expect(meta?.description).toMatch(/nothing is sent/);
    const sentWith = map.tools.map((t) => t.tool.description).filter((d) => /button "(Remove|−|\+|\d stars?)"/.test(d));
    expect(sentWith).toEqual([]);
    // The stars stay on the page to click.
    const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
    expect(click?.params[0]?.options).toEqual(expect.arrayContaining(['5 stars']));
  });
});

test("a card's loose fields are its own group, not one with other cards' fields for a button of another card", async () => {
  await withPage('form.html', async ({ map }) => {
    const params = (name: string) =>
      map.tools.find((t) => t.tool.params.some((p) => p.name === name))?.tool.params.map((p) => p.name) ?? [];
    // "Validation states": its three fields (the read-only one is disabled), nothing else.
    expect(params('email')).toEqual(['email', 'backup_email', 'tagline_max_80']);
    // "Search with suggestions" is a card of its own: its box is in no tool of another card's fields.
    expect(params('search_clients')).not.toContain('email');
    expect(params('search_clients')).toContain('search_clients');
  });
});

test("a module imported after the load event, drawing the page's table, is waited for", async () => {
  // Only what the page's own scripts request is slow: the module that draws the table.
  const imported = (r: HTTPRequest) => r.resourceType() === 'script' && r.initiator()?.type === 'script';
  await withSlowRequests(env(), 'production/tables_dynamic.html', imported, async (page) => {
    expect(
      await page.$('input[aria-label="Search table"], input[placeholder*="Search"]:not([aria-label*="command"])'),
    ).toBeNull();
    const map = await extractPageMap(page, { includeContent: false, awaitRenderMs: 2000 });
    expect(map.tools.map((t) => t.tool.name)).toContain('submit_search_table');
  });
});

test('a rich text editor that keeps a hidden textarea after it in sync is that textarea: named by its label, filled', async () => {
  // The editor is drawn by the page's module: the map is made once it is there.
  await withPage(
    'form.html',
    async ({ page, map, run }) => {
      const names = map.tools.map((t) => t.tool.name);
      expect(names).not.toContain('fill_field_1');
      const about = map.tools.find((t) => t.tool.name === 'fill_about')?.tool;
      expect(about?.params.map((p) => p.name)).toEqual(['bio']);
      const out = await run('fill_about', { bio: 'Operations lead in Lisbon.' });
      expect(out.result.success).toBe(true);
      // The page's own script copies the editor into its textarea: the form sends what was typed.
      expect(await page.$eval('#rt-bio', (t) => (t as HTMLTextAreaElement).value)).toContain(
        'Operations lead in Lisbon.',
      );
    },
    '.rt-editor',
  );
});

test('a file input is named by the label before its chooser, and the file chosen is the one the page shows', async () => {
  await withPage('form.html', async ({ page, map }) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.name === 'cover_image'))!.tool;
    const cover = tool.params.find((p) => p.name === 'cover_image')!;
    expect(cover).toMatchObject({
      type: 'file',
      description: expect.stringMatching(/^Cover image \(a file: .*accepts image\/\*\)$/),
    });
    const png = { name: 'launch.png', base64: 'iVBORw0KGgo=' };
    const out = await runTool(page, map, { tool: tool.name, params: { cover_image: png } }, { timeoutMs: 8000 });
    expect(out.result).toMatchObject({ success: true, filled: { cover_image: ['launch.png'] } });
    expect(await page.$eval('#cover-name', (e) => e.textContent)).toBe('launch.png');
    expect(await page.$eval('#cover', (e) => (e as HTMLInputElement).files?.[0]?.type)).toBe('image/png');
    // The avatar's file input, under a label showing only the initial "A": named by what it takes.
    const avatar = map.tools.find((t) => t.tool.params.some((p) => p.type === 'file' && p.name !== 'cover_image'));
    expect(avatar?.tool.params.find((p) => p.type === 'file')?.name).toBe('image');
  });
});

test("a drop zone's chooser words name no file input: its section does, and they stay as its hint", async () => {
  await withPage('form_upload.html', async ({ page, map }) => {
    const tool = map.tools.find((t) => t.tool.params.some((p) => p.type === 'file'))?.tool;
    expect(tool?.name).toBe('choose_file_upload');
    expect(tool?.params[0]?.description).toMatch(/^File upload \(Drop files here or click to browse PNG, JPG, PDF/);
    // No key is pressed in a file input: press_key does not offer it (before, it was its one field).
    const press = map.tools.find((t) => t.tool.name === 'press_key')?.tool;
    expect(press).toBeDefined();
    expect(press?.params[1]?.options ?? []).toEqual([]);
    const files = [
      { name: 'q1-report.pdf', base64: 'JVBERi0xLjQKJSVFT0YK' },
      { name: 'q1-figures.csv', text: 'quarter,revenue\nQ1,120\n' },
    ];
    const out = await runTool(page, map, { tool: tool!.name, params: { file_upload: files } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(
      await page.$eval('#file', (e) => Array.from((e as HTMLInputElement).files ?? []).map((f) => f.name)),
    ).toEqual(['q1-report.pdf', 'q1-figures.csv']);
  });
});
