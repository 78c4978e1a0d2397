/**
 * The National Archives' frontend examples as the @nationalarchives/frontend npm package ships
 * them (fixtures.json with the package's own Nunjucks macros), made by the same helper as the
 * external benchmark's pages. Rendered into a temporary folder at test time; nothing of it is kept
 * in the repository.
 */
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { govukNaming, readFixtures, renderExamples, tnaDesignSystem } from '@pagemap/test-utils';

// The package exports only its main script, nationalarchives/all.js: its root is two levels up.
const TNA = tnaDesignSystem(dirname(dirname(require.resolve('@nationalarchives/frontend'))));

/** Renders the named examples of one component and copies the package's CSS and script beside them; returns their paths. */
export function renderTnaExamples(out: string, component: string, names: string[]): string[] {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(TNA.dist), { autoescape: true });
  const fixtures = names.map((name) => {
    const f = readFixtures(TNA, component).find((x) => x.name === name);
    if (!f) throw new Error(`@nationalarchives/frontend ${component} has no example "${name}"`);
    return f;
  });
  const pages = renderExamples(TNA, env, out, component, fixtures, govukNaming);
  for (const asset of ['all.css', 'all.js']) cpSync(join(TNA.dist, 'nationalarchives', asset), join(out, asset));
  return pages.map((p) => `/${p.path}`);
}
