/** The corpus server: pages, the record endpoint, the sink, the event log and its reset. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCorpusServer, type CorpusServer } from '../src/server';

let server: CorpusServer;
const pages = mkdtempSync(join(tmpdir(), 'web-corpus-'));

beforeAll(async () => {
  mkdirSync(join(pages, 'forms'));
  writeFileSync(join(pages, 'forms', 'a.html'), '<!doctype html><title>A</title><p>page a</p>');
  writeFileSync(join(tmpdir(), 'outside-corpus.txt'), 'secret');
  server = await startCorpusServer({ pagesDir: pages });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

test('serves pages and record.js, and nothing outside the pages folder', async () => {
  const page = await fetch(server.url('forms/a.html'));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('page a');
  const js = await fetch(server.url('_corpus/record.js'));
  expect(await js.text()).toContain('window.__record');
  expect((await fetch(`${server.origin}/../outside-corpus.txt`)).status).toBe(404);
  expect((await fetch(`${server.origin}/%2e%2e/outside-corpus.txt`)).status).toBe(404);
  expect((await fetch(server.url('forms/missing.html'))).status).toBe(404);
});

test('records __record events and form submissions (GET and POST, repeated names as lists), and resets', async () => {
  await fetch(server.url('_corpus/record'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'clicked', detail: 'Billing', page: '/widgets/tabs.html' }),
  });
  const got = await fetch(server.url('_corpus/sink?topics=morning&topics=tech&email=a%40b.c'), {
    headers: { referer: server.url('forms/a.html') },
  });
  expect(await got.text()).toContain('Received');
  await fetch(server.url('_corpus/sink'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=Ann+Lee&op=save',
  });
  const events = await (await fetch(server.url('_corpus/events'))).json();
  expect(events).toEqual([
    { kind: 'clicked', detail: 'Billing', page: '/widgets/tabs.html', via: 'record' },
    { kind: 'submitted', detail: { topics: ['morning', 'tech'], email: 'a@b.c' }, page: '/forms/a.html', via: 'sink' },
    { kind: 'submitted', detail: { name: 'Ann Lee', op: 'save' }, page: null, via: 'sink' },
  ]);
  expect(server.events()).toEqual(events);
  expect((await fetch(server.url('_corpus/reset'), { method: 'POST' })).status).toBe(204);
  expect(server.events()).toEqual([]);
});

test('a multipart submission is recorded with its text fields', async () => {
  const form = new FormData();
  form.append('title', 'Salt and Iron');
  form.append('genre', 'doc');
  await fetch(server.url('_corpus/sink'), { method: 'POST', body: form });
  expect(server.events()[0]?.detail).toEqual({ title: 'Salt and Iron', genre: 'doc' });
});
