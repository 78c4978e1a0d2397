/**
 * GOV.UK Frontend examples as the govuk-frontend npm package ships them: a component's example
 * (an entry of its fixtures.json) rendered with the package's own Nunjucks macro, one page per
 * example, inside a GET form with a "Continue" button (as a service page holds its components),
 * with the package's compiled CSS and JavaScript. Rendered into a temporary folder at test time;
 * nothing of it is kept in the repository.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';

const PKG_DIST = join(dirname(require.resolve('govuk-frontend/package.json')), 'dist');

interface Fixture {
  name: string;
  options: Record<string, unknown>;
}

/** `with pattern attribute` → `with-pattern-attribute`. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `date-input` → `govukDateInput`, the macro the component's macro.njk exports. */
const macroName = (component: string) =>
  `govuk${component
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head><meta charset="utf-8"><title>${title} – GOV.UK Design System example</title>
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

/**
 * Renders the named examples of one component into out/<component>/<example slug>.html and copies
 * the package's CSS and JavaScript beside them. Returns each page's path on the site.
 */
export function renderGovukExamples(out: string, component: string, names: string[]): string[] {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG_DIST), { autoescape: true });
  const file = join(PKG_DIST, 'govuk', 'components', component, 'fixtures.json');
  const { fixtures } = JSON.parse(readFileSync(file, 'utf8')) as { fixtures: Fixture[] };
  mkdirSync(join(out, component), { recursive: true });
  const paths = names.map((name) => {
    const f = fixtures.find((x) => x.name === name);
    if (!f) throw new Error(`govuk-frontend ${component} has no example "${name}"`);
    const macro = macroName(component);
    const body = env.renderString(
      `{% from "govuk/components/${component}/macro.njk" import ${macro} %}{{ ${macro}(params) }}`,
      { params: f.options },
    );
    writeFileSync(join(out, component, `${slug(name)}.html`), page(`${component}: ${name}`, body));
    return `/${component}/${slug(name)}.html`;
  });
  for (const asset of ['govuk-frontend.min.css', 'govuk-frontend.min.js'])
    cpSync(join(PKG_DIST, 'govuk', asset), join(out, asset));
  return paths;
}
