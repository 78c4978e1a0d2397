/**
 * A list of languages is the page's language switcher: the Debian Developer's Reference (Sphinx,
 * Debian's developers-reference, served unchanged from /usr/share) draws its switcher into the
 * breadcrumb trail with no label, and it was offered as choose_debian, 'Choose in the "Debian »"
 * list'. Choosing French there loads the French chapter, as the page's own script does it.
 */
import { existsSync } from 'node:fs';
import { isLanguageList } from '../src/tools/languages';
import { openExternal, useExternalEnv } from './external-env';

/** Installed by scripts/setup.sh (Debian packages developers-reference and developers-reference-fr). */
const SHARE = '/usr/share';
const env = useExternalEnv(SHARE);

test('the reference and its French translation are installed (scripts/setup.sh)', () => {
  expect(existsSync(`${SHARE}/developers-reference/pkgs.html`)).toBe(true);
  expect(existsSync(`${SHARE}/developers-reference/fr/pkgs.html`)).toBe(true);
});

test('the switcher is choose_language, and French loads the French chapter', async () => {
  const p = await openExternal(env(), '/developers-reference/pkgs.html');
  try {
    const tool = p.map.tools.find((t) => t.tool.name === 'choose_language')?.tool;
    expect(tool?.params[0]).toMatchObject({ name: 'language', type: 'enum' });
    expect(tool?.params[0]?.options).toEqual(expect.arrayContaining(['English', 'French', 'Japanese']));
    const out = await p.run('choose_language', { language: 'French' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(() => location.pathname.endsWith('/developers-reference/fr/pkgs.html'));
  } finally {
    await p.close();
  }
});

test('languages by name or by code; countries are not languages', () => {
  expect(isLanguageList(['German', 'English', 'French', 'Japanese'], ['de', 'en', 'fr', 'ja'])).toBe(true);
  expect(isLanguageList(['Deutsch', 'English', 'Français', '日本語', 'Русский'])).toBe(true);
  expect(isLanguageList(['Germany', 'France', 'Italy', 'Spain'], ['de', 'fr', 'it', 'es'])).toBe(false);
  expect(isLanguageList(['Small', 'Medium', 'Large'])).toBe(false);
  expect(isLanguageList(['English', 'French'])).toBe(false); // two are a pair, not a switcher
});
