/**
 * Builds the U.S. Web Design System source: the HTML templates its npm package (`@uswds/uswds`)
 * ships for its own component tests (`packages/usa-<component>/src/test/*.template.html`), each
 * put unchanged into a page that loads the package's compiled `uswds.min.css` and `uswds.min.js`
 * (which starts every component on the page, as its tests start them on the body). The templates
 * of a component's invalid markup (`invalid-template-*`: pages that make it throw) are left out.
 * Output: sources/uswds/web (generated, not committed); the package's `dist/` is served at /dist/.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SOURCES_DIR } from './sources';

/** The package's folder: its exports name no package.json; its main script is `dist/js/uswds.min.js`. */
export const USWDS_PKG = join(dirname(require.resolve('@uswds/uswds')), '..', '..');
export const USWDS_WEB = join(SOURCES_DIR, 'uswds', 'web');

export interface UswdsTemplate {
  /** `usa-combo-box` */
  component: string;
  /** `combo-box-default-value`, or `template` for a component's one test page. */
  name: string;
  file: string;
}

export function uswdsTemplates(): UswdsTemplate[] {
  const root = join(USWDS_PKG, 'packages');
  const out: UswdsTemplate[] = [];
  for (const component of readdirSync(root)
    .filter((d) => d.startsWith('usa-'))
    .sort()) {
    const dir = join(root, component, 'src', 'test');
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue; // a component without test pages
    }
    for (const f of files.sort()) {
      if (!f.endsWith('template.html') || f.startsWith('invalid-')) continue;
      const name = f === 'template.html' ? 'template' : f.replace(/\.template\.html$/, '');
      out.push({ component, name, file: join(dir, f) });
    }
  }
  return out;
}

export const uswdsPagePath = (t: Pick<UswdsTemplate, 'component' | 'name'>) => `${t.component}/${t.name}.html`;

function page(t: UswdsTemplate): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${t.component}: ${t.name} – U.S. Web Design System example</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/dist/css/uswds.min.css"></head>
<body>
<main class="grid-container" id="main-content">
${readFileSync(t.file, 'utf8')}
</main>
<script src="/dist/js/uswds.min.js"></script>
</body></html>
`;
}

export function buildUswds(out = USWDS_WEB): number {
  rmSync(out, { recursive: true, force: true });
  const templates = uswdsTemplates();
  for (const t of templates) {
    mkdirSync(join(out, t.component), { recursive: true });
    writeFileSync(join(out, uswdsPagePath(t)), page(t));
  }
  return templates.length;
}

if (require.main === module) console.log(`uswds: ${buildUswds()} example pages in ${USWDS_WEB}`);
