import type { Browser } from 'puppeteer-core';
import { closeTestBrowser, launchTestBrowser, startFixtureServer, type FixtureServer } from '@pagemap/test-utils';
import type { CorpusPage } from './manifest';

/**
 * One browser and the corpus's two sites (the demo site and this folder's frozen pages) per test
 * file, for the files that open corpus pages themselves; all closed in afterAll.
 */
export function useCorpusEnv(): { browser: () => Browser; urlOf: (page: CorpusPage) => string } {
  let browser: Browser | undefined;
  let site: FixtureServer | undefined;
  let frozen: FixtureServer | undefined;
  beforeAll(async () => {
    [browser, site, frozen] = await Promise.all([
      launchTestBrowser(),
      startFixtureServer(),
      startFixtureServer({ siteDir: `${__dirname}` }),
    ]);
  });
  afterAll(async () => {
    await closeTestBrowser(browser);
    await Promise.all([site?.close(), frozen?.close()]);
  });
  return {
    browser: () => browser!,
    urlOf: (page) => (page.source === 'site' ? site! : frozen!).url(page.path),
  };
}
