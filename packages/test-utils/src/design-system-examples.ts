/**
 * Design-system examples as their npm packages ship them: a component's examples are data (the
 * entries of its `fixtures.json`) plus the Nunjucks macro that renders them. This renders chosen
 * examples with the package's own macro, one page per example, inside a GET form with a
 * "Continue" button (as a service page holds its components), with the package's compiled CSS and
 * JavaScript. Used by the external benchmark's builds (GOV.UK, NHS.UK, The National Archives) and
 * by page-map's tests on external pages, so that the pages they measure are made the same way.
 *
 * Nunjucks itself stays the caller's dependency: the caller passes an environment whose loader
 * finds the package's macros.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What renders a template string: a Nunjucks `Environment` whose loader finds the macros. */
export interface TemplateRenderer {
  renderString(src: string, context: object): string;
}

/** How one design system's package is laid out and how its service pages look. */
export interface DesignSystem {
  /** For page titles: `GOV.UK Design System`. */
  name: string;
  /** The package's folder that holds `<folder>/components/<component>/` (its dist). */
  dist: string;
  /** `govuk`: the folder under dist, and the prefix of its class names. */
  folder: string;
  /** Prefix of the page shell's class names, when it differs from the folder (`tna`). */
  classPrefix?: string;
  /** The key of a fixture that holds the macro's params: GOV.UK's `options`, NHS.UK's `context`. */
  paramsKey: 'options' | 'context';
  /** `date-input` → `govukDateInput`: the macro the component's macro.njk exports. */
  macroName(component: string): string;
  /** Extra classes of `<html>` and `<body>` (GOV.UK's template has them; NHS.UK's has none). */
  htmlClass?: string;
  bodyClass?: string;
  /** Added to `<body>` where ES modules run (GOV.UK's `govuk-frontend-supported`); `<folder>-frontend-supported` by default. */
  supportedClass?: string;
  /** The id of `<main>` (its skip links point there). */
  mainId: string;
  /** Files at the site's root: the stylesheets, and the ES module that exports `initAll`. */
  css: string[];
  js: string;
  /**
   * When `js` is a classic script that sets a global instead of a module (The National Archives'
   * bundle sets `TNAFrontend`): that global's name, whose `initAll()` is called.
   */
  jsGlobal?: string;
}

/** One entry of a component's fixtures.json. */
export interface Fixture {
  name: string;
  description?: string;
  options?: Record<string, unknown>;
  context?: Record<string, unknown>;
  hidden?: boolean;
}

/** `with count type 'words' and value` → `with-count-type-words-and-value`. */
export const exampleSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The examples a component ships (hidden ones, kept for the package's own tests, left out). */
export function readFixtures(ds: DesignSystem, component: string): Fixture[] {
  const file = join(ds.dist, ds.folder, 'components', component, 'fixtures.json');
  const { fixtures } = JSON.parse(readFileSync(file, 'utf8')) as { fixtures: Fixture[] };
  return fixtures.filter((f) => !f.hidden);
}

/** Loads the design system's JavaScript and runs its `initAll()`, as its own templates do. */
const initScript = (ds: DesignSystem) =>
  ds.jsGlobal
    ? `<script src="/${ds.js}"></script>\n<script>${ds.jsGlobal}.initAll();</script>`
    : `<script type="module">import { initAll } from '/${ds.js}'; initAll();</script>`;

/** The page of one example: the rendered component inside a service page's form. */
export function servicePage(ds: DesignSystem, title: string, body: string): string {
  const p = ds.classPrefix ?? ds.folder;
  const htmlClass = ds.htmlClass ? ` class="${ds.htmlClass}"` : '';
  const bodyClass = ds.bodyClass ? ` class="${ds.bodyClass}"` : '';
  const supported = ds.supportedClass ?? `${ds.folder}-frontend-supported`;
  const links = ds.css.map((f) => `<link rel="stylesheet" href="/${f}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="en"${htmlClass}>
<head><meta charset="utf-8"><title>${title} – ${ds.name} example</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${links}</head>
<body${bodyClass}>
<script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' ${supported}' : '');</script>
<div class="${p}-width-container"><main class="${p}-main-wrapper" id="${ds.mainId}">
<form method="get" action="" novalidate>
${body}
<button type="submit" class="${p}-button" data-module="${p}-button">Continue</button>
</form>
</main></div>
${initScript(ds)}
</body></html>
`;
}

export interface RenderedExample {
  fixture: Fixture;
  /** The page's path on the site, without the leading slash: `date-input/default.html`. */
  path: string;
}

/**
 * Renders the given examples of one component into `out/<component>/<slug>.html` with the
 * package's own macro. `slugOf` names each page (a fixture's name, or name and description when
 * names repeat); `titleOf` gives its title.
 */
export function renderExamples(
  ds: DesignSystem,
  env: TemplateRenderer,
  out: string,
  component: string,
  fixtures: Fixture[],
  naming: { slugOf: (f: Fixture) => string; titleOf: (f: Fixture) => string },
): RenderedExample[] {
  const macro = ds.macroName(component);
  const template = `{% from "${ds.folder}/components/${component}/macro.njk" import ${macro} %}{{ ${macro}(params) }}`;
  mkdirSync(join(out, component), { recursive: true });
  return fixtures.map((fixture) => {
    const body = env.renderString(template, { params: fixture[ds.paramsKey] ?? {} });
    const path = `${component}/${naming.slugOf(fixture)}.html`;
    writeFileSync(join(out, path), servicePage(ds, `${component}: ${naming.titleOf(fixture)}`, body));
    return { fixture, path };
  });
}

/** `date-input` → `DateInput`. */
const pascal = (component: string) =>
  component
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** GOV.UK Frontend, with the dist folder of the caller's govuk-frontend package. */
export const govukDesignSystem = (dist: string): DesignSystem => ({
  name: 'GOV.UK Design System',
  dist,
  folder: 'govuk',
  paramsKey: 'options',
  macroName: (component) => `govuk${pascal(component)}`,
  htmlClass: 'govuk-template',
  bodyClass: 'govuk-template__body',
  mainId: 'main-content',
  css: ['govuk-frontend.min.css'],
  js: 'govuk-frontend.min.js',
});

/** GOV.UK's page names: the example's name (`with hint` → `with-hint.html`). */
export const govukNaming = { slugOf: (f: Fixture) => exampleSlug(f.name), titleOf: (f: Fixture) => f.name };

/** The National Archives' frontend, with the root folder of the caller's @nationalarchives/frontend package. */
export const tnaDesignSystem = (root: string): DesignSystem => ({
  name: 'The National Archives design system',
  dist: root,
  folder: 'nationalarchives',
  classPrefix: 'tna',
  paramsKey: 'options',
  macroName: (component) => `tna${pascal(component)}`,
  htmlClass: 'tna-template',
  bodyClass: 'tna-template__body',
  mainId: 'main-content',
  css: ['all.css'],
  // Its ES module imports files of the package the page does not serve; its bundle sets a global.
  js: 'all.js',
  jsGlobal: 'TNAFrontend',
});
