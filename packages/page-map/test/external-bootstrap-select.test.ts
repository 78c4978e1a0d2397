/**
 * bootstrap-select as its npm package ships it (`bootstrap-select` 1.13.18): its own usability
 * test page for Bootstrap 4 (`tests/bootstrap4.html`), whose jQuery and Bootstrap come from a CDN:
 * here the same versions from npm, served where the page's CDN addresses are rewritten to point.
 * Nothing else in the page changes. The plugin hides each select (transparent, half a pixel wide)
 * and draws a button after it showing the chosen option, which opens its own list. What it showed:
 * - That button was taken for what sends the select's form: the tools were named after the chosen
 *   option (`bla`, `brush`, `nothing_selected`), said to submit by pressing it, and a formless
 *   select's button was a tool of its own (`apple`: "Click the Apple button").
 * - A `<label>` tied to no control right before the plugin's wrapper ("Standard", "Multiple") is
 *   what a person reads as the list's name; the select's `title` (the plugin's empty-choice text,
 *   "Select a number") named both lists instead.
 * - A list of 4 000 options listed its first 50 as the allowed values, so "Option 1234" was
 *   refused; an option inside a disabled group ("Hidden") was offered.
 * - Its forms reuse one id (`for="basic"` in four forms): the browser ties every such label to the
 *   first select, which was named by all four; the two forms of large lists had no caption to
 *   tell them apart (`submit_form`, `submit_form_2`), and an agent filled the wrong one.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The page with its CDN addresses pointed at the npm copies (jquery-3.2.1 and bootstrap-4.4.1 are version aliases). */
function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-bootstrap-select-'));
  symlinkSync(join(pkg('bootstrap-select'), 'dist'), join(dir, 'dist'));
  symlinkSync(join(pkg('jquery-3.2.1'), 'dist'), join(dir, 'jquery'));
  symlinkSync(join(pkg('bootstrap-4.4.1'), 'dist'), join(dir, 'bootstrap'));
  const html = readFileSync(join(pkg('bootstrap-select'), 'tests', 'bootstrap4.html'), 'utf8')
    .split('https://ajax.googleapis.com/ajax/libs/jquery/3.2.1/')
    .join('/jquery/')
    .split('https://stackpath.bootstrapcdn.com/bootstrap/4.4.1/')
    .join('/bootstrap/')
    .replace(/<link[^>]+font-awesome[^>]+>/, ''); // icons only
  mkdirSync(join(dir, 'tests'));
  writeFileSync(join(dir, 'tests', 'bootstrap4.html'), html);
  return dir;
}

const SITE = writeSite();
afterAll(() => rmSync(SITE, { recursive: true, force: true }));
const env = useExternalEnv(SITE);
const withPage = (fn: (p: OpenedPage) => Promise<void>) =>
  withExternalPage(env(), 'tests/bootstrap4.html', fn, '.bootstrap-select');

const toolOf = (p: OpenedPage, param: string) => p.map.tools.find((t) => t.tool.params.some((x) => x.name === param))!;
const selected = (p: OpenedPage, sel: string) =>
  p.page.$eval(sel, (s) => Array.from((s as HTMLSelectElement).selectedOptions, (o) => o.text));

test("a select's drawn button is no way to send its form and no tool; the label before the plugin names the list", async () => {
  await withPage(async (p) => {
    const names = p.map.tools.map((t) => t.tool.name);
    for (const shown of ['bla', 'brush', 'nothing_selected', 'apple', 'select_a_number'])
      expect(names.filter((n) => n === shown || n.startsWith(`${shown}_`))).toEqual([]);
    // A form of selects only has no button: it is filled, nothing is sent.
    const error = toolOf(p, 'is_invalid_class');
    expect(error.tool.description).toMatch(/no button, so nothing is sent/);
    const large = toolOf(p, 'standard');
    expect(large.tool.params.map((x) => x.name)).toEqual(['standard', 'multiple_no_virtual_scroll']);
    // Each of the two large-list forms is named by its caption, a label whose `for` names a select
    // of another form; that select is named by its own form's label alone.
    expect(large.tool.description).toContain("Large Select (liveSearch enabled, container: 'body')");
    expect(toolOf(p, 'multiple').tool.description).toContain('Large Select (liveSearch disabled)');
    expect(toolOf(p, 'basic_live_search_disabled').tool.params[0]!.description).toMatch(
      /^"Basic" \(liveSearch disabled\) \(/,
    );
    const out = await p.run(error.tool.name, { is_invalid_class: 'pencil' });
    expect(out.result.success).toBe(true);
    expect(await selected(p, '#error')).toEqual(['pencil']);
  });
});

test('a list longer than the map lists takes any of its options by text; a disabled group offers none', async () => {
  await withPage(async (p) => {
    const large = toolOf(p, 'standard');
    const param = large.tool.params.find((x) => x.name === 'standard')!;
    expect(param.options).toBeUndefined();
    expect(param.description).toMatch(/4000 options/);
    const out = await p.run(large.tool.name, { standard: 'Option 1234' });
    expect(out.result.success).toBe(true);
    expect(await selected(p, '#number')).toEqual(['Option 1234']);
    // No such option: nothing is chosen, and the tool says so.
    const wrong = await p.run(large.tool.name, { standard: 'Option 99999' });
    expect(wrong.result.success).toBe(false);
    const fruit = toolOf(p, 'first_disabled');
    expect(fruit.tool.params[0]!.options).toEqual(['Apple', 'Orange', 'Corn', 'Carrot']);
  });
});
