/**
 * Screenshots on request (issue 13 item 13): viewport JPEG by default, full-page PNG bounded in
 * height, not billed as an action of its own, never served from the shared page-map cache (a
 * second tenant's cache HIT still gets its own capture), and bad options refused before any work.
 * Light loading (issue 30): a page map alone fetches no image; a screenshot, asked with the opening
 * request or later, shows the page's images.
 */
import { inflateSync } from 'node:zlib';
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

/** The first pixel (top left) of a PNG as [r, g, b]: the first row's first pixel is stored unfiltered. */
function firstPixel(png: Buffer): number[] {
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const rows = inflateSync(Buffer.concat(idat));
  return [rows[1]!, rows[2]!, rows[3]!];
}

/** A page whose top left corner is a red image, served with a request count for the image. */
function imagePage(name: string): { url: string; imageHits: () => number } {
  suite.site.route('GET', `/light/${name}.svg`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    res.end(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#f00"/></svg>',
    );
  });
  suite.site.route('GET', `/light/${name}`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Poster ${name}</title><body style="margin:0;background:#fff"><img src="/light/${name}.svg" width="200" height="100" alt="Red poster"><p>Posters for sale.</p></body>`,
    );
  });
  return { url: suite.site.url(`/light/${name}`), imageHits: () => suite.site.hits(`/light/${name}.svg`) };
}

test('a page map alone fetches no image; asked with it, the screenshot shows the image', async () => {
  const plain = imagePage('plain');
  const res = await browse({ url: plain.url });
  expect(res.status).toBe(200);
  expect(plain.imageHits()).toBe(0);

  const shot = imagePage('shot');
  const withShot = await browse({ url: shot.url, screenshot: { format: 'png' } });
  expect(withShot.status).toBe(200);
  expect(shot.imageHits()).toBe(1);
  expect(firstPixel(bytesOf(BrowseResponse.parse(withShot.body).screenshot!.data))).toEqual([255, 0, 0]);
});

test('a screenshot asked later in a session opened without one fetches the image first', async () => {
  const later = imagePage('later');
  const opened = await browse({ url: later.url });
  expect(later.imageHits()).toBe(0);
  const res = await browse({ session_id: opened.body.session_id, screenshot: { format: 'png' } });
  expect(res.status).toBe(200);
  expect(later.imageHits()).toBe(1);
  expect(firstPixel(bytesOf(BrowseResponse.parse(res.body).screenshot!.data))).toEqual([255, 0, 0]);
});
