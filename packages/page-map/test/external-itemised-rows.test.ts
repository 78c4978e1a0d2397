/**
 * A box over a hidden textarea that collects items, on a page written by others (The National
 * Archives' textarea example "itemised rows": an item counts once added with Enter or "Add to
 * list"). The form's tool adds each line to the list, as a person does, reads the list back and
 * sends the form: the textarea the form sends holds the items. Before, typing into the box alone
 * left that textarea empty and the tool could only fail with FIELD_NOT_SET.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';
import { renderTnaExamples } from './external-tna';

const site = mkdtempSync(join(tmpdir(), 'pagemap-tna-'));
let page = '';
beforeAll(() => {
  [page] = renderTnaExamples(site, 'textarea', ['itemised rows']) as [string];
});
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const feedbackParam = (tools: { tool: { name: string; params: { name: string; description: string }[] } }[]) => {
  const tool = tools.find((t) => t.tool.params.some((q) => /Enter your feedback/.test(q.description)))!.tool;
  return { tool, param: tool.params.find((q) => /Enter your feedback/.test(q.description))! };
};

test('the item typed into the box is added to the list, and the form sends it', async () => {
  const p = await openExternal(env(), page);
  try {
    const { tool, param } = feedbackParam(p.map.tools);
    expect(param.description).toMatch(/added to the list/);
    const out = await p.run(tool.name, { [param.name]: '4 Quay Street, Galway' });
    expect(out.result.success).toBe(true);
    expect(out.result.filled).toEqual({ [param.name]: '[as given]' });
    await p.page.waitForFunction(() => location.search !== '');
    expect(await p.page.evaluate(() => new URLSearchParams(location.search).get('feedback'))).toBe(
      '4 Quay Street, Galway',
    );
  } finally {
    await p.close();
  }
});

test('each line of the value is an item of its own', async () => {
  const p = await openExternal(env(), page);
  try {
    const { tool, param } = feedbackParam(p.map.tools);
    const out = await p.run(tool.name, { [param.name]: '4 Quay Street\nGalway' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => location.search !== '');
    expect(await p.page.evaluate(() => new URLSearchParams(location.search).get('feedback'))).toBe(
      '4 Quay Street\r\nGalway',
    );
  } finally {
    await p.close();
  }
});
