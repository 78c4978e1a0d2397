/**
 * A page the way shops and news pages look to a browser: a form, links and text, plus eight photos
 * (PNG, ~100 KB each, made here: noise does not compress), a web font and a video poster. Served
 * from the bench's fixture site with a byte count, to show what light loading saves.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FixtureServer } from '@pagemap/test-utils';

/** A PNG of `w`×`h` RGB pixels from a fixed pseudo-random sequence (the same bytes every run). */
export function noisePng(w: number, h: number, seed: number): Buffer {
  let s = seed >>> 0 || 1;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let i = 0; i < rows.length; i++) {
    if (i % (w * 3 + 1) === 0) continue; // filter byte 0
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    rows[i] = s & 0xff;
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTOS = 8;

function html(): string {
  const cards = Array.from(
    { length: PHOTOS },
    (_, i) =>
      `<li><a href="/heavy/item-${i}"><img src="/heavy/photo-${i}.png" width="180" height="120" alt="Planter ${i + 1}"></a><h3>Planter ${i + 1}</h3><p>Glazed stoneware, frost proof, with a drainage hole.</p><button type="button" onclick="this.textContent='Added'">Add planter ${i + 1} to basket</button></li>`,
  ).join('');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Planters — Garden shop</title>
<style>@font-face{font-family:Shop;src:url(/heavy/shop.woff2) format("woff2")}body{font-family:Shop,sans-serif}ul{display:flex;flex-wrap:wrap;list-style:none}li{width:200px}</style>
<header><a href="/heavy/">Garden shop</a><form action="/heavy/search"><label>Search the shop <input name="q" type="search"></label><button>Search</button></form></header>
<main><h1>Planters</h1><p>Pots and planters for balconies, patios and window sills.</p><video poster="/heavy/poster.png" width="320" height="180"></video><ul>${cards}</ul></main>
<footer><a href="/heavy/delivery">Delivery</a> <a href="/heavy/returns">Returns</a></footer></html>`;
}

/** Serves the page at /heavy/shop; `bytes()` is what the site has sent for it so far (page and its files). */
export function serveHeavyPage(site: FixtureServer): { url: string; bytes: () => number } {
  let sent = 0;
  const files = new Map<string, { type: string; body: Buffer }>();
  files.set('/heavy/shop', { type: 'text/html; charset=utf-8', body: Buffer.from(html()) });
  for (let i = 0; i < PHOTOS; i++)
    files.set(`/heavy/photo-${i}.png`, { type: 'image/png', body: noisePng(180, 180, i + 1) });
  files.set('/heavy/poster.png', { type: 'image/png', body: noisePng(320, 180, 99) });
  files.set('/heavy/shop.woff2', { type: 'font/woff2', body: noisePng(64, 64, 7) }); // bytes only: fails to decode
  for (const [path, f] of files)
    site.route('GET', path, (_req, res) => {
      sent += f.body.length;
      res.writeHead(200, { 'content-type': f.type, 'content-length': f.body.length });
      res.end(f.body);
    });
  return { url: site.url('/heavy/shop'), bytes: () => sent };
}
