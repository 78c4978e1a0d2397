/**
 * A date whose boxes the page reveals one by one, on a page written by others (The National
 * Archives' "progressive date input" example: the month box appears once the year is typed, then
 * the day): every part of the date is a param of the form's tool, and the form sends them all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';
import { renderTnaExamples } from './external-tna';

const site = mkdtempSync(join(tmpdir(), 'pagemap-tna-'));
let page = '';
beforeAll(() => {
  [page] = renderTnaExamples(site, 'date-input', ['progressive date input']) as [string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('the hidden month and day are params beside the year, and the form sends all three', async () => {
  const p = await openExternal(env(), page);
  try {
    expect(await p.page.$eval('#date-month', (e) => (e as HTMLElement).offsetParent === null)).toBe(true);
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'date_year'))!.tool;
    expect(tool.params.map((q) => q.name).sort()).toEqual(['date_day', 'date_month', 'date_year', 'send']);
    const sent = p.page.waitForNavigation({ waitUntil: 'load' });
    const out = await p.run(tool.name, { date_year: '1985', date_month: '6', date_day: '14' });
    expect(out.result.success).toBe(true);
    await sent;
    const q = new URL(p.page.url()).searchParams;
    expect([q.get('date-year'), q.get('date-month'), q.get('date-day')]).toEqual(['1985', '6', '14']);
  } finally {
    await p.close();
  }
});
