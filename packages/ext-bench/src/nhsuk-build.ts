/**
 * Builds the NHS.UK design system source: every example (fixture) the nhsuk-frontend package ships
 * for the form components below, rendered with the package's own Nunjucks macros, one page per
 * example, inside a GET form with a "Continue" button, with the package's compiled CSS and
 * JavaScript, initialised with `initAll()`. Output: sources/nhsuk-frontend/web (generated, not
 * committed); the fixtures and macros are the package's, unchanged. Same shape as govuk-build.ts:
 * nhsuk-frontend's fixtures carry the macro's params in `context` and a `description` that tells
 * apart examples of the same name.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { slug } from './govuk-build';
import { SOURCES_DIR } from './sources';

export const NHSUK_COMPONENTS = [
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

const PKG_DIST = join(dirname(require.resolve('nhsuk-frontend/package.json')), 'dist');
export const NHSUK_WEB = join(SOURCES_DIR, 'nhsuk-frontend', 'web');

interface Fixture {
  name: string;
  description?: string;
  context: Record<string, unknown>;
  hidden?: boolean;
}

/** `character-count` → `characterCount`, the macro's name in its macro.njk. */
const macroName = (component: string) => component.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The page name of an example: its name, and its description when it has one (`default` / `default, small`). */
export const exampleSlug = (f: { name: string; description?: string }) =>
  slug(f.description ? `${f.name} ${f.description}` : f.name);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title} – NHS.UK design system example</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/nhsuk-frontend.min.css"></head>
<body>
<script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' nhsuk-frontend-supported' : '');</script>
<div class="nhsuk-width-container"><main class="nhsuk-main-wrapper" id="maincontent">
<form method="get" action="" novalidate>
${body}
<button type="submit" class="nhsuk-button" data-module="nhsuk-button">Continue</button>
</form>
</main></div>
<script type="module">import { initAll } from '/nhsuk-frontend.min.js'; initAll();</script>
</body></html>
`;
}

export function buildNhsuk(out = NHSUK_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(PKG_DIST), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  let pages = 0;
  for (const component of NHSUK_COMPONENTS) {
    const dir = join(PKG_DIST, 'nhsuk', 'components', component);
    const { fixtures } = JSON.parse(readFileSync(join(dir, 'fixtures.json'), 'utf8')) as { fixtures: Fixture[] };
    mkdirSync(join(out, component), { recursive: true });
    for (const f of fixtures.filter((x) => !x.hidden)) {
      const macro = macroName(component);
      const body = env.renderString(
        `{% from "nhsuk/components/${component}/macro.njk" import ${macro} %}{{ ${macro}(params) }}`,
        { params: f.context },
      );
      const title = `${component}: ${f.name}${f.description ? `, ${f.description}` : ''}`;
      writeFileSync(join(out, component, `${exampleSlug(f)}.html`), page(title, body));
      pages++;
    }
  }
  for (const file of ['nhsuk-frontend.min.css', 'nhsuk-frontend.min.js'])
    cpSync(join(PKG_DIST, 'nhsuk', file), join(out, file));
  cpSync(join(PKG_DIST, 'nhsuk', 'assets'), join(out, 'assets'), { recursive: true });
  return pages;
}

if (require.main === module) console.log(`nhsuk-frontend: ${buildNhsuk()} example pages in ${NHSUK_WEB}`);
