/**
 * The boxes of an app list's rows belong to its per-row tool (toggle_item), never to a group tool
 * named after a button elsewhere that would press it. In the Preact test app
 * (test/apps/reading-list.ts) a "Share list" button sits beside the list whose rows have boxes.
 */
import { rmSync } from 'node:fs';
import { READ_IN_PAGE, writeReadingList } from './apps/reading-list';
import { openExternal, useExternalEnv } from './external-env';

const site = writeReadingList();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

test("no tool but toggle_item takes the rows' boxes, and none presses the share button", async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const takesBoxes = p.map.tools.filter((t) =>
      t.tool.params.some((q) => q.type === 'boolean' && q.name !== 'checked' && q.name !== 'press_enter'),
    );
    expect(takesBoxes.map((t) => t.tool.name)).toEqual([]);
    const out = await p.run('toggle_item', { item: 'The Left Hand of Darkness', checked: true });
    expect(out.result.success).toBe(true);
    expect(await p.page.evaluate(READ_IN_PAGE)).toEqual(['The Left Hand of Darkness']);
    expect(await p.page.evaluate(() => (window as unknown as { shared?: number }).shared ?? 0)).toBe(0);
  } finally {
    await p.close();
  }
});
