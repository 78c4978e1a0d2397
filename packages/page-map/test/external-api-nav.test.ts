/**
 * RapiDoc's own example page as its npm package ships it (`rapidoc` 9.3.8, `dist/index.html` with
 * `dist/rapidoc-min.js`): an API reference drawn by a web component (Lit) in its shadow root, its
 * navigation one entry per operation, each a method badge ("GET", drawn as a block) before the
 * operation's summary. A short capitalised badge is read with the line after it, so each entry is
 * named by its operation: before, all 17 GET entries were "GET", "GET (2)" … "GET (17)".
 * The page's text is read through the component's shadow root too (and its slots), as a person
 * sees it: before, the text of the page held nothing of the reference but its lists. Its box for
 * an array parameter makes each value typed into it a tag beside it and empties itself: the fill
 * holds when the tag says the value (before: FIELD_NOT_SET, the box being empty).
 */
import { dirname, join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(join(dirname(require.resolve('rapidoc/package.json')), 'dist'));

/** The reference once the component has drawn its navigation, mapped then, with a runner on that map. */
async function openReference() {
  const p = await openExternal(env(), '/index.html');
  await p.page.waitForFunction(() => !!document.querySelector('rapi-doc')?.shadowRoot?.querySelector('.nav-bar-path'));
  const map = await extractPageMap(p.page, { includeContent: false });
  const run = (tool: string, params: Record<string, string>) =>
    runTool(p.page, map, { tool, params }, { timeoutMs: 8000 });
  return { page: p.page, map, run, close: p.close };
}

test('the navigation entries of an API reference are named by method and summary, and open their operation', async () => {
  const p = await openReference();
  try {
    const options = p.map.tools.find((t) => t.tool.name === 'click')!.tool.params[0]!.options ?? [];
    expect(options).toContain('GET Single Example of Type Array Under a Schema');
    expect(options.filter((o) => /^GET( \(\d+\))?$/.test(o))).toEqual([]);
    const out = await p.run('click', { target: 'GET Object schema with array type property containing example' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() =>
      (
        document.querySelector('rapi-doc')?.shadowRoot?.querySelector('.nav-bar-path.active')?.textContent ?? ''
      ).includes('Object schema with array type property containing example'),
    );
  } finally {
    await p.close();
  }
});

test("the words of an app drawn in shadow roots are the page's text", async () => {
  const p = await openReference();
  try {
    expect(p.map.text).toContain('GET /multiple-examples-in-request-parameters/{path-param-1}/{path-param-2}');
    expect(p.map.text).toMatch(/QUERY-STRING PARAMETERS/i);
    // The navigation is no text of the page's, in a shadow root as outside one.
    expect(p.map.text).not.toContain('Single Example of Type Array Under a Schema');
  } finally {
    await p.close();
  }
});

test('a value typed into a tag box and made a tag beside it is held', async () => {
  const p = await openReference();
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => /add-multiple/.test(q.description)))!.tool;
    const out = await p.run(tool.name, { [tool.params[0]!.name]: '7' });
    expect(out.result).toMatchObject({ success: true });
    const tags = await p.page.evaluate(() =>
      Array.from(
        document
          .querySelector('rapi-doc')
          ?.shadowRoot?.querySelector('api-request')
          ?.shadowRoot?.querySelector('tag-input')
          ?.shadowRoot?.querySelectorAll('.tag') ?? [],
        (t) => t.textContent?.trim(),
      ),
    );
    expect(tags).toEqual(['7']);
  } finally {
    await p.close();
  }
});
