/**
 * A file input a script hid behind a button of its own, on the GOV.UK Design System's own
 * examples of its file upload (rendered from the `govuk-frontend` package: src/govuk-build.ts).
 * Its "enhanced" upload hides the input (`hidden`), moves the input's id, and so its label, to a
 * button it draws ("No file chosen, Choose file or drop file") that opens the file dialog, and
 * shows the chosen file's name in that button. Before, the page map offered no file param at all,
 * only a click on that button (which opens a dialog no agent can answer).
 */
import { runTool } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { fileToolOf, sourcePages } from './source-pages';

const { withPage } = sourcePages('govuk-frontend');

const chosenNames = (page: Page) =>
  page.$eval('input[type=file]', (el) => Array.from((el as HTMLInputElement).files ?? []).map((f) => f.name));

const buttonStatus = (page: Page) =>
  page.$eval('.govuk-file-upload-button__status', (el) => (el.textContent ?? '').trim());

test('the hidden input behind the upload button is the field, named by the label its button took', async () => {
  await withPage('file-upload/enhanced.html', async (page, map) => {
    const { tool, param, description } = fileToolOf(map);
    expect(description).toMatch(/^Upload a file \(/);
    const clickOptions = map.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    expect(clickOptions.filter((o) => /choose file/i.test(o))).toEqual([]);
    const file = { name: 'passport.txt', text: 'Passport scan' };
    const out = await runTool(page, map, { tool, params: { [param]: file, send: false } }, { timeoutMs: 8000 });
    expect(out.result).toMatchObject({ success: true, filled: { [param]: ['passport.txt'] } });
    expect(await chosenNames(page)).toEqual(['passport.txt']);
    expect(await buttonStatus(page)).toBe('passport.txt');
  });
});

test('several files at once, and the hint the page gives (in Welsh too)', async () => {
  await withPage('file-upload/enhanced-multiple-files.html', async (page, map) => {
    const { tool, param } = fileToolOf(map);
    const files = [
      { name: 'payslip-may.txt', text: 'May' },
      { name: 'payslip-june.txt', text: 'June' },
    ];
    const out = await runTool(page, map, { tool, params: { [param]: files, send: false } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect((await chosenNames(page)).sort()).toEqual(['payslip-june.txt', 'payslip-may.txt']);
    expect(await buttonStatus(page)).toBe('2 files chosen');
  });
  await withPage('file-upload/enhanced-with-error-message-and-hint.html', async (_page, map) => {
    expect(fileToolOf(map).description).toContain('Your photo may be in your Pictures');
  });
  await withPage('file-upload/translated.html', async (_page, map) => {
    expect(fileToolOf(map).description).toMatch(/^Llwythwch ffeil i fyny/);
  });
});
