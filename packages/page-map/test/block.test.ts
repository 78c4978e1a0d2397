/** Site blocks: challenge interstitials and access-denied pages, and what must NOT count as one. */
import { detectBlock } from '../src';
import { mapOf, useEnv } from './helpers';

const env = useEnv();

test.each([
  ['/challenge-cloudflare.html', 'challenge', 'cloudflare'],
  ['/challenge-akamai.html', 'challenge', 'akamai'],
  ['/challenge-perimeterx.html', 'challenge', 'perimeterx'],
  ['/challenge-datadome.html', 'challenge', 'datadome'],
  ['/challenge-imperva.html', 'challenge', 'imperva'],
  ['/challenge-generic.html', 'challenge', 'generic'],
  ['/challenge', 'challenge', 'cloudflare'],
  ['/access-denied.html', 'access_denied', 'akamai'],
  ['/denied', 'access_denied', 'http-403'],
])('%s is a %s (%s)', async (path, kind, vendor) => {
  const m = await mapOf(env(), path);
  expect(m.block).toEqual({ kind, vendor });
});

test.each([
  '/login-captcha.html',
  '/login-hcaptcha.html',
  '/login.html',
  '/article.html',
  '/big-article.html',
  '/status?code=403',
  '/multi-form.html',
])('%s is not a site block', async (path) => {
  const m = await mapOf(env(), path);
  expect(m.block).toBeNull();
});

test('pure rules: status and text together, vendor scripts on content pages are not blocks', () => {
  expect(detectBlock({ status: 401, title: 'Sign in', text: 'Invalid username or password.' })).toBeNull();
  expect(detectBlock({ status: 403, title: 'Forbidden', text: 'Access denied.' })).toEqual({
    kind: 'access_denied',
    vendor: 'http-403',
  });
  expect(detectBlock({ status: 429, title: 'Too Many Requests', text: 'Slow down.' })).toEqual({
    kind: 'access_denied',
    vendor: 'http-429',
  });
  const longText = 'Lighthouses guide ships. '.repeat(200);
  expect(
    detectBlock({ title: 'News', text: longText, html: '<script src="https://js.datadome.co/tags.js"></script>' }),
  ).toBeNull();
  expect(
    detectBlock({
      title: 'Shop',
      text: longText,
      html: '<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>',
    }),
  ).toBeNull();
  expect(
    detectBlock({
      title: 'Log in',
      text: "Log in. I'm not a robot",
      html: '<div class="g-recaptcha" data-sitekey="x"></div><input type="password">',
    }),
  ).toBeNull();
  expect(
    detectBlock({
      title: 'Attention Required! | Cloudflare',
      text: 'Sorry, you have been blocked. You are unable to access example.com. Cloudflare Ray ID: 1',
      html: '',
    }),
  ).toEqual({ kind: 'access_denied', vendor: 'cloudflare' });
});
