/**
 * AdminLTE 3 as its npm package ships it (`admin-lte`): its pages and `dist/`, with the libraries
 * its pages load from `/plugins/`, linked the way its own build script (`build/npm/Plugins.js`)
 * copies them out of its dependencies. Nothing of the pages is changed.
 * - The sign-up form's boxes have only placeholders ("Full name", "Email", "Password", "Retype
 *   password"), under a line that introduces the form ("Register a new membership"). That line
 *   names none of them. Before, the four params were `register_a_new_membership`, `_2`, `_3`, `_4`,
 *   and an agent could not tell the password from its confirmation.
 * - The mail form has no <form>: To, Subject, and Summernote's editor (which hides the textarea
 *   and draws a toolbar and an editable region after it); Draft and Send sit below. The toolbar's
 *   buttons act on the text and send nothing; the editable region takes the textarea's id. Before,
 *   the form's tool was `help`, its actions the toolbar's buttons, its heading a hidden menu's
 *   "Header 1", its text param `field_3`, and Send was not among its actions; and each of the
 *   toolbar's seventeen buttons was a tool of its own.
 * - Product colours are radios inside their labels, drawn as a button group: the choice holds
 *   every colour. Before, it offered "Green" alone.
 * - A post's comment box sits under a row of links ("Share", "Like", "Comments (5)"): words to
 *   click name no box, so its placeholder does. Before, its param was `share_like_comments_5`.
 * - Disabled fields are no params (the browser neither changes nor sends them). Before, the form
 *   page offered `text_disabled`, `select_disabled` and the like, and filling them "succeeded".
 * - Select2 draws a list of chosen items with a search box for a multiple select: the select is
 *   the param, its search box is not, and its face is no dropdown to click first. A card of such
 *   lists with no button of its own is filled, not sent. Before, the card's tool said "Submit" and
 *   sending it pressed Enter in its last box; each multiple list came with a `search` param.
 * - The lock screen's password box has only an arrow button: it is a sign-in (password only).
 *   Before, it was `fill_password`, "nothing is sent".
 * - The enhanced search form is a search box with three lists that narrow it: a `search` tool
 *   whose other params are the lists. Before, `choose_result_type_and_sort_order`.
 * - A comment form of one box and no button ("Press enter to post comment"): Enter sends it, as in
 *   any such form, and its tool can press it. Before, it could only type.
 * - Sliders: bootstrap-slider draws thumbs that say their value (`role=slider`), set with the
 *   arrow keys by `set_slider`, which fails when the slider cannot say the value asked; and
 *   ion.rangeSlider keeps its value in a read-only box of 4×4 pixels of border, no field. Before,
 *   no tool set a slider, and each ion slider was a field named after its scale ("$0 $5 000 …")
 *   whose tool typed into the read-only box and pressed Enter.
 * - ion.rangeSlider's track takes the focus and the arrow keys; its knobs cannot be focused, a
 *   press on one chooses it; it draws its moves on a 300 ms timer; one press is one step of 5 000.
 *   Its knobs are thumbs named by the scale at the track's ends ("$0 – $5 000 (lower)"), pressed
 *   to be chosen, dragged most of a long way, then moved with the keys, each read once it shows.
 *   Before, no tool set it (the track was too long to be a knob, the knobs no focusable element).
 * - A page's alert that opens while a field is typed (AdminLTE's demo script raises one a second
 *   after load) makes the browser drop the keys sent meanwhile: the tool answered FIELD_NOT_SET
 *   with "ann@exam" of "ann@example.com" (about one run in ten under load). A field typed while a
 *   dialog opened is typed again, once.
 * - Main text: a select's options are not words a reader sees, and blank text between two inline
 *   elements is a space. Before, the form page's summary read "option 1option 2option 3…", and the
 *   dashboard's "2/28/2015How have you been?".
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { offlineSummary } from '../src';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

const PKG = dirname(require.resolve('admin-lte/package.json'));

/** The package's pages and dist, and its plugins linked as `build/npm/Plugins.js` lays them out. */
function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-adminlte-'));
  for (const f of ['pages', 'dist', 'index.html']) symlinkSync(join(PKG, f), join(dir, f));
  const copies = require(join(PKG, 'build', 'npm', 'Plugins.js')) as { from: string; to: string }[];
  const modules = join(PKG, '..');
  for (const { from, to } of copies) {
    const target = join(modules, from.replace(/^node_modules\//, ''));
    const place = join(dir, to.replace(/\/$/, ''));
    // A folder inside one already linked (flot's plugins) comes with it; no page here needs it.
    if (copies.some((c) => c.to !== to && place.startsWith(`${join(dir, c.to.replace(/\/$/, ''))}/`))) continue;
    if (!statSync(target, { throwIfNoEntry: false })) continue;
    mkdirSync(dirname(place), { recursive: true });
    symlinkSync(target, place);
  }
  return dir;
}

const site = writeSite();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const withPage = (path: string, fn: (p: OpenedPage) => Promise<void>, ready?: string) =>
  withExternalPage(env(), path, fn, ready);

test('a line that introduces a sign-up form names none of its boxes: each is named by its placeholder', async () => {
  await withPage('pages/examples/register.html', async ({ map }) => {
    const signUp = map.tools.find((t) => t.tool.name === 'sign_up')?.tool;
    const names = signUp?.params.map((p) => p.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['full_name', 'email', 'password', 'retype_password']));
    expect(names.some((n) => n.startsWith('register_a_new'))).toBe(false);
  });
});

test("an editor's toolbar sends nothing: the mail form sends with Send or Draft, its body named by the textarea", async () => {
  await withPage(
    'pages/mailbox/compose.html',
    async ({ page, map, run }) => {
      const mail = map.tools.find((t) => t.tool.params.some((p) => p.name === 'subject'))?.tool;
      expect(mail?.name).toBe('compose_new_message');
      const names = mail!.params.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['to', 'subject', 'compose_textarea']));
      const actions = mail!.params.find((p) => p.name === 'action')?.options ?? [];
      expect(actions).toEqual(expect.arrayContaining(['Send', 'Draft']));
      expect(actions.some((a) => /bold|help|style/i.test(a))).toBe(false);
      // The toolbar's buttons are click options, not tools of their own.
      expect(map.tools.some((t) => /^(bold|help|style)/.test(t.tool.name))).toBe(false);
      const click = map.tools.find((t) => t.tool.name === 'click')!.tool;
      expect(click.params[0]!.options).toEqual(expect.arrayContaining(['Bold (CTRL+B)']));
      const out = await run(mail!.name, {
        to: 'ann@example.com',
        subject: 'Report',
        compose_textarea: 'Hello Ann',
        send: false,
      });
      expect(out.result).toMatchObject({ success: true });
      const held = await page.evaluate(() => ({
        to: (document.querySelector('input[placeholder="To:"]') as HTMLInputElement).value,
        body: document.querySelector('.note-editable')?.textContent?.trim(),
      }));
      expect(held).toEqual({ to: 'ann@example.com', body: 'Hello Ann' });
    },
    '.note-editable',
  );
});

test("keys sent while the page's alert is open are lost: a field typed meanwhile is typed again", async () => {
  await withPage('pages/mailbox/compose.html', async ({ page, map, run }) => {
    const mail = map.tools.find((t) => t.tool.name === 'compose_new_message')!.tool;
    const address = 'ann.lee.accounts@example.com';
    // The page's own alert, raised after the n-th key press in "To:" (as a page that checks what is
    // typed may), at each place in the address in turn: the browser drops the keys sent meanwhile.
    for (let n = 1; n <= 20; n += 1) {
      await page.evaluate((at) => {
        const to = document.querySelector('input[placeholder="To:"]') as HTMLInputElement;
        let keys = 0;
        const onKey = () => {
          if (++keys < at) return;
          to.removeEventListener('keydown', onKey);
          setTimeout(() => alert('Checking the address'), 0);
        };
        to.addEventListener('keydown', onKey);
      }, n);
      const out = await run(mail.name, { to: address, subject: `Report ${n}`, send: false });
      expect(out.result).toMatchObject({ success: true });
      const to = await page.$eval('input[placeholder="To:"]', (e) => (e as HTMLInputElement).value);
      expect(to).toBe(address);
    }
  });
});

test('radios wrapped in their labels, drawn as a button group, are one choice of every option', async () => {
  await withPage('pages/examples/e-commerce.html', async ({ page, map, run }) => {
    const colours = map.tools.find((t) => t.tool.params.some((p) => p.options?.includes('Green')))?.tool;
    const param = colours!.params.find((p) => p.options?.includes('Green'))!;
    expect(param.options).toEqual(expect.arrayContaining(['Green', 'Blue', 'Purple', 'Red', 'Orange']));
    const out = await run(colours!.name, { [param.name]: 'Blue' });
    expect(out.result).toMatchObject({ success: true });
    const chosen = await page.evaluate(() =>
      (document.querySelector('input[name=color_option]:checked') as HTMLInputElement)
        .closest('label')
        ?.textContent?.trim(),
    );
    expect(chosen).toBe('Blue');
  });
});

test("a select's options are no text of the page, and inline elements' words keep their space", async () => {
  await withPage('pages/forms/general.html', async ({ map }) => {
    expect(map.text).not.toMatch(/option \d\s*option \d/);
    expect(offlineSummary({ url: map.url, title: map.title, text: map.text })).not.toContain('option 1');
  });
  await withPage('index.html', async ({ map }) => {
    expect(map.text).toContain('2/28/2015 How have you been?');
  });
});

test('a row of links before a box names it not: the comment box is named by its placeholder', async () => {
  await withPage('pages/examples/profile.html', async ({ map }) => {
    const params = map.tools.flatMap((t) => t.tool.params.map((p) => p.name));
    expect(params).toContain('type_a_comment');
    expect(params.some((n) => n.includes('share_like'))).toBe(false);
  });
});

test('disabled fields are no params; Select2 lists are set as selects, filled and not sent', async () => {
  await withPage('pages/forms/general.html', async ({ map }) => {
    const params = map.tools.flatMap((t) => t.tool.params.map((p) => p.name));
    expect(params).toEqual(expect.arrayContaining(['text', 'select']));
    expect(params.filter((n) => n.includes('disabled'))).toEqual([]);
  });
  await withPage(
    'pages/forms/advanced.html',
    async ({ page, map, run }) => {
      const card = map.tools.find((t) => /Select2 \(Default Theme\)/.test(t.tool.description))!.tool;
      expect(card.params.map((p) => p.name)).toEqual(expect.arrayContaining(['minimal', 'multiple']));
      expect(card.params.some((p) => p.name.startsWith('search') || p.name === 'send')).toBe(false);
      expect(card.description).toMatch(/nothing is sent/);
      const out = await run(card.name, { multiple: ['Alabama', 'Texas'] });
      expect(out.result).toMatchObject({ success: true });
      const chosen = await page.evaluate(() =>
        [...(document.querySelector('select.select2[multiple]') as HTMLSelectElement).selectedOptions].map(
          (o) => o.text,
        ),
      );
      expect(chosen.sort()).toEqual(['Alabama', 'Texas']);
    },
    '.select2-container',
  );
});

test('a password box with an arrow button is a sign-in; a search box with lists is a search', async () => {
  await withPage('pages/examples/lockscreen.html', async ({ map }) => {
    const login = map.tools.find((t) => t.tool.name === 'login')?.tool;
    expect(login?.params.find((p) => p.name === 'password')?.required).toBe(true);
  });
  await withPage(
    'pages/search/enhanced.html',
    async ({ map }) => {
      const search = map.tools.find((t) => t.tool.name === 'search')?.tool;
      expect(search?.params.map((p) => p.name)).toEqual(
        expect.arrayContaining(['query', 'result_type', 'sort_order', 'order_by']),
      );
      expect(search?.description).not.toMatch(/with click/);
    },
    '.select2-container',
  );
});

test("a form's only box sends it with Enter: its tool can press it", async () => {
  await withPage('pages/widgets.html', async ({ map, run }) => {
    const comment = map.tools.find((t) => t.tool.params.some((p) => p.name === 'press_enter_to_post_comment'))!.tool;
    expect(comment.params.map((p) => p.name)).toContain('press_enter');
    const out = await run(comment.name, { press_enter_to_post_comment: 'Nice work', press_enter: true });
    expect(out.result).toMatchObject({ success: true });
    expect(out.navigated).toBe(true);
  });
});

test('a slider a script draws is set with the arrow keys; a value kept in a box with no room is no field', async () => {
  await withPage(
    'pages/UI/sliders.html',
    async ({ page, map, run }) => {
      // ion.rangeSlider keeps its value in a read-only box drawn as 4×4 pixels of border.
      const params = map.tools.flatMap((t) => t.tool.params.map((p) => p.name));
      expect(params.filter((n) => /^range_\d/.test(n))).toEqual([]);
      const set = map.tools.find((t) => t.tool.name === 'set_slider')?.tool;
      const thumbs = set?.params.find((p) => p.name === 'slider')?.options ?? [];
      // bootstrap-slider: twelve ranges of two thumbs, each named by the caption under it; and
      // the ion sliders' seven.
      expect(thumbs).toHaveLength(31);
      expect(thumbs).toEqual(
        expect.arrayContaining(['.slider-blue input.slider (lower)', '.slider-blue input.slider (upper)']),
      );
      expect(set!.description).toContain('.slider-blue input.slider (lower): -200 to 200, now -100');
      const blue = () =>
        page.evaluate(() => (document.querySelector('.slider-blue input.slider') as HTMLInputElement).value);
      let out = await run('set_slider', { slider: '.slider-blue input.slider (lower)', value: -50 });
      expect(out.result).toMatchObject({ success: true, filled: { value: '-50' } });
      out = await run('set_slider', { slider: '.slider-blue input.slider (upper)', value: 200 });
      expect(out.result).toMatchObject({ success: true });
      expect(await blue()).toBe('-50,200');
      // Its steps are of 5: 33 is between two of them, and the tool says so rather than succeed.
      out = await run('set_slider', { slider: '.slider-blue input.slider (upper)', value: 33 });
      expect(out.result.success).toBe(false);
      expect(out.result.error?.message).toMatch(/stopped at 35/);
    },
    '.slider-handle',
  );
});

test('a slider whose track takes the keys: its knob is pressed to choose it, dragged a long way, then set with the keys', async () => {
  await withPage(
    'pages/UI/sliders.html',
    async ({ page, map, run }) => {
      const set = map.tools.find((t) => t.tool.name === 'set_slider')?.tool;
      const thumbs = set?.params.find((p) => p.name === 'slider')?.options ?? [];
      // No label: each is known by the numbers at its track's ends.
      expect(thumbs).toEqual(
        expect.arrayContaining(['$0 – $5 000 (lower)', '$0 – $5 000 (upper)', '-50° – 50°', '0 mm – 10 mm']),
      );
      const dollars = () => page.evaluate(() => (document.querySelector('#range_1') as HTMLInputElement).value);
      expect(await dollars()).toBe('1000;4000');
      // 1 000 steps of $1 from where it is.
      let out = await run('set_slider', { slider: '$0 – $5 000 (lower)', value: 2000 });
      expect(out.result).toMatchObject({ success: true, filled: { value: '2000' } });
      out = await run('set_slider', { slider: '$0 – $5 000 (upper)', value: 3990 });
      expect(out.result).toMatchObject({ success: true, filled: { value: '3990' } });
      expect(await dollars()).toBe('2000;3990');
      // A single knob of steps of 1 degree, a short way down: keys alone.
      out = await run('set_slider', { slider: '-50° – 50°', value: -3 });
      expect(out.result).toMatchObject({ success: true, filled: { value: '-3' } });
      expect(await page.evaluate(() => (document.querySelector('#range_6') as HTMLInputElement).value)).toBe('-3');
    },
    '.irs-handle',
  );
});
