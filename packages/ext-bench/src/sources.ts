/**
 * The external sources: pages and apps written by other people, each in `sources/<name>/` with its
 * LICENCE and a SOURCE.md (repository, commit, paths taken). They are served as they are: nothing
 * in them is edited to make a task pass.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const BENCH_DIR = join(__dirname, '..');
export const SOURCES_DIR = join(BENCH_DIR, 'sources');

export interface Source {
  /** Folder under `sources/`, and the `source` of its tasks. */
  name: string;
  /** What it is, for the report. */
  title: string;
  /** The folder served at the root of the source's own origin (its absolute paths must resolve). */
  webRoot: string;
  /** `/commands/actions` serves `commands/actions.html`, as the source's own dev server does. */
  cleanUrls: boolean;
}

export const SOURCES: readonly Source[] = [
  { name: 'aria-practices', title: 'WAI-ARIA Authoring Practices examples', webRoot: '.', cleanUrls: false },
  { name: 'kitchensink', title: "Cypress's kitchen-sink app", webRoot: 'app', cleanUrls: true },
  {
    name: 'howto-components',
    title: 'HowTo: Components (web components in shadow DOM)',
    webRoot: '.',
    cleanUrls: false,
  },
  { name: 'django-admin', title: "Django admin's sign-in page in 12 languages", webRoot: 'web', cleanUrls: false },
  { name: 'govuk-frontend', title: 'GOV.UK Design System (govuk-frontend examples)', webRoot: 'web', cleanUrls: false },
];

export function sourceNamed(name: string): Source {
  const s = SOURCES.find((x) => x.name === name);
  if (!s) throw new Error(`unknown source ${name}`);
  return s;
}

export const sourceDir = (s: Source) => join(SOURCES_DIR, s.name);
export const webRootOf = (s: Source) => join(sourceDir(s), s.webRoot);

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
