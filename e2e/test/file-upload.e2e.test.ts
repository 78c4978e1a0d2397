/**
 * A file input through the whole service: the page map offers it as a param of type `file`; a
 * file given over HTTP (its content as text or base64) is what the site receives when the form
 * is sent (a multipart POST, parsed here as the site would); a malformed file is refused by the
 * gateway (INVALID_REQUEST) or by the tool (INVALID_PARAMS), and nothing is sent.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { api } from '@pagemap/test-utils';
import { useApiSuite } from './helpers';

const suite = useApiSuite({ tenants: 1 });
const browse = (body: unknown) => api(suite.stack.url, 'POST', '/v1/browse', { key: suite.keys[0]!, body });

interface Received {
  fullname: string;
  files: Array<{ name: string; type: string; content: string }>;
}
const received: Received[] = [];

beforeAll(() => {
  suite.site.route('GET', '/apply', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Apply</title></head><body><main>
      <h1>Apply for the job</h1>
      <form method="post" action="/apply" enctype="multipart/form-data">
        <label>Full name <input name="fullname" required></label>
        <label>Your CV <input type="file" name="cv" accept=".txt,.pdf" required></label>
        <label>Other documents <input type="file" name="others" multiple></label>
        <button>Send application</button>
      </form></main></body></html>`);
  });
  suite.site.route('POST', '/apply', async (req, res, _url, body) => {
    const form = await new Response(body, { headers: { 'content-type': req.headers['content-type']! } }).formData();
    const files = await Promise.all(
      [...form.getAll('cv'), ...form.getAll('others')]
        .filter((f): f is File => typeof f !== 'string' && f.name !== '')
        .map(async (f) => ({ name: f.name, type: f.type, content: await f.text() })),
    );
    received.push({ fullname: String(form.get('fullname')), files });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Application received</title><main><h1>Thank you</h1>
      <p>${files.length} files received.</p></main>`);
  });
});

async function openForm() {
  const res = await browse({ url: suite.site.url('/apply') });
  expect(res.status).toBe(200);
  const map = BrowseResponse.parse(res.body);
  const tool = map.tools.find((t) => t.params.some((p) => p.name === 'cv'))!;
  return { map, tool };
}

test('the files given reach the site when the form is sent, as a person’s upload would', async () => {
  const { map, tool } = await openForm();
  expect(tool.params.filter((p) => p.type === 'file').map((p) => p.name)).toEqual(['cv', 'others']);
  const before = received.length;
  const res = await browse({
    session_id: map.session_id,
    tool: tool.name,
    params: {
      fullname: 'Ann Lee',
      cv: { name: 'cv.txt', text: 'Ann Lee, engineer.\nReferences on request.' },
      others: [
        { name: 'cover.pdf', base64: Buffer.from('%PDF-1.4 cover letter').toString('base64') },
        { name: 'notes.md', text: '# Notes' },
      ],
    },
  });
  expect(res.status).toBe(200);
  const after = BrowseResponse.parse(res.body);
  expect(after.results?.[0]).toMatchObject({ success: true });
  expect(after.title).toBe('Application received');
  expect(received.slice(before)).toEqual([
    {
      fullname: 'Ann Lee',
      files: [
        { name: 'cv.txt', type: 'text/plain', content: 'Ann Lee, engineer.\nReferences on request.' },
        { name: 'cover.pdf', type: 'application/pdf', content: '%PDF-1.4 cover letter' },
        { name: 'notes.md', type: 'text/markdown', content: '# Notes' },
      ],
    },
  ]);
});

test('a malformed file is refused before anything is sent: by the gateway, or by the tool', async () => {
  const { map, tool } = await openForm();
  const before = received.length;
  // Not a file of the contract (no content): the request itself is invalid.
  const bad = await browse({
    session_id: map.session_id,
    tool: tool.name,
    params: { fullname: 'A', cv: { name: 'cv.txt' } },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toBe('INVALID_REQUEST');
  // A file of the contract this input does not take (two for one): the tool refuses it.
  const two = [
    { name: 'a.txt', text: 'a' },
    { name: 'b.txt', text: 'b' },
  ];
  const res = await browse({ session_id: map.session_id, tool: tool.name, params: { fullname: 'A', cv: two } });
  expect(res.status).toBe(200);
  const out = BrowseResponse.parse(res.body);
  expect(out.results?.[0]?.error?.code).toBe('INVALID_PARAMS');
  expect(out.results?.[0]?.error?.message).toContain('takes one file');
  expect(received.length).toBe(before);
});
