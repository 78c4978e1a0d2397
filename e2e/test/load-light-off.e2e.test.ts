/**
 * An operator turns light loading off (PAGEMAP_LOAD_LIGHT=false, docs/configuration.md): every
 * page is loaded in full, its images fetched for a page map without a screenshot.
 */
import { api } from '@pagemap/test-utils';
import { useApiSuite } from './helpers';

const suite = useApiSuite({ tenants: 1, workerEnv: { PAGEMAP_LOAD_LIGHT: 'false' } });

test('with light loading off, a page map alone fetches the page’s image', async () => {
  suite.site.route('GET', '/full/poster.svg', (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    res.end('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>');
  });
  suite.site.route('GET', '/full/page', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Poster</title><img src="/full/poster.svg" alt="Poster"><p>Posters.</p>');
  });
  const res = await api(suite.stack.url, 'POST', '/v1/browse', {
    key: suite.keys[0]!,
    body: { url: suite.site.url('/full/page') },
  });
  expect(res.status).toBe(200);
  expect(res.body.title).toBe('Poster');
  expect(suite.site.hits('/full/poster.svg')).toBe(1);
});
