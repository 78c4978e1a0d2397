/**
 * Links in README.md, docs/, deploy/ and the apps' and packages' READMEs resolve inside the
 * repository (scripts/check-links.js, which the test script also runs before the suites).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../src/paths';

type LinkCheck = { brokenLinks(root?: string, files?: string[]): string[]; markdownFiles(root?: string): string[] };
// A plain Node script, shared with the test script: required, not imported.
const { brokenLinks, markdownFiles } = require(join(REPO_ROOT, 'scripts', 'check-links.js')) as LinkCheck;

test('every link of the README, docs and package READMEs resolves inside the repository', () => {
  expect(markdownFiles().length).toBeGreaterThan(30);
  expect(brokenLinks()).toEqual([]);
});

test('the check names a link out of the repository, to nothing, to a missing heading, and a cited missing path', () => {
  const root = mkdtempSync(join(tmpdir(), 'links-'));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  try {
    write('docs/b.md', '# Real heading\n');
    write(
      'README.md',
      [
        '[out](../elsewhere.md) [none](docs/missing.md) [anchor](docs/b.md#no-such) [ok](docs/b.md#real-heading)',
        'See `../shared/spec.md` and `docs/gone.md`; [site](https://example.com) is a reference.',
        '```',
        '[in a code block](nowhere.md)',
        '```',
      ].join('\n'),
    );
    expect(brokenLinks(root, ['README.md'])).toEqual([
      'README.md: ../elsewhere.md — leaves the repository',
      'README.md: docs/missing.md — resolves to nothing',
      'README.md: docs/b.md#no-such — no heading #no-such in docs/b.md',
      'README.md: `../shared/spec.md` — names a path outside the repository',
      'README.md: `docs/gone.md` — names a path that does not exist',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
