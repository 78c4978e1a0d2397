/**
 * Where each external source's files are (the list itself: source-list.ts): the file a request
 * path names, served from the source's web root or its allowlist of system paths, and the check
 * that every source keeps its licence and provenance note.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { SOURCES, SOURCES_DIR, type Source } from './source-list';
import { isFile, resolveFileSync } from './resolve';

export { BENCH_DIR, SOURCES, SOURCES_DIR, type Source } from './source-list';

export function sourceNamed(name: string): Source {
  const s = SOURCES.find((x) => x.name === name);
  if (!s) throw new Error(`unknown source ${name}`);
  return s;
}

export const sourceDir = (s: Source) => join(SOURCES_DIR, s.name);
export const webRootOf = (s: Source) =>
  s.npmPackage
    ? join(dirname(require.resolve(`${s.npmPackage}/package.json`)), s.webRoot)
    : isAbsolute(s.webRoot)
      ? s.webRoot
      : join(sourceDir(s), s.webRoot);

/** A path the source's allowlist of system paths serves: its file, or null (allowed, no such file); undefined: not listed. */
function systemFile(s: Source, pathname: string): string | null | undefined {
  for (const [prefix, target] of Object.entries(s.systemPaths ?? {})) {
    if (!prefix.endsWith('/')) {
      if (pathname === prefix) return isFile(target) ? target : null;
    } else if (pathname.startsWith(prefix)) {
      return resolveFileSync(target, pathname.slice(prefix.length), false) ?? null;
    }
  }
  return undefined;
}

/**
 * The file of the source a request path names, unless the source leaves it out (`/todo` and
 * `/todo.html` alike: the check is on the file, after clean URLs resolved).
 */
export function sourceFile(s: Source, pathname: string): string | undefined {
  const system = systemFile(s, pathname);
  if (system !== undefined) return system ?? undefined;
  const root = webRootOf(s);
  const file = resolveFileSync(root, pathname, s.cleanUrls);
  if (!file) return undefined;
  const rel = relative(root, file).split(sep).join('/');
  return (s.excluded ?? []).some((x) => rel === x || rel.startsWith(`${x}/`)) ? undefined : file;
}

/** Every source has its licence and its provenance note next to the files. */
export function missingProvenance(): string[] {
  const out: string[] = [];
  for (const s of SOURCES) {
    const dir = sourceDir(s);
    if (!['LICENCE', 'LICENCE.md', 'LICENCE.txt'].some((f) => existsSync(join(dir, f)))) out.push(`${s.name}: LICENCE`);
    if (!existsSync(join(dir, 'SOURCE.md'))) out.push(`${s.name}: SOURCE.md`);
  }
  return out;
}
