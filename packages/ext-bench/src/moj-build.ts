/**
 * Builds the Ministry of Justice design system source: the examples of moj-examples.ts rendered
 * with the @ministryofjustice/frontend package's own Nunjucks macros (which build on
 * govuk-frontend's, its peer dependency), one page per example, inside a GET form with a
 * "Continue" button unless the component has its own form, with both packages' compiled CSS and
 * the MoJ package's JavaScript (which initialises the GOV.UK components too). Output:
 * sources/moj-frontend/web (generated, not committed).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nunjucks from 'nunjucks';
import { slug } from './govuk-build';
import { MOJ_EXAMPLES, type MojExample } from './moj-examples';
import { SOURCES_DIR } from './sources';

const MOJ_PKG = dirname(require.resolve('@ministryofjustice/frontend/package.json'));
const GOVUK_DIST = join(dirname(require.resolve('govuk-frontend/package.json')), 'dist');
export const MOJ_WEB = join(SOURCES_DIR, 'moj-frontend', 'web');

function page(title: string, body: string, ownForm: boolean): string {
  const content = ownForm
    ? body
    : `<form method="get" action="" novalidate>
${body}
<button type="submit" class="govuk-button" data-module="govuk-button">Continue</button>
</form>`;
  return `<!DOCTYPE html>
<html lang="en" class="govuk-template">
<head><meta charset="utf-8"><title>${title} – Ministry of Justice design system example</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/govuk-frontend.min.css">
<link rel="stylesheet" href="/moj-frontend.min.css"></head>
<body class="govuk-template__body">
<script>document.body.className += ' js-enabled' + ('noModule' in HTMLScriptElement.prototype ? ' govuk-frontend-supported' : '');</script>
<div class="govuk-width-container"><main class="govuk-main-wrapper" id="main-content">
${content}
</main></div>
<script type="module">
import { initAll as govukInitAll } from '/govuk-frontend.min.js';
import { initAll } from '/moj-frontend.min.js';
govukInitAll();
initAll();
</script>
</body></html>
`;
}

export const mojPagePath = (e: Pick<MojExample, 'component' | 'name'>) => `${e.component}/${slug(e.name)}.html`;

export function buildMoj(out = MOJ_WEB): number {
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader([MOJ_PKG, GOVUK_DIST]), { autoescape: true });
  rmSync(out, { recursive: true, force: true });
  for (const e of MOJ_EXAMPLES) {
    const body = env.renderString(
      `{% from "moj/components/${e.component}/macro.njk" import ${e.macro} %}{{ ${e.macro}(params) }}`,
      { params: e.params },
    );
    mkdirSync(join(out, e.component), { recursive: true });
    writeFileSync(join(out, mojPagePath(e)), page(`${e.component}: ${e.name}`, body, e.ownForm ?? false));
  }
  cpSync(join(MOJ_PKG, 'moj', 'moj-frontend.min.css'), join(out, 'moj-frontend.min.css'));
  cpSync(join(MOJ_PKG, 'moj', 'moj-frontend.min.js'), join(out, 'moj-frontend.min.js'));
  cpSync(join(MOJ_PKG, 'moj', 'assets'), join(out, 'assets'), { recursive: true });
  // govuk-frontend's CSS asks for its fonts and images at /assets/.
  cpSync(join(GOVUK_DIST, 'govuk', 'assets'), join(out, 'assets'), { recursive: true });
  for (const file of ['govuk-frontend.min.css', 'govuk-frontend.min.js'])
    cpSync(join(GOVUK_DIST, 'govuk', file), join(out, file));
  return MOJ_EXAMPLES.length;
}

if (require.main === module) console.log(`moj-frontend: ${buildMoj()} example pages in ${MOJ_WEB}`);
