/**
 * The flags the worker launches Chromium with reach Chromium: Chromium reads only the last
 * --disable-features it is given, so puppeteer must merge every one (its own, ours, an
 * operator's) into one.
 */
import type { Browser } from 'puppeteer-core';
import { findChromium } from '@pagemap/chromium';
import { launchChromium } from '../src/browser/chromium';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium(findChromium(), ['--disable-features=OperatorChoice']);
});
afterAll(async () => {
  await browser?.close();
});

test("one --disable-features, with ours, puppeteer's and the operator's", () => {
  const flags = browser.process()!.spawnargs.filter((a) => a.startsWith('--disable-features'));
  expect(flags).toHaveLength(1);
  const features = flags[0]!.split('=')[1]!.split(',');
  expect(features).toEqual(
    expect.arrayContaining([
      'BackForwardCache',
      'RenderDocument',
      'ProactivelySwapBrowsingInstance',
      'OperatorChoice',
      'Translate',
    ]),
  );
});
