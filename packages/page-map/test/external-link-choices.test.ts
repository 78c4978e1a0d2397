/**
 * follow_link's options on a page with more link texts than places, written by others: the Cypress
 * kitchen sink's home page lists every command page with a dozen links into it (115 links, 17
 * command pages in a closed "Commands" menu too). Every destination gets one text among the
 * options before a second text of any destination does, so each command page can be chosen; before,
 * the first sections' dozen links each took the 40 places and the later pages had none.
 */
import { KITCHEN_SINK_APP, openExternal, useExternalEnv } from './external-env';

const env = useExternalEnv(KITCHEN_SINK_APP);

const PAGES = [
  'Querying',
  'Traversal',
  'Actions',
  'Window',
  'Viewport',
  'Location',
  'Navigation',
  'Assertions',
  'Misc',
  'Connectors',
  'Aliasing',
  'Waiting',
  'Network Requests',
  'Files',
  'Storage',
  'Cookies',
  'Spies, Stubs & Clocks',
  'Utilities',
  'Cypress API',
];

test("every page the home page links to is among follow_link's options, and following one gets there", async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const follow = p.map.tools.find((t) => t.tool.name === 'follow_link')!.tool;
    const options = follow.params[0]!.options!;
    expect(options.length).toBeLessThanOrEqual(40);
    expect(options).toEqual(expect.arrayContaining(PAGES));
    // A page is offered first by its section's own link on screen ("Querying"), not by the first
    // link under it ("get"): the copy in the closed menu, met first, used to hide the one on screen.
    const after = (text: string) => (options.includes(text) ? options.indexOf(text) : options.length);
    expect(options.indexOf('Querying')).toBeLessThan(after('get'));
    expect(options.indexOf('Traversal')).toBeLessThan(after('children'));
    const out = await p.run('follow_link', { link: 'Spies, Stubs & Clocks' });
    expect(out).toMatchObject({ result: { success: true }, navigated: true });
    expect(new URL(p.page.url()).pathname.replace(/\.html$/, '')).toBe('/commands/spies-stubs-clocks');
  } finally {
    await p.close();
  }
});
