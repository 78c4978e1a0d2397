/**
 * RapiDoc's own example page as its npm package ships it (`rapidoc` 9.3.8, `dist/index.html` with
 * `dist/rapidoc-min.js`): an API reference drawn by a web component (Lit) in its shadow root, its
 * navigation one entry per operation, each a method badge ("GET", drawn as a block) before the
 * operation's summary. A short capitalised badge is read with the line after it, so each entry is
 * named by its operation: before, all 17 GET entries were "GET", "GET (2)" … "GET (17)".
 */
import { dirname, join } from 'node:path';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(join(dirname(require.resolve('rapidoc/package.json')), 'dist'));

test('the navigation entries of an API reference are named by method and summary, and open their operation', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    await p.page.waitForFunction(
      () => !!document.querySelector('rapi-doc')?.shadowRoot?.querySelector('.nav-bar-path'),
    );
    const map = await extractPageMap(p.page, { includeContent: false });
    const options = map.tools.find((t) => t.tool.name === 'click')!.tool.params[0]!.options ?? [];
    expect(options).toContain('GET Single Example of Type Array Under a Schema');
    expect(options.filter((o) => /^GET( \(\d+\))?$/.test(o))).toEqual([]);
    const out = await runTool(
      p.page,
      map,
      { tool: 'click', params: { target: 'GET Object schema with array type property containing example' } },
      { timeoutMs: 8000 },
    );
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
