/** The sources are served unchanged: the bytes on disk, at the root of each source's own origin. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceNamed, startSourceServer, webRootOf, type SourceServer } from '../src';

let ks: SourceServer;
beforeAll(async () => {
  ks = await startSourceServer(sourceNamed('kitchensink'));
});
afterAll(async () => {
  await ks?.close();
});

test('a page is served byte for byte, clean URLs resolving to the .html file as the app expects', async () => {
  const onDisk = readFileSync(join(webRootOf(sourceNamed('kitchensink')), 'commands', 'actions.html'));
  const res = await fetch(ks.url('commands/actions'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(Buffer.from(await res.arrayBuffer()).equals(onDisk)).toBe(true);
});

test('absolute asset paths of the source resolve; paths outside it do not', async () => {
  expect((await fetch(ks.url('assets/js/scripts.js'))).status).toBe(200);
  expect((await fetch(`${ks.origin}/..%2f..%2fpackage.json`)).status).toBe(404);
  expect((await fetch(ks.url('no/such/page'))).status).toBe(404);
});

test('the kitchen sink comes from its npm package, and the TodoMVC build beside it is not served', async () => {
  expect(webRootOf(sourceNamed('kitchensink'))).toContain(join('node_modules', 'cypress-example-kitchensink', 'app'));
  expect((await fetch(ks.url('todo.html'))).status).toBe(404);
  expect((await fetch(ks.url('todo'))).status).toBe(404);
  expect((await fetch(ks.url('assets/css/todo.css'))).status).toBe(404);
  expect((await fetch(ks.url('assets/js/todo/app.js'))).status).toBe(404);
  expect((await fetch(ks.url('index.html'))).status).toBe(200);
});

test('a form submission is recorded with its fields and answered, as a local sink', async () => {
  ks.resetReceived();
  const res = await fetch(`${ks.origin}/admin/login/?next=%2Fadmin%2F`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'username=ann&password=Pa55-word',
  });
  expect(res.status).toBe(200);
  expect(ks.received()).toEqual([{ next: '/admin/', username: 'ann', password: 'Pa55-word' }]);
  ks.resetReceived();
  expect(ks.received()).toEqual([]);
});

test("jQuery UI's pages are served from the Debian package, with an allowlist of the system paths they load", async () => {
  const jqui = await startSourceServer(sourceNamed('jquery-ui'));
  try {
    const page = await fetch(jqui.url('autocomplete/default.html'));
    expect(page.status).toBe(200);
    const onDisk = readFileSync('/usr/share/doc/libjs-jquery-ui-docs/examples/autocomplete/default.html');
    expect(Buffer.from(await page.arrayBuffer()).equals(onDisk)).toBe(true);
    // The one mapped path: Debian's node-requirejs put require.js one folder down.
    const requirejs = await fetch(`${jqui.origin}/usr/share/nodejs/require.js`);
    expect(
      Buffer.from(await requirejs.arrayBuffer()).equals(readFileSync('/usr/share/nodejs/requirejs/require.js')),
    ).toBe(true);
    expect((await fetch(`${jqui.origin}/usr/share/javascript/jquery-ui/ui/widgets/autocomplete.js`)).status).toBe(200);
    expect((await fetch(`${jqui.origin}/usr/share/javascript/jquery/jquery.js`)).status).toBe(200);
    // Outside the allowlist: other files of the same folders' parents, other system files, escapes.
    for (const path of [
      '/usr/share/nodejs/requirejs/require.js',
      '/usr/share/javascript/underscore/underscore.js',
      '/etc/passwd',
      '/usr/share/javascript/jquery/..%2f..%2f..%2f..%2fetc/passwd',
      '/usr/share/javascript/jquery-ui/..%2fjquery-ui-docs',
    ])
      expect([path, (await fetch(`${jqui.origin}${path}`)).status]).toEqual([path, 404]);
  } finally {
    await jqui.close();
  }
});

test("Swagger UI is served from its npm package; only the deployer's configuration block is ours", async () => {
  const swagger = await startSourceServer(sourceNamed('swagger-ui'));
  try {
    const ui = webRootOf(sourceNamed('swagger-ui'));
    const page = await fetch(swagger.url('index.html'));
    expect(Buffer.from(await page.arrayBuffer()).equals(readFileSync(join(ui, 'index.html')))).toBe(true);
    // The configuration block: the package's, with the document it names changed and nothing else.
    const config = await (await fetch(swagger.url('swagger-initializer.js'))).text();
    const shipped = readFileSync(join(ui, 'swagger-initializer.js'), 'utf8');
    const code = (s: string) =>
      s
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('//') && !l.startsWith('url:'));
    expect(code(config)).toEqual(code(shipped));
    expect(config).toContain('url: "/specs/3.0/json/petstore.json"');
    const spec = await fetch(swagger.url('specs/3.0/json/petstore.json'));
    expect(((await spec.json()) as { info: { title: string } }).info.title).toMatch(/Petstore/);
    for (const path of ['/specs/..%2f..%2fswagger-ui-dist%2fpackage.json', '/specs/..%2fpackage.json', '/etc/passwd'])
      expect([path, (await fetch(`${swagger.origin}${path}`)).status]).toEqual([path, 404]);
  } finally {
    await swagger.close();
  }
});
