/**
 * Long options, on a page written by others (GOV.UK Frontend's radios example "with very long
 * option text"): the tool lists each option cut with "…", and an agent that gives the option whole,
 * as the page shows it, gets that option, not INVALID_PARAMS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';
import { renderGovukExamples } from './external-govuk';

const site = mkdtempSync(join(tmpdir(), 'pagemap-govuk-'));
let radiosPage = '';
beforeAll(() => {
  [radiosPage] = renderGovukExamples(site, 'radios', ['with very long option text']) as [string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test('an option given whole, as the page shows it, chooses the option its list cut short', async () => {
  const p = await openExternal(env(), radiosPage);
  try {
    // The page's own text of the second option, read from its label.
    const whole = await p.page.$eval('label[for="waste-2"]', (l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim());
    const found = p.map.tools.find((t) => t.tool.params.some((q) => q.options?.some((o) => o.endsWith('…'))));
    expect(found).toBeDefined();
    const param = found!.tool.params.find((q) => q.options?.some((o) => o.endsWith('…')))!;
    expect(param.options).not.toContain(whole);
    const out = await p.run(found!.tool.name, { [param.name]: whole });
    expect(out.result.error).toBeNull();
    expect(out.result.success).toBe(true);
    expect(new URL(p.page.url()).searchParams.get('waste')).toBe('aenean');
  } finally {
    await p.close();
  }
});
