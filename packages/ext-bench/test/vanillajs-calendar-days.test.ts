/**
 * A calendar's days of two months, on Vanilla JS Datepicker's own demo page (the
 * `vanillajs-datepicker` package: src/vanillajs-datepicker-build.ts). Its inline calendar shows six
 * weeks: the days of the month before and after beside the month's own, so the same day numbers
 * appear twice. Each cell carries its day as a timestamp (`data-date`). Before, the second of each
 * pair was named by a counter ("1 (2)"), the first by the demo's heading ("1 (Demo)"): an agent
 * could not tell November's 1st from December's.
 */
import { extractPageMap, runTool } from '@pagemap/page-map';
import { sourcePages } from './source-pages';

const { withPage } = sourcePages('vanillajs-datepicker');

const DATED = /^(\d{1,2}) \((\d{4}-\d{2}-\d{2})\)$/;

test('days shown twice are named by their date, and clicking one picks that date', async () => {
  await withPage('demo/plain-css.html', async (page, map) => {
    const inline = await runTool(page, map, { tool: 'choose_type', params: { type: 'Inline' } }, { timeoutMs: 8000 });
    expect(inline.result.success).toBe(true);
    const next = await extractPageMap(page, { includeContent: false });
    const options = next.tools.find((t) => t.tool.name === 'click')?.tool.params[0]?.options ?? [];
    const dated = options.map((o) => DATED.exec(o)).filter((m) => m !== null);
    // Every day number the calendar shows twice: each of the two named by its own date.
    expect(dated.length).toBeGreaterThanOrEqual(2);
    expect(options.filter((o) => /^\d{1,2} \((\d+|Demo)\)$/.test(o))).toEqual([]);
    for (const m of dated) expect(Number(m[2]!.slice(8))).toBe(Number(m[1]));
    expect(new Set(dated.map((m) => m[2])).size).toBe(dated.length);
    // The latest of them is a day of another month than the first: click it.
    const last = dated.at(-1)!;
    expect(last[2]!.slice(0, 7)).not.toBe(dated[0]![2]!.slice(0, 7));
    const out = await runTool(page, next, { tool: 'click', params: { target: last[0] } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const picked = await page.evaluate(() => {
      const picker = (window as unknown as { demoPicker: { getDate: (f: string) => string } }).demoPicker;
      return picker.getDate('yyyy-mm-dd');
    });
    expect(picked).toBe(last[2]);
  });
});
