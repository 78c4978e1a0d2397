/** The published shapes: the ESM and CJS builds load in plain Node and export the same API. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();

test('dist/esm is ES modules, dist/cjs CommonJS, both with types', () => {
  expect(JSON.parse(readFileSync(join(root, 'dist/esm/package.json'), 'utf8'))).toEqual({ type: 'module' });
  for (const f of ['dist/esm/index.js', 'dist/esm/index.d.ts', 'dist/cjs/index.js', 'dist/cjs/index.d.ts'])
    expect(existsSync(join(root, f))).toBe(true);
  const esm = run([
    '--input-type=module',
    '-e',
    "import * as m from '@pagemap/sdk'; console.log(Object.keys(m).sort().join(','))",
  ]);
  const cjs = run([
    '-e',
    "console.log(Object.keys(require('@pagemap/sdk')).filter((k) => k !== '__esModule').sort().join(','))",
  ]);
  expect(esm).toBe(cjs);
  expect(esm.split(',')).toEqual(
    expect.arrayContaining(['Pagemap', 'BrowserSession', 'PagemapApiError', 'SessionNotFoundError', 'RateLimitError']),
  );
  const esmClass = run([
    '--input-type=module',
    '-e',
    "import { Pagemap } from '@pagemap/sdk'; console.log(new Pagemap({ apiKey: 'k', baseUrl: 'http://x/' }).baseUrl)",
  ]);
  expect(esmClass).toBe('http://x');
});
