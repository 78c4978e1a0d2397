/**
 * A link inside a frame loads in its own frame: follow_link clicks it, so the page loads where a
 * person's click loads it and the frameset stays; a link of the top page still loads over the
 * page. (A link whose target names another frame, a frameset's table of contents, is not yet
 * followed into that frame: see ext-bench's sel-click-frames-target.) (The external pages that needed it, Selenium's framesets,
 * are in ext-bench.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { openExternal, useExternalEnv } from './external-env';

const doc = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function writeSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-frame-links-'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="en"><head><title>Manual</title></head>
<frameset cols="30%,70%"><frame name="toc" src="toc.html"><frame name="content" src="intro.html"></frameset></html>`,
    'toc.html': doc(
      'Contents',
      '<h1>Contents</h1><ul><li><a href="intro.html" target="content">Introduction</a></li><li><a href="setup.html" target="content">Setting up</a></li></ul>',
    ),
    'intro.html': doc('Introduction', '<h1>Introduction</h1><p>Read on: <a href="next.html">the next part</a>.</p>'),
    'setup.html': doc('Setting up', '<h1>Setting up</h1><p>Install it.</p>'),
    'next.html': doc('Next part', '<h1>Next part</h1>'),
    'plain.html': doc(
      'Plain',
      '<h1>Plain</h1><p><a href="setup.html">Setting up</a></p><iframe src="intro.html" name="box" width="400" height="200"></iframe>',
    ),
  };
  for (const [name, html] of Object.entries(files)) writeFileSync(join(dir, name), html);
  return dir;
}

const site = writeSite();
afterAll(() => rmSync(site, { recursive: true, force: true }));
const env = useExternalEnv(site);

const frameAt = async (page: Page, name: string): Promise<string> =>
  page.evaluate((n) => {
    const f = document.querySelector(`frame[name="${n}"],iframe[name="${n}"]`) as HTMLIFrameElement | null;
    return f?.contentWindow?.location.pathname ?? '';
  }, name);

test('a link inside a frame loads in its own frame', async () => {
  const p = await openExternal(env(), '/index.html');
  try {
    const out = await p.run('follow_link', { link: 'the next part' });
    expect(out.result.success).toBe(true);
    await p.page.waitForFunction(
      () => (document.querySelector('frame[name=content]') as HTMLFrameElement)?.contentDocument?.title === 'Next part',
    );
    expect(await frameAt(p.page, 'content')).toBe('/next.html');
    expect(await frameAt(p.page, 'toc')).toBe('/toc.html');
    expect(new URL(p.page.url()).pathname).toBe('/index.html');
  } finally {
    await p.close();
  }
});

test('a link of the top page beside a frame still loads over the page', async () => {
  const p = await openExternal(env(), '/plain.html');
  try {
    const out = await p.run('follow_link', { link: 'Setting up' });
    expect(out.result.success).toBe(true);
    expect(out.navigated).toBe(true);
    expect(new URL(p.page.url()).pathname).toBe('/setup.html');
  } finally {
    await p.close();
  }
});
