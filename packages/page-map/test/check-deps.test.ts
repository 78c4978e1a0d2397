/**
 * The repository's dependency check (scripts/check-deps.mjs, rules in docs/architecture.md):
 * clean on the repository as it is, and failing when the page-script fence is crossed, a package
 * imports an app, or an import reaches into an app's build output. The failing cases run on a
 * small tree in a temporary folder that carries the repository's own table.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');
const SCRIPT = join(REPO, 'scripts', 'check-deps.mjs');

function check(root: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

test('the repository as it is passes', () => {
  const r = check(REPO);
  expect(r.out).toContain('0 problem(s)');
  expect(r.code).toBe(0);
});

describe('a tree with the repository table', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'check-deps-'));
    write('docs/architecture.md', '');
    copyFileSync(join(REPO, 'docs', 'architecture.md'), join(root, 'docs', 'architecture.md'));
    write('packages/page-map/package.json', JSON.stringify({ name: '@pagemap/page-map' }));
    write('apps/worker/package.json', JSON.stringify({ name: '@pagemap/worker' }));
    write('bench/package.json', JSON.stringify({ name: '@pagemap/bench' }));
    write('packages/page-map/src/run-tool.ts', 'export const runTool = 1;\n');
    write('packages/page-map/src/shared/slug.ts', 'export const slug = 1;\n');
    write('packages/page-map/src/page-script/dom.ts', 'export const dom = 1;\n');
    write('apps/worker/src/browser/egress-proxy.ts', 'export const EgressProxy = 1;\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('a page-script module that imports only the page script and the shared module passes', () => {
    write(
      'packages/page-map/src/page-script/fill.ts',
      "import { dom } from './dom';\nimport { slug } from '../shared/slug';\n",
    );
    expect(check(root).code).toBe(0);
  });

  test('a page-script module that imports Node-side code fails, naming the file and the import', () => {
    write(
      'packages/page-map/src/page-script/fill.ts',
      "import { dom } from './dom';\nimport {\n  runTool,\n} from '../run-tool';\n",
    );
    const r = check(root);
    expect(r.code).toBe(1);
    expect(r.out).toContain("packages/page-map/src/page-script/fill.ts: imports '../run-tool'");
  });

  test('a package that imports an app fails', () => {
    write('packages/page-map/src/worker-link.ts', "import type { EgressProxy } from '@pagemap/worker';\n");
    const r = check(root);
    expect(r.code).toBe(1);
    expect(r.out).toContain('packages/page-map may not import apps/worker');
  });

  test("an import of an app's build output fails", () => {
    write('bench/src/proxy.ts', "import { EgressProxy } from '@pagemap/worker/dist/browser/egress-proxy';\n");
    const r = check(root);
    expect(r.code).toBe(1);
    expect(r.out).toContain("bench/src/proxy.ts: imports '@pagemap/worker/dist/browser/egress-proxy'");
  });
});
