/**
 * Login detection by cookies. A login tool marks its session authenticated itself, but a session
 * can also sign in through ordinary tools (fill a form, click a button). Any change to the
 * context's cookies during a batch is taken as possible authenticated state: such a session no
 * longer shares the anonymous page-map cache.
 */
import type { BrowserContext } from 'puppeteer-core';

/** Starts watching; the returned check says whether the cookies changed since. */
export async function watchCookies(context: BrowserContext): Promise<() => Promise<boolean>> {
  const before = await cookieFingerprint(context);
  return async () => (await cookieFingerprint(context)) !== before;
}

async function cookieFingerprint(context: BrowserContext): Promise<string> {
  try {
    const cookies = await context.cookies();
    return cookies
      .map((c) => `${c.domain}|${c.path}|${c.name}|${c.value}`)
      .sort()
      .join('\n');
  } catch {
    return '';
  }
}
