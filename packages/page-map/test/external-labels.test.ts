/**
 * Fields named as a person reads them, on a page written by others (the NIST "INPUT" page of the
 * W3C DOM Level 1 HTML test suite, as the @mixmark-io/domino npm package ships it): a box with its
 * text right after it ("[x] EarlyMornings") is named by that text, and the document's title never
 * describes a field (the suite's TEXTAREA and SELECT pages).
 */
import { openExternal, useExternalEnv, W3C_DOM_HTML_FILES } from './external-env';

const env = useExternalEnv(W3C_DOM_HTML_FILES);

test('boxes are described by the text right after them, not by their names', async () => {
  const p = await openExternal(env(), '/input.html');
  try {
    const params = p.map.tools.flatMap((t) => t.tool.params);
    const described = (name: string) => params.find((q) => q.name === name)?.description ?? '';
    expect(described('check1')).toMatch(/^EarlyMornings\b/);
    expect(described('check2')).toMatch(/^Afternoon\b/);
    expect(described('check3')).toMatch(/^Evenings\b/);
  } finally {
    await p.close();
  }
});

test.each(['/textarea.html', '/select.html'])("no field of %s is described by the document's title", async (path) => {
  const p = await openExternal(env(), path);
  try {
    // On these pages the nearest text before the first field is the head's title.
    const descriptions = p.map.tools.flatMap((t) => t.tool.params.map((q) => q.description));
    expect(descriptions.length).toBeGreaterThan(0);
    expect(descriptions.filter((d) => /NIST DOM HTML Test/.test(d))).toEqual([]);
  } finally {
    await p.close();
  }
});
