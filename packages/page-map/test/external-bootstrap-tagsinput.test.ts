/**
 * Bootstrap Tags Input as its npm package ships it (`bootstrap-tagsinput` 0.7.1): its examples page,
 * whose jQuery, Bootstrap and typeahead.js come from cdnjs: here the same versions from npm, served
 * where the page's addresses are rewritten to point; its code highlighter, AngularJS and GitHub
 * buttons are dropped (not on npm, or remote embeds). Nothing else in the page changes. Each
 * example is a box of tags drawn in place of a hidden text box or multiple select: the tags, each
 * with an "x" its CSS draws (a `span` with a pointer cursor), then a nameless text box. What it
 * showed:
 * - The boxes had no name but the text before their caret, the last tag: all five were "Cairo",
 *   one tool was left of them (the others deduplicated as the same field), and no tag could be
 *   removed: the "x" is no button, link or role.
 * - typeahead.js draws its suggestions as a floating `div` of `div`s, the pointer cursor and the
 *   click listener on the panel: the fill left the box at once (no list it knew was showing), which
 *   closed them; shown, they were one target named by the first, whose click hit no suggestion.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

const pkg = (name: string) => dirname(require.resolve(`${name}/package.json`));
const PKG = pkg('bootstrap-tagsinput');
/** The page's cdnjs folders → the npm copies of the same versions. */
const CDN: [string, string][] = [
  ['https://cdnjs.cloudflare.com/ajax/libs/jquery/2.1.4/', `${pkg('jquery-2.1.4')}/dist`],
  ['https://cdnjs.cloudflare.com/ajax/libs/twitter-bootstrap/3.3.5/', `${pkg('bootstrap-3.3.5')}/dist`],
  ['https://cdnjs.cloudflare.com/ajax/libs/typeahead.js/0.11.1/', `${pkg('typeahead.js')}/dist`],
];

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-bootstrap-tagsinput-'));
  symlinkSync(join(PKG, 'dist'), join(dir, 'dist'));
  mkdirSync(join(dir, 'examples'));
  symlinkSync(join(PKG, 'examples', 'assets'), join(dir, 'examples', 'assets'));
  let html = readFileSync(join(PKG, 'examples', 'index.html'), 'utf8')
    .replace(/<script src="https:\/\/cdnjs\.cloudflare\.com\/ajax\/libs\/(rainbow|angular\.js)\/[^"]+"><\/script>/g, '')
    .replace(/<iframe src="\/\/ghbtns\.com[^>]+><\/iframe>/g, '');
  CDN.forEach(([cdn, local], i) => {
    symlinkSync(local, join(dir, `cdn${i}`));
    html = html.split(cdn).join(`/cdn${i}/`);
  });
  writeFileSync(join(dir, 'examples', 'index.html'), html);
  return dir;
}

const SITE = writeSite();
afterAll(() => rmSync(SITE, { recursive: true, force: true }));
const env = useExternalEnv(SITE);
const withPage = (fn: (p: OpenedPage) => Promise<void>) => withExternalPage(env(), 'examples/index.html', fn);
/** What the hidden control under an example's box holds, as the page's own script keeps it. */
const held = (p: OpenedPage, example: string) =>
  p.page.$eval(`.${example} .bs-example > :is(input, select)`, (e) =>
    e.tagName === 'SELECT'
      ? Array.from((e as HTMLSelectElement).selectedOptions, (o) => o.value).join(',')
      : (e as HTMLInputElement).value,
  );

test('each box of tags is named by its example, and its tool adds a tag as a person does (typed, then Enter)', async () => {
  await withPage(async (p) => {
    const names = p.map.tools.map((t) => t.tool.name);
    for (const name of ['add_markup', 'add_true_multi_value', 'add_typeahead', 'add_objects_as_tags'])
      expect(names).toContain(name);
    const multi = p.map.tools.find((t) => t.tool.name === 'add_true_multi_value')!.tool;
    expect(multi.description).toContain('"Amsterdam", "Washington", "Sydney", "Beijing", "Cairo"');
    // The answer says what the box holds now, its tags (the Enter emptied the text box itself;
    // before, it said ""), the value given redacted as in every answer.
    expect((await p.run('add_true_multi_value', { true_multi_value: 'Lima' })).result).toMatchObject({
      success: true,
      filled: { true_multi_value: 'Amsterdam, Washington, Sydney, Beijing, Cairo, [redacted]' },
    });
    expect(await held(p, 'example_multivalue')).toBe('Amsterdam,Washington,Sydney,Beijing,Cairo,Lima');
    expect(await held(p, 'example_markup')).toBe('Amsterdam,Washington,Sydney,Beijing,Cairo');
  });
});

test("each tag's drawn x removes it: one remove_item per box, the tag chosen by its text", async () => {
  await withPage(async (p) => {
    const removers = p.map.tools.filter((t) => t.tool.name.startsWith('remove_item'));
    const inMulti = removers.find((t) => t.tool.description.includes('"True multi value"'))?.tool;
    expect(inMulti?.params[0]!.options).toEqual(['Amsterdam', 'Washington', 'Sydney', 'Beijing', 'Cairo']);
    expect((await p.run(inMulti!.name, { item: 'Beijing' })).result).toMatchObject({ success: true });
    expect(await held(p, 'example_multivalue')).toBe('Amsterdam,Washington,Sydney,Cairo');
    expect(await held(p, 'example_markup')).toBe('Amsterdam,Washington,Sydney,Beijing,Cairo');
    const objects = removers.find((t) => t.tool.description.includes('"Objects as tags"'))?.tool;
    expect((await p.run(objects!.name, { item: 'Washington' })).result).toMatchObject({ success: true });
    expect(await held(p, 'example_objects_as_tags')).toBe('1,7,10,13');
  });
});

test("typeahead.js's suggestions stay open once typed, each a click option, and a click adds the one picked", async () => {
  await withPage(async (p) => {
    for (const [box, typed, pick, value] of [
      ['categorizing_tags', 'Kin', 'Kinshasa', '1,4,7,10,13,15'],
      ['objects_as_tags', 'Ne', 'New Delhi', '1,4,7,10,13,11'],
    ] as const) {
      const filled = await p.run(`add_${box}`, { [box]: typed, press_enter: false });
      expect(filled.result).toMatchObject({ success: true });
      const map = await extractPageMap(p.page, { includeContent: false });
      const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
      expect(click?.params[0]!.options).toContain(pick);
      const out = await runTool(p.page, map, { tool: 'click', params: { target: pick } }, { timeoutMs: 8000 });
      expect(out.result).toMatchObject({ success: true });
      expect(await held(p, box === 'categorizing_tags' ? 'example_tagclass' : 'example_objects_as_tags')).toBe(value);
    }
  });
});
