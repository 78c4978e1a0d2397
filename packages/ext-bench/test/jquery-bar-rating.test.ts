/**
 * jQuery Bar Rating's own examples page (the `jquery-bar-rating` package): each rating is a hidden
 * `<select>` with one link per option drawn right after it, which sets the select when clicked and
 * marks the chosen link; the plugin does not follow the select's own change.
 * - Before, filling the select answered success while the widget still showed the old rating.
 * - Before, a rating whose widget shows no text (the squares with no choice yet, the stars) was no
 *   field at all, and the star ratings were named by the paragraph above them.
 */
import { runTool, type PageMap } from '@pagemap/page-map';
import type { Page } from 'puppeteer-core';
import { sourcePages } from './source-pages';

const { withPage } = sourcePages('jquery-bar-rating');
const PAGE = 'examples/index.html';

const paramNamed = (map: PageMap, description: string) => {
  for (const t of map.tools)
    for (const p of t.tool.params)
      if (p.description.startsWith(description)) return { tool: t.tool.name, param: p.name };
  throw new Error(`no param described "${description}"`);
};
/** The select's value and the option of the link the widget marks as chosen. */
const ratingOf = (page: Page, box: string, select: string) =>
  page.evaluate(
    (b, s) => [
      (document.querySelector(s) as HTMLSelectElement).value,
      document.querySelector(`${b} .br-current`)?.getAttribute('data-rating-value') ?? null,
    ],
    box,
    select,
  );

test('a rating drawn over a hidden select is its field, named by its box header or the caption after it', async () => {
  await withPage(PAGE, async (_page, map) => {
    for (const name of ['Movie Rating', 'Square Rating', 'Font Awesome', 'CSS Stars', 'Bootstrap'])
      expect(paramNamed(map, name)).toBeDefined();
  });
});

test("filling the select presses the option's item: the widget shows the rating, not only the select", async () => {
  await withPage(PAGE, async (page, map) => {
    const { tool, param } = paramNamed(map, 'Movie Rating');
    expect(await ratingOf(page, '.box-example-movie', '#example-movie')).toEqual(['Mediocre', 'Mediocre']);
    const out = await runTool(page, map, { tool, params: { [param]: 'Awesome' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(true);
    expect(await ratingOf(page, '.box-example-movie', '#example-movie')).toEqual(['Awesome', 'Awesome']);
  });
});

test('a widget that does not take the press fails the fill instead of answering success', async () => {
  await withPage(PAGE, async (page, map) => {
    // Clicks on the square rating's links stop on their way down: the widget never hears them.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (e) => {
          if ((e.target as Element).closest('.box-example-square .br-widget')) e.stopPropagation();
        },
        true,
      ),
    );
    const { tool, param } = paramNamed(map, 'Square Rating');
    const out = await runTool(page, map, { tool, params: { [param]: '4' } }, { timeoutMs: 8000 });
    expect(out.result.success).toBe(false);
    expect(out.result.error?.code).toBe('FIELD_NOT_SET');
    expect((await ratingOf(page, '.box-example-square', '#example-square'))[1]).toBeNull();
  });
});
