/**
 * Builds the GOV.UK Design System source: every example (fixture) the govuk-frontend package ships
 * for the components below, rendered with the package's own Nunjucks macros, one page per example,
 * inside a GET form with a "Continue" button (as a service page holds its components), with the
 * package's compiled CSS and JavaScript. Output: sources/govuk-frontend/web (generated, not
 * committed); the fixtures and macros are the package's, unchanged.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { SOURCES_DIR } from './sources';

export const GOVUK_COMPONENTS = [
  'accordion',
  'character-count',
  'checkboxes',
  'date-input',
  'details',
  'error-summary',
  'input',
  'password-input',
  'radios',
  'select',
  'tabs',
  'textarea',
] as const;

const PKG_DIST = join(dirname(require.resolve('govuk-frontend/package.json')), 'dist');
export const GOVUK_WEB = join(SOURCES_DIR, 'govuk-frontend', 'web');

interface Fixture {
  name: string;
  options: Record<string, unknown>;
  hidden?: boolean;
}

/** `with count type 'words' and value` → `with-count-type-words-and-value`. */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const macroName = (component: string) =>
  `govuk${component
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head><meta charset="utf-8"><title>${title} – GOV.UK Design System example</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/govuk-frontend.min.css"></head>
<body class="govuk-template__body">
<script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' govuk-frontend-supported' : '');</script>
<div class="govuk-width-container"><main class="govuk-main-wrapper" id="main-content">
<form method="get" action="" novalidate>
${body}
<button type="submit" class="govuk-button" data-module="govuk-button">Continue</button>
</form>
</main></div>
<script type="module">import { initAll } from '/govuk-frontend.min.js'; initAll();</script>
</body></html>
`;
}

export function buildGovuk(out = GOVUK_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG_DIST), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let pages = 0;
  for (const component of GOVUK_COMPONENTS) {
    const dir = join(PKG_DIST, 'govuk', 'components', component);
    const { fixtures } = JSON.parse(readFileSync(join(dir, 'fixtures.json'), 'utf8')) as { fixtures: Fixture[] };
    mkdirSync(join(out, component), { recursive: true });
    for (const f of fixtures.filter((x) => !x.hidden)) {
      const macro = macroName(component);
      const body = env.renderString(
        `{% from "govuk/components/${component}/macro.njk" import ${macro} %}{{ ${macro}(params) }}`,
        { params: f.options },
      );
      writeFileSync(join(out, component, `${slug(f.name)}.html`), page(`${component}: ${f.name}`, body));
      pages++;
    }
  }
  for (const file of ['govuk-frontend.min.css', 'govuk-frontend.min.js'])
    cpSync(join(PKG_DIST, 'govuk', file), join(out, file));
  cpSync(join(PKG_DIST, 'govuk', 'assets'), join(out, 'assets'), { recursive: true });
  return pages;
}

if (require.main === module) console.log(`govuk-frontend: ${buildGovuk()} example pages in ${GOVUK_WEB}`);
