/**
 * GOV.UK Frontend examples as the govuk-frontend npm package ships them: a component's example
 * (an entry of its fixtures.json) rendered with the package's own Nunjucks macro, one page per
 * example, inside a GET form with a "Continue" button, with the package's compiled CSS and
 * JavaScript — made by the same helper as the external benchmark's pages. Rendered into a
 * temporary folder at test time; nothing of it is kept in the repository.
 */
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { govukDesignSystem, govukNaming, readFixtures, renderExamples } from '@pagemap/test-utils';

const GOVUK = govukDesignSystem(join(dirname(require.resolve('govuk-frontend/package.json')), 'dist'));

/**
 * Renders the named examples of one component into out/<component>/<example slug>.html and copies
 * the package's CSS and JavaScript beside them. Returns each page's path on the site.
 */
export function renderGovukExamples(out: string, component: string, names: string[]): string[] {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(GOVUK.dist), { autoescape: true });
  const fixtures = names.map((name) => {
    const f = readFixtures(GOVUK, component).find((x) => x.name === name);
    if (!f) throw new Error(`govuk-frontend ${component} has no example "${name}"`);
    return f;
  });
  const pages = renderExamples(GOVUK, env, out, component, fixtures, govukNaming);
  for (const asset of ['govuk-frontend.min.css', 'govuk-frontend.min.js'])
    cpSync(join(GOVUK.dist, 'govuk', asset), join(out, asset));
  return pages.map((p) => `/${p.path}`);
}
