/**
 * Swagger UI as its npm package ships it (`swagger-ui-dist`, a React app), showing the OpenAPI 3.0
 * Petstore that `@readme/oas-examples` ships; the only file of ours is the configuration block the
 * package asks a deployer to edit (`swagger-initializer.js`: which document to show).
 * - The top bar's URL box sits after an inline SVG logo whose `<style>` holds CSS: that text is no
 *   words a person reads, and the box (no label, no name) is named by its id instead. Before, its
 *   param was `logo_small_svg_cls_2_fill_fff`, described by the CSS.
 * - An operation's parameters are a table, each row's first cell naming the parameter ("username *")
 *   and the box sitting under its description: the row's first cell names the box, the description
 *   is its note. Before, the description named it (`the_user_name_for_login`).
 * - The "Example Value" / "Schema" tabs beside a response's media type list are no buttons that
 *   send it: the list is a tool of its own that only chooses. Before, choosing the media type
 *   meant pressing one of them ("action").
 * - The request body box has no label, name or text beside it: its section's heading, "Request
 *   body", names it. Before, it was `field_2`, described as "textarea".
 * - The Authorize dialog's button shows "Authorize" but its aria-label names it "Apply
 *   credentials": the form's `action` answers to both. Before, "Authorize" was refused.
 * - At its load event the page shows its top bar's form and "Loading…": the map waits until the
 *   operations are drawn. Before, a map made then offered only the top bar's `explore`.
 * - Its operations give `click` more than its 80 options: what lies outside them (the top bar's
 *   "Authorize") keeps a share. Before, "Authorize" was no option.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HTTPRequest } from 'puppeteer-core';
import { extractPageMap, runTool } from '../src';
import { openExternal, useExternalEnv, withSlowRequests, type OpenedPage } from './external-env';

const UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const SPECS = dirname(require.resolve('@readme/oas-examples/package.json'));

/** The package's own configuration block, with `url` naming the local Petstore document. */
const INITIALIZER = `window.onload = function() {
  window.ui = SwaggerUIBundle({
    url: "/specs/3.0/json/petstore.json",
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: "StandaloneLayout"
  });
};
`;

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemap-swagger-'));
  for (const f of readdirSync(UI)) if (f !== 'swagger-initializer.js') symlinkSync(join(UI, f), join(dir, f));
  writeFileSync(join(dir, 'swagger-initializer.js'), INITIALIZER);
  symlinkSync(SPECS, join(dir, 'specs'));
  return dir;
}

const site = writeSite();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

/** The page mapped again (after the app drew or changed it), its tools run against that map. */
async function remap(p: OpenedPage): Promise<OpenedPage> {
  const map = await extractPageMap(p.page, { includeContent: false });
  return {
    ...p,
    map,
    run: (tool, params) => runTool(p.page, map, { tool, params: params ?? {} }, { timeoutMs: 8000 }),
  };
}

/** The Petstore page once Swagger UI has drawn the document's operations. */
async function openPetstore(): Promise<OpenedPage> {
  const p = await openExternal(env(), '/index.html');
  await p.page.waitForSelector('#operations-user-loginUser');
  return remap(p);
}

/** Opens an operation and starts trying it out (the page's own buttons), then maps the page again. */
async function tryOut(p: OpenedPage, operation: string): Promise<OpenedPage> {
  await p.page.click(`#operations-${operation} .opblock-summary-control`);
  await p.page.waitForSelector(`#operations-${operation} .try-out__btn`);
  await p.page.click(`#operations-${operation} .try-out__btn`);
  await p.page.waitForSelector(`#operations-${operation} .btn.execute`);
  return remap(p);
}

const requestUrl = (p: OpenedPage, operation: string) =>
  p.page.$eval(`#operations-${operation} .request-url pre`, (e) => e.textContent ?? '');

test("a box after an inline SVG logo is not named by the logo's style sheet, but by its id", async () => {
  const p = await openPetstore();
  try {
    const explore = p.map.tools.find((t) => t.tool.name === 'explore')!.tool;
    expect(explore.params[0]!.name).toBe('download_url_input');
    for (const t of p.map.tools) for (const q of t.tool.params) expect(q.description).not.toMatch(/\{fill:/);
  } finally {
    await p.close();
  }
});

test("an operation's parameter boxes are named by their row's first cell, with the description as note", async () => {
  const p = await tryOut(await openPetstore(), 'user-loginUser');
  try {
    const params = p.map.tools.flatMap((t) => t.tool.params.map((q) => ({ tool: t.tool.name, ...q })));
    const username = params.find((q) => q.name === 'username')!;
    const password = params.find((q) => q.name === 'password')!;
    expect(username.description).toContain('The user name for login');
    expect(password.description).toContain('The password for login in clear text');
    expect((await p.run(username.tool, { username: 'alice', press_enter: false })).result.success).toBe(true);
    expect((await p.run(password.tool, { password: 's3cret', press_enter: false })).result.success).toBe(true);
    await p.page.click('#operations-user-loginUser .btn.execute');
    await p.page.waitForSelector('#operations-user-loginUser .request-url pre');
    expect(await requestUrl(p, 'user-loginUser')).toMatch(/\/user\/login\?username=alice&password=s3cret$/);
  } finally {
    await p.close();
  }
});

test('the tabs beside a media type list are no buttons that send it: the list is chosen alone', async () => {
  const p = await tryOut(await openPetstore(), 'pet-getPetById');
  try {
    for (const t of p.map.tools) {
      const action = t.tool.params.find((q) => q.name === 'action');
      expect(action?.options ?? []).not.toContain('Example Value');
    }
    const media = p.map.tools.find((t) => t.tool.params.some((q) => /Media Type/i.test(q.description)))!.tool;
    const param = media.params.find((q) => /Media Type/i.test(q.description))!;
    expect(media.params.map((q) => q.name)).toEqual([param.name]);
    expect(media.description).toMatch(/nothing is sent/);
    expect((await p.run(media.name, { [param.name]: 'application/xml' })).result.success).toBe(true);
    expect(await p.page.$eval('#operations-pet-getPetById .response-control-media-type select', (s) => s.value)).toBe(
      'application/xml',
    );
  } finally {
    await p.close();
  }
});

test('the request body box is named by the heading of its section', async () => {
  const p = await tryOut(await openPetstore(), 'pet-addPet');
  try {
    const tool = p.map.tools.find((t) => t.tool.params.some((q) => q.name === 'request_body'))!.tool;
    const body = '{"name": "Rex", "photoUrls": []}';
    // No button of its own sits by the box ("Execute" is the operation's): it is filled, not sent.
    expect(tool.params.some((q) => q.name === 'send')).toBe(false);
    expect((await p.run(tool.name, { request_body: body })).result.success).toBe(true);
    await p.page.click('#operations-pet-addPet .btn.execute');
    await p.page.waitForSelector('#operations-pet-addPet .curl');
    expect(await p.page.$eval('#operations-pet-addPet .curl', (e) => e.textContent ?? '')).toContain('"name": "Rex"');
  } finally {
    await p.close();
  }
});

test('a submit button renamed by its aria-label is pressed by the words it shows too', async () => {
  const p = await openPetstore();
  try {
    await p.page.click('.auth-wrapper .btn.authorize');
    await p.page.waitForSelector('#api_key_value');
    const dialog = await remap(p);
    const tool = dialog.map.tools.find((t) => t.tool.params.some((q) => q.name === 'value'))!.tool;
    const action = tool.params.find((q) => q.name === 'action')!;
    expect(action.options).toContain('Apply credentials');
    expect(action.description).toContain('"Apply credentials" (shows "Authorize")');
    expect((await dialog.run(tool.name, { value: 'special-key', action: 'Authorize' })).result.success).toBe(true);
    await p.page.waitForFunction(() =>
      [...document.querySelectorAll('.auth-container')].some(
        (c) =>
          c.textContent?.includes('api_key') &&
          [...c.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Logout'),
      ),
    );
  } finally {
    await p.close();
  }
});

test('a map made at the load event waits while the page says it is loading; what is outside the operations stays an option', async () => {
  // A slow API document (the page and its scripts come at once): the load event finds "Loading…".
  const data = (r: HTTPRequest) => r.resourceType() === 'fetch' || r.resourceType() === 'xhr';
  await withSlowRequests(env(), '/index.html', data, async (page) => {
    expect(await page.$('.opblock')).toBeNull();
    const map = await extractPageMap(page, { includeContent: false, awaitRenderMs: 5000 });
    const click = map.tools.find((t) => t.tool.name === 'click')!.tool;
    expect(click.params[0]!.options).toEqual(
      expect.arrayContaining(['GET /pet/findByStatus Finds Pets by status', 'Authorize']),
    );
  });
});
