/**
 * The page map shows an app's state, on pages written by others: page_content marks what boxes and
 * radios hold ("☑ " / "☐ ", "◉ " / "○ ") on the Cypress kitchen sink's actions page, and which tab
 * is selected (" (selected)") on GOV.UK Frontend's tabs example, so an agent sees what it changed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractPageMap } from '../src';
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';
import { renderGovukExamples } from './external-govuk';

describe('Cypress kitchen sink', () => {
  const env = useExternalEnv(KITCHEN_SINK_APP);

  test('checked and unchecked native boxes and radios are marked', async () => {
    const p = await openExternal(env(), '/commands/actions.html');
    try {
      const md = (await extractPageMap(p.page, { includeContent: true })).markdown ?? '';
      expect(md).toContain('☐ Checkbox three has value "checkbox3"');
      expect(md).toContain('☑ Checkbox one has value "checkbox1"');
      expect(md).toContain('○ Radio one has value "radio1"');
    } finally {
      await p.close();
    }
  });
});

describe('GOV.UK Frontend tabs (default example)', () => {
  const site = mkdtempSync(join(tmpdir(), 'pagemap-govuk-'));
  let tabsPage = '';
  beforeAll(() => {
    [tabsPage] = renderGovukExamples(site, 'tabs', ['default']) as [string];
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const env = useExternalEnv(site);

  test('the selected tab is marked, and clicking another tab moves the mark', async () => {
    const p = await openExternal(env(), tabsPage);
    try {
      const before = (await extractPageMap(p.page, { includeContent: true })).markdown ?? '';
      expect(before).toContain('Past day (selected)');
      expect(before).not.toContain('Past week (selected)');
      const out = await p.run('click', { target: 'Past week' });
      expect(out.result.success).toBe(true);
      const after = (await extractPageMap(p.page, { includeContent: true })).markdown ?? '';
      expect(after).toContain('Past week (selected)');
      expect(after).not.toContain('Past day (selected)');
    } finally {
      await p.close();
    }
  });
});
