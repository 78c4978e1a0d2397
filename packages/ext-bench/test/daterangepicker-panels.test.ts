/**
 * The page map on Date Range Picker's documentation page (the `daterangepicker` npm package's own
 * page, its CDN libraries pointed at the same versions from npm: src/daterangepicker-build.ts),
 * read with the page map itself. Its "Predefined Date Ranges" example is a plain `div` showing the
 * dates; a jQuery click listener on it shows the picker, drawn hidden at the end of the body, whose
 * list holds "Today", "Yesterday", "Last 7 Days"… No attribute ties the box to the list. Before,
 * the map offered the box (by its dates) and nothing said what it opens: "Yesterday" was no
 * option, and `click` could not find it (the bench's three tasks on it failed).
 */
import { runTool } from '@pagemap/page-map';
import { sourcePages } from './source-pages';

const { withPage } = sourcePages('daterangepicker');

test("a hidden picker's predefined ranges are click options, said to open with the box; the click opens it, then picks", async () => {
  await withPage('index.html', async (page, map) => {
    const click = map.tools.find((t) => t.tool.name === 'click')!.tool;
    const options = click.params[0]!.options ?? [];
    expect(options).toEqual(expect.arrayContaining(['Today', 'Yesterday', 'Last 7 Days', 'This Month']));
    const box = await page.$eval('#reportrange', (e) => (e as HTMLElement).innerText.trim());
    expect(click.description).toContain(`"${box}" shows "Today", "Yesterday"`);
    // Closed before the click: it is the click that opens the panel, then presses the range.
    expect(await page.$eval('.daterangepicker:has(.ranges li)', (e) => getComputedStyle(e).display)).toBe('none');
    const out = await runTool(page, map, { tool: 'click', params: { target: 'Last 7 Days' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    const state = await page.evaluate(() => {
      const $ = (window as unknown as { $: (s: string) => { data: (k: string) => Record<string, unknown> } }).$;
      const picker = $('#reportrange').data('daterangepicker') as {
        chosenLabel: string;
        startDate: { format: (f: string) => string };
        endDate: { format: (f: string) => string };
      };
      return {
        chosen: picker.chosenLabel,
        shown: document.querySelector('#reportrange span')!.textContent,
        expected: `${picker.startDate.format('MMMM D, YYYY')} - ${picker.endDate.format('MMMM D, YYYY')}`,
        days: Math.round(
          (Date.parse(picker.endDate.format('YYYY-MM-DD')) - Date.parse(picker.startDate.format('YYYY-MM-DD'))) /
            86_400_000,
        ),
      };
    });
    expect(state.chosen).toBe('Last 7 Days');
    expect(state.shown).toBe(state.expected);
    expect(state.days).toBe(6);
  });
});

test('the items of a panel shown already are plain targets: the demo opens its picker at load', async () => {
  await withPage('demo.html', async (_page, map) => {
    const click = map.tools.find((t) => t.tool.name === 'click')?.tool;
    // Its ranges are on screen: offered, and not said to need another click first.
    expect(click?.params[0]?.options ?? []).toContain('Yesterday');
    expect(click?.description ?? '').not.toContain('shows "Today"');
  });
});
