/**
 * How tools execute, end to end through a real gateway and worker: typed values (forgiving in,
 * exact out), trusted key input, JavaScript dialogs (load and tools, answer_dialog), and page maps
 * that reflect what an in-page tool changed (settling by signal).
 */
import { BrowseResponse, type Tool } from '@pagemap/contracts';
import type { FixtureServer, Stack } from '@pagemap/test-utils';
import { browse, useWorkerSuite } from './helpers';

let stack: Stack;
let site: FixtureServer;
let key: string;
useWorkerSuite({}, (s) => ({ stack, site, key } = s));

async function open(path: string, extra: Record<string, unknown> = {}) {
  const res = await browse(stack, key, { url: site.url(path), ...extra });
  expect(res.status).toBe(200);
  return BrowseResponse.parse(res.body);
}
async function call(id: string, body: Record<string, unknown>) {
  const res = await browse(stack, key, { session_id: id, ...body });
  expect(res.status).toBe(200);
  return BrowseResponse.parse(res.body);
}
const toolWith = (tools: Tool[], param: string) => tools.find((t) => t.params.some((p) => p.name === param))!;
/** The param whose description mentions `label` (names come from labels, so match loosely). */
const paramFor = (tool: Tool, label: RegExp) =>
  tool.params.find((p) => label.test(p.description ?? '') || label.test(p.name))!.name;

describe('typed values', () => {
  test('written forms become the exact values the inputs take; options by text or value, several as a list', async () => {
    const page = await open('/y-typed.html');
    const tool = page.tools.find((t) => t.params.length >= 10)!;
    const p = (re: RegExp) => paramFor(tool, re);
    const params = {
      [p(/^day/i)]: 'Sept 10, 2012',
      [p(/^time/i)]: '8:22 PM',
      [p(/reminder/i)]: '09/10/2012 at 7:05 AM',
      [p(/expiry/i)]: 'March 2027',
      [p(/^week/i)]: '2012-09-12',
      [p(/guests/i)]: '1,2',
      [p(/noise/i)]: 7,
      [p(/room/i)]: 'garden TERRACE',
      [p(/diet/i)]: 'vegetarian, no nuts',
      [p(/extras/i)]: ['Flowers', 'music'],
      [p(/seating/i)]: 'at the bar',
      [p(/high chair/i)]: 'yes',
    };
    // "1,2" is not a number (a comma must group thousands): INVALID_PARAMS naming the forms.
    const bad = await call(page.session_id, { tool: tool.name, params });
    expect(bad.results![0]).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(bad.results![0]!.error!.message).toMatch(/accepts a number such as/);
    params[p(/guests/i)] = '4';
    const done = await call(page.session_id, { tool: tool.name, params, include_page_content: true });
    // `filled`: the page's own option labels for choices; typed text never verbatim.
    expect(done.results![0]).toMatchObject({
      tool: tool.name,
      success: true,
      error: null,
      filled: { [p(/room/i)]: 'Garden terrace', [p(/guests/i)]: '[as given]' },
    });
    expect(done.page_content).toContain(
      'booked day=2012-09-10 at=20:22 when=2012-09-10T07:05 month=2027-03 week=2012-W37 guests=4 noise=7 room=terrace diet=veg+nuts extras=flowers+music seating=b highchair=on',
    );
  });

  test('a value that cannot be read is refused with the accepted forms, and nothing is filled', async () => {
    const page = await open('/y-typed.html');
    const tool = page.tools.find((t) => t.params.length >= 10)!;
    const res = await call(page.session_id, {
      tool: tool.name,
      params: { [paramFor(tool, /^time/i)]: 'half past lunch' },
      include_page_content: true,
    });
    expect(res.results![0]).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(res.results![0]!.error!.message).toMatch(/HH:MM/);
    expect(res.results![0]!.error!.message).not.toContain('half past lunch');
    const room = await call(page.session_id, { tool: tool.name, params: { [paramFor(tool, /room/i)]: 'the cellar' } });
    expect(room.results![0]!.error!.message).toMatch(/Main hall.*Garden terrace/);
  });
});

describe('trusted input', () => {
  test('a key-driven mask and an autocomplete combobox react to the typed values', async () => {
    const page = await open('/y-keys.html');
    const tool = toolWith(page.tools, 'phone');
    const city = paramFor(tool, /city/i);
    const res = await call(page.session_id, {
      tool: tool.name,
      params: { phone: '5551234567', [city]: 'Li' },
      include_page_content: true,
    });
    // The mask's reformatting is what the field holds; the city as typed.
    expect(res.results![0]).toEqual({
      tool: tool.name,
      success: true,
      error: null,
      filled: { phone: '(555) 123-4567', [city]: '[as given]' },
    });
    expect(res.page_content).toContain('saved phone (555) 123-4567 city Li suggestions Lisbon+Lima');
  });
});

describe('JavaScript dialogs', () => {
  test('a page that shows alert() and confirm() on load returns its page map, with the dialogs reported', async () => {
    const page = await open('/y-dialog-load.html');
    expect(page.title).toBe('Dialogs on load: declined');
    expect(page.tools.map((t) => t.name)).toContain('follow_link');
    expect(page.dialogs).toEqual([
      { type: 'alert', message: 'Welcome to the dialog fixture', status: 'accepted' },
      { type: 'confirm', message: 'Allow notifications from this site?', status: 'dismissed' },
    ]);
    // Reported once: the next response carries only new dialogs.
    const again = await call(page.session_id, {});
    expect(again.dialogs).toBeUndefined();
  });

  test('a confirm opened by a tool waits for answer_dialog; accepting it lets the page go on', async () => {
    const page = await open('/y-dialog-tool.html');
    const asked = await call(page.session_id, { tool: 'delete_item' });
    expect(asked.results![0]).toEqual({ tool: 'delete_item', success: true, error: null });
    expect(asked.dialogs).toEqual([{ type: 'confirm', message: 'Delete the item?', status: 'pending' }]);
    expect(asked.tools[0]!.name).toBe('answer_dialog');
    const answered = await call(page.session_id, { tool: 'answer_dialog', params: { accept: true } });
    expect(answered.results![0]).toEqual({ tool: 'answer_dialog', success: true, error: null });
    expect(answered.dialogs).toEqual([{ type: 'confirm', message: 'Delete the item?', status: 'accepted' }]);
    expect(answered.title).toBe('item deleted|name Lamp|quiet');
    expect(answered.tools.map((t) => t.name)).not.toContain('answer_dialog');
  });

  test('a prompt is answered with text; another tool cancels a waiting dialog first', async () => {
    const page = await open('/y-dialog-tool.html');
    await call(page.session_id, { tool: 'rename_item' });
    const renamed = await call(page.session_id, { tool: 'answer_dialog', params: { accept: true, text: 'Desk' } });
    expect(renamed.title).toBe('item kept|name Desk|quiet');
    const asked = await call(page.session_id, { tool: 'delete_item' });
    expect(asked.dialogs?.[0]?.status).toBe('pending');
    const moved = await call(page.session_id, { tool: 'say_hello' });
    expect(moved.dialogs).toEqual([
      { type: 'confirm', message: 'Delete the item?', status: 'dismissed' },
      { type: 'alert', message: 'Hello from the page', status: 'accepted' },
    ]);
    expect(moved.title).toBe('item kept|name Desk|greeted');
  });

  test('dialogs of a page a tool navigated to follow the load policy: answered, never waiting', async () => {
    const page = await open('/y-dialog-tool.html');
    const res = await call(page.session_id, { tool: 'follow_link', params: { link: 'Dialogs on load' } });
    expect(res.results![0]).toMatchObject({ success: true });
    expect(res.title).toBe('Dialogs on load: declined');
    expect(res.dialogs!.map((d) => `${d.type}:${d.status}`)).toEqual(['alert:accepted', 'confirm:dismissed']);
    expect(res.tools.map((t) => t.name)).not.toContain('answer_dialog');
  });

  test('a beforeunload prompt on leaving a page with typed text is accepted; the navigation goes on', async () => {
    const page = await open('/y-beforeunload.html');
    const tool = toolWith(
      page.tools,
      paramFor(page.tools.find((t) => t.params.some((p) => /draft/i.test(p.description ?? '')))!, /draft/i),
    );
    const res = await call(page.session_id, {
      tool: tool.name,
      params: { [paramFor(tool, /draft/i)]: 'unsaved words' },
    });
    expect(res.results![0]).toMatchObject({ success: true });
    expect(res.url).toContain('/article.html');
    expect(res.dialogs).toEqual([{ type: 'beforeunload', message: expect.any(String), status: 'accepted' }]);
  });

  test('a dialog that echoes a typed value reports it redacted', async () => {
    const page = await open('/y-dialog-tool.html');
    const tool = toolWith(page.tools, 'voucher');
    const res = await call(page.session_id, {
      tools: [{ tool: tool.name, params: { voucher: 'SECRET-4411' } }, { tool: 'say_hello' }],
    });
    expect(res.dialogs![0]).toEqual({ type: 'alert', message: 'Voucher [redacted] is not valid', status: 'accepted' });
    expect(JSON.stringify(res)).not.toContain('SECRET-4411');
  });

  test('a dialog that echoes a typed value disguised (reversed, upper-cased, encoded) reports it redacted', async () => {
    site.route('GET', '/echo-disguised', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Echo</title><main><form aria-label="Code" onsubmit="event.preventDefault();
        var v = document.getElementById('c').value;
        alert('Reversed ' + v.split('').reverse().join(''));
        alert('Loud ' + v.toUpperCase());
        alert('Encoded ' + btoa(v) + ' ' + encodeURIComponent(v))">
        <label for="c">Code</label> <input id="c" name="code"><button type="submit">Check code</button></form></main>`);
    });
    const page = await open('/echo-disguised');
    const secret = 'Secret code/4411 x';
    const res = await call(page.session_id, {
      tools: [{ tool: toolWith(page.tools, 'code').name, params: { code: secret } }],
    });
    expect(res.dialogs!.map((d) => d.message)).toEqual([
      'Reversed [redacted]',
      'Loud [redacted]',
      'Encoded [redacted] [redacted]',
    ]);
    const text = JSON.stringify(res);
    for (const s of [secret, [...secret].reverse().join(''), secret.toUpperCase(), btoa(secret)])
      expect(text.toLowerCase()).not.toContain(s.toLowerCase());
  });

  test('a batch stops at the tool that opened a confirm', async () => {
    const page = await open('/y-dialog-tool.html');
    const res = await call(page.session_id, {
      tools: [{ tool: 'say_hello' }, { tool: 'delete_item' }, { tool: 'rename_item' }],
    });
    expect(res.stopped_reason).toBe('dialog');
    expect(res.results).toHaveLength(2);
    expect(res.dialogs!.map((d) => `${d.type}:${d.status}`)).toEqual(['alert:accepted', 'confirm:pending']);
  });
});

describe('page maps after in-page tools', () => {
  test('content revealed by a click and a form handled in the page show in the response', async () => {
    const page = await open('/y-inpage.html');
    expect(page.tools.map((t) => t.name)).not.toContain('confirm_details');
    const shown = await call(page.session_id, { tool: 'show_details' });
    expect(shown.tools.map((t) => t.name)).toContain('confirm_details');
    const form = toolWith(shown.tools, 'note');
    const noted = await call(shown.session_id, {
      tools: [
        { tool: form.name, params: { note: 'hello' } },
        { tool: form.name, params: { note: 'hi' } },
      ],
      include_page_content: true,
    });
    expect(noted.results!.every((r) => r.success)).toBe(true);
    expect(noted.page_content).toContain('note of 5 characters');
    expect(noted.page_content).toContain('note of 2 characters');
  });

  test('an update that waits for a request is in the response', async () => {
    const page = await open('/y-fetch.html');
    const res = await call(page.session_id, { tool: 'load_messages', include_page_content: true });
    expect(res.results![0]!.success).toBe(true);
    expect(res.tools.map((t) => t.name)).toContain('archive_all');
    expect(res.page_content).toContain('Message from Ada');
  });
});
