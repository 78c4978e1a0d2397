/**
 * A list of boxes that share a name, on a page written by others (GOV.UK Frontend's checkboxes
 * "default" example): its param is described by the list's legend ("What is your nationality?"),
 * not by its first box ("British"), which is one of its options.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';
import { renderGovukExamples } from './external-govuk';

const site = mkdtempSync(join(tmpdir(), 'pagemap-govuk-'));
let page = '';
beforeAll(() => {
  [page] = renderGovukExamples(site, 'checkboxes', ['default']) as [string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test("the list's legend describes its param; its first box is one of the options", async () => {
  const p = await openExternal(env(), page);
  try {
    const param = p.map.tools.flatMap((t) => t.tool.params).find((q) => q.options?.includes('British'));
    expect(param?.description).toMatch(/^What is your nationality\?/);
    expect(param?.options).toEqual(['British', 'Irish', 'Citizen of another country']);
  } finally {
    await p.close();
  }
});
