/**
 * A rich-text editor in its own frame: TinyMCE on Selenium's WebDriver test page (the
 * `selenium-webdriver` npm package ships both, test/external/README.md). Its editable body is a
 * framed document's `<body contenteditable>` with no label of its own; the frame's title names it
 * ("Rich Text Area. Press ALT-F9 for menu. …"). Before, the field was `field_1`, which no agent
 * asked for "the rich-text area" could pick; now it is named by the title's first sentence, and
 * typing into it reaches the editor (TinyMCE's own content says so).
 */
import { dirname, join } from 'node:path';
import { openExternal, useExternalEnv } from './external-env';

const SELENIUM_PAGES = join(dirname(require.resolve('selenium-webdriver/package.json')), 'lib/test/data');
const env = useExternalEnv(SELENIUM_PAGES);

test("an editor's framed body is named by its frame's title, and what the tool types is the editor's content", async () => {
  const p = await openExternal(env(), '/tinymce.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((x) => x.name === 'rich_text_area'))?.tool;
    expect(tool?.description).toContain('"Rich Text Area"');
    const out = await p.run(tool!.name, { rich_text_area: 'Hello from an agent' });
    expect(out.result.success).toBe(true);
    const content = await p.page.evaluate(() =>
      (window as unknown as { tinymce: { activeEditor: { getContent(o: object): string } } }).tinymce.activeEditor
        .getContent({ format: 'text' })
        .trim(),
    );
    expect(content).toBe('Hello from an agent');
  } finally {
    await p.close();
  }
});
