/**
 * scripts/check-size.mjs — the repository's size check — passes on the repository as it is and
 * fails on a function one line over the limit (61 lines) or a file one line over (301 lines) in
 * any app's or package's src/; tests and build output are not measured. The failing cases run on
 * a small tree in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from '../src';

const SCRIPT = join(REPO_ROOT, 'scripts', 'check-size.mjs');

function check(root: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A function of exactly `lines` lines, its first and last line included. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`);
  return [`export function ${name}(): void {`, ...body, '}', ''].join('\n');
}

test('the repository as it is passes', () => {
  const r = check(REPO_ROOT);
  expect(r.out).toContain(' 0 problem(s)');
  expect(r.code).toBe(0);
});

describe('a small tree', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'check-size-'));
    write('apps/worker/src/short.ts', functionOf('sixty', 60));
    write('packages/queue/src/file.ts', 'export const a = 1;\n'.repeat(300));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('functions of 60 lines and files of 300 lines pass', () => {
    const r = check(root);
    expect(r.out).toContain('2 files, 0 problem(s)');
    expect(r.code).toBe(0);
  });

  test('a 61-line function fails, named with its file and line', () => {
    write('apps/gateway/src/long.ts', `// a comment\n${functionOf('tooLong', 61)}`);
    const r = check(root);
    expect(r.out).toContain('apps/gateway/src/long.ts:2: tooLong is 61 lines');
    expect(r.code).toBe(1);
  });

  test('a 61-line arrow function or method fails too', () => {
    const arrow = functionOf('x', 61).replace('export function x(): void {', 'export const arrow = (): void => {');
    const method = `export class C {\n${functionOf('m', 61).replace('export function m(): void {', 'm(): void {')}}\n`;
    write('packages/sdk/src/arrow.ts', arrow);
    write('packages/sdk/src/method.ts', method);
    const r = check(root);
    expect(r.out).toContain('packages/sdk/src/arrow.ts:1: arrow is 61 lines');
    expect(r.out).toContain('packages/sdk/src/method.ts:2: m is 61 lines');
    expect(r.code).toBe(1);
  });

  test('a 301-line file fails', () => {
    write('packages/queue/src/file.ts', 'export const a = 1;\n'.repeat(301));
    const r = check(root);
    expect(r.out).toContain('packages/queue/src/file.ts: 301 lines');
    expect(r.code).toBe(1);
  });

  test('tests, build output and generated code are not measured', () => {
    write('apps/worker/test/long.test.ts', functionOf('longTest', 200));
    write('apps/worker/dist/long.js', functionOf('built', 200));
    write('packages/page-map/src/generated/bundle.ts', functionOf('bundled', 200));
    expect(check(root).code).toBe(0);
  });
});
