import { BASE_CHROMIUM_ARGS, CHROMIUM_CANDIDATES, findChromium } from '../src';

test('an explicit path wins, and its headless mode follows the binary', () => {
  expect(findChromium('/opt/chrome/chromium-headless-shell')).toEqual({ path: '/opt/chrome/chromium-headless-shell', headless: 'shell' });
  expect(findChromium('/opt/chrome/chrome')).toEqual({ path: '/opt/chrome/chrome', headless: true });
});

test('prefers the headless shell, falls back to full chromium, and says what to do when neither is there', () => {
  expect(findChromium(undefined, () => true).headless).toBe('shell');
  expect(findChromium(undefined, (p) => p === '/usr/bin/chromium')).toEqual({ path: '/usr/bin/chromium', headless: true });
  expect(() => findChromium(undefined, () => false)).toThrow(/PAGEMAP_CHROMIUM_PATH/);
  expect(CHROMIUM_CANDIDATES[0]!.headless).toBe('shell');
});

test('finds the Chromium this machine has (setup installs it)', () => {
  expect(() => findChromium()).not.toThrow();
});

test('every launch stays off the network on its own and runs as root', () => {
  for (const flag of ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']) {
    expect(BASE_CHROMIUM_ARGS).toContain(flag);
  }
});
