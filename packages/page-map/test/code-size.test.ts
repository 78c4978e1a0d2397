/**
 * The package stays readable by a newcomer: no source file over 300 lines, no function (declaration,
 * expression, arrow or method) over 60 lines. Measured with the TypeScript parser, so a function
 * counts from its first line to its closing brace, comments included. The generated page-script
 * bundle is no source.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SRC = join(__dirname, '..', 'src');
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'generated') sources(path, out);
    } else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

function longFunctions(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES)
        out.push(`${relative(SRC, path)}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

test(`no source file is longer than ${MAX_FILE_LINES} lines`, () => {
  const long = sources(SRC)
    .map((p) => ({ p, lines: readFileSync(p, 'utf8').split('\n').length }))
    .filter((f) => f.lines > MAX_FILE_LINES)
    .map((f) => `${relative(SRC, f.p)} (${f.lines} lines)`);
  expect(long).toEqual([]);
});

test(`no function is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  expect(sources(SRC).flatMap(longFunctions)).toEqual([]);
});
