/**
 * Boxes of tags in a form, drawn by two widgets from npm as their READMEs set them up (the markup
 * is this test's, a plain form): Choices.js 11.2.4 over a text input ("css,html", with a Remove
 * button on each tag) right after Select2 4.1.0 over a multiple select. What it showed:
 * - The Choices box was no field at all: the wrapper it sits in follows Select2's face, so it was
 *   taken for part of Select2's drop-down; and under it, Choices keeps the named input transparent
 *   (opacity 0) over the box, holding "css,html": a field no one sees.
 * - Once a field, its box is `type=search` (the form became a "search"), and a typed tag counts only
 *   once Enter makes it a tag: the fill answered success with "svg" in the box and nothing added.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Team</title>
<link rel="stylesheet" href="select2/css/select2.min.css"><link rel="stylesheet" href="choices/styles/choices.min.css">
</head><body><h1>Team</h1>
<form action="index.html"><label for="states">States</label>
<select id="states" name="states" multiple style="width: 300px">
<option value="AL" selected>Alabama</option><option value="AK">Alaska</option>
<option value="CA" selected>California</option><option value="TX">Texas</option></select>
<p><label for="skills">Skills</label><input id="skills" name="skills" type="text" value="css,html"></p>
<button>Save</button></form>
<script src="jquery/jquery.min.js"></script><script src="select2/js/select2.min.js"></script>
<script src="choices/scripts/choices.min.js"></script>
<script>$('#states').select2(); new Choices('#skills', { removeItemButton: true });</script>
</body></html>`;

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-tag-boxes-'));
  symlinkSync(join(pkg('jquery-3.2.1'), 'dist'), join(dir, 'jquery'));
  symlinkSync(join(pkg('select2'), 'dist'), join(dir, 'select2'));
  // Its `exports` name no package.json: its assets folder is found from its main script.
  symlinkSync(dirname(dirname(require.resolve('choices.js'))), join(dir, 'choices'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  return dir;
}

const SITE = writeSite();
afterAll(() => rmSync(SITE, { recursive: true, force: true }));
const env = useExternalEnv(SITE);
const withPage = (fn: (p: OpenedPage) => Promise<void>) => withExternalPage(env(), 'index.html', fn);
const skills = (p: OpenedPage) => p.page.$eval('#skills', (e) => (e as HTMLInputElement).value);

test('a box of tags in a form is one param, and what is typed there is added as a tag the form sends', async () => {
  await withPage(async (p) => {
    const form = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'states'))?.tool;
    expect(form?.name).not.toBe('search');
    expect(form?.params.map((q) => q.name)).toEqual(['states', 'skills', 'send']);
    const out = await p.run(form!.name, { skills: 'svg', send: false });
    expect(out.result).toMatchObject({ success: true });
    expect(await skills(p)).toBe('css,html,svg');
    const sent = await p.run(form!.name, { skills: 'rust' });
    expect(sent.result).toMatchObject({ success: true });
    const query = new URL(p.page.url()).searchParams;
    expect(query.get('skills')).toBe('css,html,svg,rust');
    expect(query.getAll('states')).toEqual(['AL', 'CA']);
  });
});

test("each tag's Remove button is remove_item of its box, the tag chosen by its text", async () => {
  await withPage(async (p) => {
    const remove = p.map.tools.find((t) => t.tool.name === 'remove_item')?.tool;
    expect(remove?.description).toContain('"Skills"');
    expect(remove?.params[0]!.options).toEqual(['css', 'html']);
    expect((await p.run('remove_item', { item: 'css' })).result).toMatchObject({ success: true });
    expect(await skills(p)).toBe('html');
  });
});
