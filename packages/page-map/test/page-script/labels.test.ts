/** labels.ts alone in real Chromium: each labelling rule on a small page, in precedence order. */
import type { Browser, Page } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser } from '@pagemap/test-utils';
import type * as Labels from '../../src/page-script/labels';
import { loadModule } from './load-module';

const FIXTURE = `<!doctype html><html><body>
  <span id="first">First</span><span id="last">name</span>
  <input id="by-labelledby" aria-labelledby="first last" aria-label="ignored">
  <input id="by-aria" aria-label="  Search the shop ">
  <label for="by-for">E-mail address</label><input id="by-for" name="email">
  <label>Country <select id="wrapped"><option>France</option><option>Spain</option></select></label>
  <input id="by-title" title="Postcode">
  <div><div>Promo code</div><div><input id="nearby"></div></div>
  <input type="submit" id="b-input" value="Sign in">
  <button id="b-aria" aria-label="Close dialog">×</button>
  <button id="b-img"><img alt="Cart"></button>
  <section><h2>Newsletter</h2><p>Weekly news.</p><form id="f"><input name="e"></form></section>
</body></html>`;

type Mod = typeof Labels;
declare global {
  interface Window {
    __pagemapModule: Mod;
  }
}

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchTestBrowser();
  page = await browser.newPage();
  await page.setContent(FIXTURE);
  await loadModule(page, 'labels');
});
afterAll(async () => {
  await closeTestBrowser(browser);
});

const label = (id: string) =>
  page.evaluate((i) => window.__pagemapModule.labelOf(document.getElementById(i)!, document), id);
const button = (id: string) =>
  page.evaluate((i) => window.__pagemapModule.buttonLabel(document.getElementById(i)!), id);

test('field labels follow accessibility precedence, then nearby text', async () => {
  expect(await label('by-labelledby')).toEqual({ label: 'First name', nearby: '' });
  expect(await label('by-aria')).toEqual({ label: 'Search the shop', nearby: '' });
  expect(await label('by-for')).toEqual({ label: 'E-mail address', nearby: '' });
  // A wrapping label without the options' text.
  expect(await label('wrapped')).toEqual({ label: 'Country', nearby: '' });
  expect(await label('by-title')).toEqual({ label: 'Postcode', nearby: '' });
  expect(await label('nearby')).toEqual({ label: '', nearby: 'Promo code' });
});

test('button labels: input value, aria-label, image alt', async () => {
  expect(await button('b-input')).toBe('Sign in');
  expect(await button('b-aria')).toBe('Close dialog');
  expect(await button('b-img')).toBe('Cart');
});

test("a form's heading is the closest heading before it", async () => {
  expect(await page.evaluate(() => window.__pagemapModule.headingFor(document.getElementById('f')!))).toBe(
    'Newsletter',
  );
});
