/**
 * Screenshots on request (issue 13 item 13): viewport JPEG by default, full-page PNG bounded in
 * height, not billed as an action of its own, never served from the shared page-map cache (a
 * second tenant's cache HIT still gets its own capture), and bad options refused before any work.
 */
import { BrowseResponse } from '@pagemap/contracts';
import { api } from '@pagemap/test-utils';
import { useApiSuite } from './helpers';

const MAX_HEIGHT = 1500;
const suite = useApiSuite({ tenants: 2, workerEnv: { PAGEMAP_SCREENSHOT_MAX_HEIGHT: String(MAX_HEIGHT) } });

const browse = (body: unknown, k = suite.keys[0]!) => api(suite.stack.url, 'POST', '/v1/browse', { key: k, body });
const usedOf = (res: { headers: Headers }) => Number(res.headers.get('x-usage-action-count'));
const bytesOf = (b64: string) => Buffer.from(b64, 'base64');

test('`screenshot: true` answers a JPEG of the viewport beside the page map, billed as the one page opened', async () => {
  const before = usedOf(await api(suite.stack.url, 'GET', '/v1/usage', { key: suite.keys[0]! }));
  const res = await browse({ url: suite.site.url('/article.html'), screenshot: true });
  expect(res.status).toBe(200);
  const map = BrowseResponse.parse(res.body);
  expect(map.screenshot).toMatchObject({ format: 'jpeg', full_page: false, truncated: false });
  const img = bytesOf(map.screenshot!.data);
  expect([img[0], img[1]]).toEqual([0xff, 0xd8]); // JPEG start-of-image
  expect(map.screenshot!.width).toBeGreaterThan(0);
  expect(usedOf(res)).toBe(before + 1);
  // A follow-up without the flag carries none.
  const next = await browse({ session_id: map.session_id });
  expect(next.body.screenshot).toBeUndefined();
});

test('a full-page PNG of a tall page is cut at the configured height and says so', async () => {
  const res = await browse({
    url: suite.site.url('/big-article.html'),
    screenshot: { full_page: true, format: 'png' },
  });
  expect(res.status).toBe(200);
  const shot = BrowseResponse.parse(res.body).screenshot!;
  expect(shot).toMatchObject({ format: 'png', full_page: true, truncated: true, height: MAX_HEIGHT });
  const img = bytesOf(shot.data);
  expect(img.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(img.readUInt32BE(20)).toBe(MAX_HEIGHT); // IHDR height
});

test('a page-map cache HIT for another tenant still gets its own screenshot', async () => {
  const url = suite.site.url('/form.html');
  await browse({ url });
  const other = await browse({ url, screenshot: { quality: 40 } }, suite.keys[1]!);
  expect(other.status).toBe(200);
  expect(other.headers.get('x-cache')).toBe('HIT');
  expect(BrowseResponse.parse(other.body).screenshot?.format).toBe('jpeg');
});

test('bad screenshot options are refused with INVALID_REQUEST before any work', async () => {
  for (const screenshot of [
    { format: 'gif' },
    { format: 'png', quality: 50 },
    { quality: 0 },
    'yes',
    { full_page: true, extra: 1 },
  ]) {
    const res = await browse({ url: suite.site.url('/form.html'), screenshot });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_REQUEST');
  }
});
