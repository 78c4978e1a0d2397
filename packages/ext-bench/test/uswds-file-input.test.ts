/**
 * File inputs, on the U.S. Web Design System's own test pages for its file input (the
 * `@uswds/uswds` package's templates: src/uswds-build.ts). Its script wraps the input in a drop
 * zone, checks each chosen file against the input's `accept` list (".pdf,.txt") and shows the
 * chosen files' names, or an error and an emptied input. Before, a file input was no field: the
 * page map offered nothing to choose a file with.
 */
import { runTool } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { fileToolOf, sourcePages } from './source-pages';

const { withPage } = sourcePages('uswds');

/** The files the page's input holds: names and contents, read from the page itself. */
const heldFiles = (page: Page) =>
  page.$eval('input[type=file]', (el) =>
    Promise.all(Array.from((el as HTMLInputElement).files ?? []).map(async (f) => [f.name, f.type, await f.text()])),
  );

const previews = (page: Page) =>
  page.$$eval('.usa-file-input__preview', (els) => els.map((e) => (e as HTMLElement).innerText.trim()));

test('a file input is a tool taking a file; the chosen file is the input’s, and the page shows it', async () => {
  await withPage('usa-file-input/file-input-single.html', async (page, map) => {
    const { tool, param, description, toolDescription } = fileToolOf(map);
    expect(description).toContain('it accepts .pdf,.txt');
    expect(toolDescription).toMatch(/^Choose the file for/);
    const file = { name: 'notes.txt', text: 'Minutes of the meeting.' };
    const out = await runTool(page, map, { tool, params: { [param]: file } }, { timeoutMs: 8000 });
    expect(out.result).toMatchObject({ success: true, filled: { [param]: ['notes.txt'] } });
    expect(await heldFiles(page)).toEqual([['notes.txt', 'text/plain', 'Minutes of the meeting.']]);
    expect(await previews(page)).toEqual(['notes.txt']);
  });
});

test('a file the page refuses (not of its accepted types) fails the tool: the input holds nothing', async () => {
  await withPage('usa-file-input/file-input-single.html', async (page, map) => {
    const { tool, param } = fileToolOf(map);
    const png = { name: 'photo.png', base64: 'iVBORw0KGgo=' };
    const out = await runTool(page, map, { tool, params: { [param]: png } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(false);
    expect(out.result.error?.code).toBe('FIELD_NOT_SET');
    expect(await heldFiles(page)).toEqual([]);
    expect(await page.$eval('main', (m) => (m as HTMLElement).innerText)).toContain('This is not a valid file type');
  });
});

test('an input taking several files takes a list; one taking one refuses a list', async () => {
  await withPage('usa-file-input/template.html', async (page, map) => {
    const { tool, param } = fileToolOf(map);
    const files = [
      { name: 'agenda.txt', text: '1. Budget' },
      { name: 'minutes.pdf', base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') },
    ];
    const out = await runTool(page, map, { tool, params: { [param]: files } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await heldFiles(page)).toEqual([
      ['agenda.txt', 'text/plain', '1. Budget'],
      ['minutes.pdf', 'application/pdf', '%PDF-1.4\n%%EOF\n'],
    ]);
    expect((await previews(page)).sort()).toEqual(['agenda.txt', 'minutes.pdf']);
  });
  await withPage('usa-file-input/file-input-single.html', async (page, map) => {
    const { tool, param } = fileToolOf(map);
    const two = [
      { name: 'a.txt', text: 'a' },
      { name: 'b.txt', text: 'b' },
    ];
    const out = await runTool(page, map, { tool, params: { [param]: two } }, { timeoutMs: 8000 });
    expect(out.result.error?.code).toBe('INVALID_PARAMS');
    expect(await heldFiles(page)).toEqual([]);
  });
});

test('a disabled file input is no field', async () => {
  await withPage('usa-file-input/file-input-disabled.html', async (_page, map) => {
    expect(map.tools.flatMap((t) => t.tool.params).some((p) => p.type === 'file')).toBe(false);
  });
});
