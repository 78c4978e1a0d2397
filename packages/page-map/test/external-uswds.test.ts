/**
 * The U.S. Web Design System as its npm package ships it (`@uswds/uswds`): the HTML templates of
 * its own component tests, each put unchanged into a page with the package's compiled CSS and
 * JavaScript (which starts every component, as its tests do). What its pages showed:
 * - Its combo box (and its time picker, a combo box of times) hides the select it stands for off
 *   the page's left edge (`usa-sr-only`: visible to the browser) and draws a box, a "Clear the
 *   select contents" and a "Toggle the dropdown list" button; the select takes a value only when an
 *   entry of the list is picked, and a box left otherwise is emptied. Before, the select and the
 *   box were two params, the tool was `toggle_the_dropdown_list`, said to submit the form with that
 *   button, and it answered success while the select held nothing.
 * - Its components listen for keys on the body, for every field of the page (delegated): a
 *   labelled date of birth or social security number is filled, not sent with Enter. Before, each
 *   was `submit_<label>`, pressing Enter after typing.
 * - Its memorable date is a fieldset "Date of Birth" of a month list and day and year boxes, with
 *   no button: one tool named by its legend. Before, three tools (`choose_month`, `fill_day`,
 *   `fill_year`).
 * - Its password box with a checklist of rules has no label, no form and no button: a tool fills
 *   it. Before, none did.
 * - Its modal holds a combo box with no form: it stands for the select in its own widget, and its
 *   "Toggle the dropdown list" closes no dialog. Before, the box was filled and the tool answered
 *   success while the select held nothing, and the toggle was a choice of `dismiss_overlay`.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { useExternalEnv, withExternalPage, type OpenedPage } from './external-env';

/** The package's folder (its exports name no package.json; its main script is dist/js/uswds.min.js). */
const PKG = join(dirname(require.resolve('@uswds/uswds')), '..', '..');

const TEMPLATES = [
  'usa-combo-box/src/test/combo-box-default-value.template.html',
  'usa-time-picker/src/test/time-picker.template.html',
  'usa-date-picker/src/test/date-picker.template.html',
  'usa-input-mask/src/test/input-mask.template.html',
  'usa-memorable-date/src/test/template.html',
  'usa-validation/src/test/template.html',
  'usa-modal/src/test/template.html',
];

/** Each template in a page of its own (`<component>.html`), the package's dist at /dist. */
function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-uswds-'));
  symlinkSync(join(PKG, 'dist'), join(dir, 'dist'));
  for (const t of TEMPLATES) {
    const component = t.split('/')[0]!;
    writeFileSync(
      join(dir, `${component}.html`),
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${component}</title>
<link rel="stylesheet" href="/dist/css/uswds.min.css"></head><body><main class="grid-container">
${readFileSync(join(PKG, 'packages', t), 'utf8')}
</main><script src="/dist/js/uswds.min.js"></script></body></html>`,
    );
  }
  return dir;
}

const SITE = writeSite();
afterAll(() => rmSync(SITE, { recursive: true, force: true }));
const env = useExternalEnv(SITE);
const withPage = (path: string, fn: (p: OpenedPage) => Promise<void>) => withExternalPage(env(), path, fn);

const toolNames = (p: OpenedPage) => p.map.tools.map((t) => t.tool.name);
const paramsOf = (p: OpenedPage, name: string) =>
  p.map.tools.find((t) => t.tool.name === name)?.tool.params.map((x) => x.name) ?? [];

test('a combo box over a select hidden off the page is one field, picked from its list; its own buttons send nothing', async () => {
  await withPage('usa-combo-box.html', async (p) => {
    const names = toolNames(p);
    expect(names.some((n) => n.startsWith('toggle_') || n.startsWith('clear_'))).toBe(false);
    const tool = p.map.tools.find((t) => t.tool.params.some((x) => x.name === 'select_a_fruit'))!.tool;
    // The box, not the hidden select besides it.
    expect(tool.params.map((x) => x.name).filter((n) => n !== 'send')).toEqual(['select_a_fruit']);
    const fruit = () => p.page.$eval('select[name=fruit]', (s) => (s as HTMLSelectElement).value);
    expect(await fruit()).toBe('blackberry');
    const out = await p.run(tool.name, { select_a_fruit: 'Mango', send: false });
    expect(out.result.success).toBe(true);
    expect(await fruit()).toBe('mango');
    // Not one of its entries: the select takes nothing, and the tool says so.
    const wrong = await p.run(tool.name, { select_a_fruit: 'Mangosteen pie', send: false });
    expect(wrong.result.success).toBe(false);
  });
  await withPage('usa-time-picker.html', async (p) => {
    const tool = p.map.tools.find((t) => t.tool.params.some((x) => x.name === 'your_preferred_programming_lan'))!;
    const out = await p.run(tool.tool.name, { your_preferred_programming_lan: '2:30pm', send: false });
    expect(out.result.success).toBe(true);
    expect(await p.page.$eval('select[name="appointment-time"]', (s) => (s as HTMLSelectElement).value)).toBe('14:30');
  });
});

test('a labelled field whose keys only the body hears (delegated) is filled, not sent with Enter', async () => {
  await withPage('usa-date-picker.html', async (p) => {
    expect(toolNames(p)).toContain('fill_date_of_birth');
    const out = await p.run('fill_date_of_birth', { dob: '01/15/2020' });
    expect(out.result.success).toBe(true);
    expect(await p.page.$eval('.usa-date-picker__internal-input', (i) => (i as HTMLInputElement).value)).toBe(
      '2020-01-15',
    );
  });
  await withPage('usa-input-mask.html', async (p) => {
    expect(toolNames(p)).toContain('fill_social_security_number');
    expect(toolNames(p).some((n) => n.startsWith('submit_'))).toBe(false);
  });
});

test('loose fields of one fieldset with no button are one tool named by its legend', async () => {
  await withPage('usa-memorable-date.html', async (p) => {
    expect(paramsOf(p, 'fill_date_of_birth')).toEqual([
      'memorable_date_month',
      'memorable_date_day',
      'memorable_date_year',
    ]);
    const out = await p.run('fill_date_of_birth', {
      memorable_date_month: 'March',
      memorable_date_day: '7',
      memorable_date_year: '1990',
    });
    expect(out.result.success).toBe(true);
    const values = await p.page.$$eval('.usa-memorable-date select, .usa-memorable-date input', (els) =>
      els.map((e) => (e as HTMLInputElement).value),
    );
    expect(values).toEqual(['3', '7', '1990']);
  });
});

test('a lone password box with no label, form or button is filled by a tool named after it', async () => {
  await withPage('usa-validation.html', async (p) => {
    expect(paramsOf(p, 'fill_password')).toEqual(['password']);
    const out = await p.run('fill_password', { password: 'Harbour42' });
    expect(out.result.success).toBe(true);
    const rules = await p.page.$$eval('.usa-checklist__item', (lis) =>
      lis.map((li) => li.classList.contains('usa-checklist__item--checked')),
    );
    expect(rules).toEqual([true, true, true]);
  });
});

test("a combo box in a dialog with no form stands for its widget's select; its toggle closes no dialog", async () => {
  await withPage('usa-modal.html', async (p) => {
    const opened = await p.run('click', { target: 'Open modal' });
    expect(opened.result.success).toBe(true);
    const map = await extractPageMap(p.page, { includeContent: false });
    const dismiss = map.tools.find((t) => t.tool.name === 'dismiss_overlay')?.tool;
    expect(dismiss?.params[0]?.options).toEqual(['Continue', 'close this window']);
    const fill = map.tools.find((t) => t.tool.params.some((x) => x.name === 'combobox_label'))!.tool;
    const runIn = (params: Record<string, string | boolean>) =>
      runTool(p.page, map, { tool: fill.name, params }, { timeoutMs: 8000 });
    const chosen = () => p.page.$eval('select[name=options]', (s) => (s as HTMLSelectElement).value);
    expect((await runIn({ combobox_label: 'Option B', send: false })).result.success).toBe(true);
    expect(await chosen()).toBe('value2');
    // No such entry: the select keeps what it had, and the tool says it did not take the value.
    const wrong = await runIn({ combobox_label: 'Option Z', send: false });
    expect(wrong.result).toMatchObject({ success: false, error: { code: 'FIELD_NOT_SET' } });
    expect(await chosen()).toBe('value2');
  });
});
