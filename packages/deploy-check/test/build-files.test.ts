/**
 * What the deploy test (deploy/test/run.sh) met when it first built the images and ran compose,
 * kept from coming back without running it: a build context without .dockerignore (~500 MB), a
 * `# syntax=` line that fetches a frontend from a registry, dependencies re-installed on any
 * source or docs change, compose variables podman-compose 1.0 reads otherwise than Docker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEPLOY_DIR, REPO_ROOT } from '../src/paths';

const dockerfile = (app: string) => readFileSync(join(DEPLOY_DIR, `Dockerfile.${app}`), 'utf8');
const APPS = ['gateway', 'worker', 'dashboard'];

test('.dockerignore keeps dependencies, build output, local tools, git history and secrets out of the context', () => {
  const rules = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const rule of ['**/node_modules', '**/dist', '.git', '.tools', 'deploy/.env']) expect(rules).toContain(rule);
});

test.each(APPS)('Dockerfile.%s: no syntax directive (it would pull a frontend image from a registry)', (app) => {
  expect(dockerfile(app)).not.toMatch(/^#\s*syntax\s*=/im);
});

test.each(APPS)('Dockerfile.%s: dependencies come from the lockfile before any source is copied', (app) => {
  const lines = dockerfile(app).split('\n');
  const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
  const fetch = at(/^RUN pnpm fetch\b/);
  expect(fetch).toBeGreaterThan(at(/^COPY [^\n]*pnpm-lock\.yaml/));
  for (const src of [/^COPY apps /, /^COPY packages /, /^COPY docs /]) {
    const copy = at(src);
    if (copy >= 0) expect([String(src), copy > fetch]).toEqual([String(src), true]);
  }
  // The dashboard renders docs/ at build time: a docs change must not re-install dependencies.
  if (app === 'dashboard') expect(at(/^COPY docs /)).toBeGreaterThan(at(/^RUN pnpm install /));
});

test('compose: no empty defaults, every variable listed in .env.example', () => {
  const compose = readFileSync(join(DEPLOY_DIR, 'compose.yaml'), 'utf8').replace(/^\s*#.*$/gm, '');
  // podman-compose 1.0 passes `${VAR:-}` / `${VAR-}` on literally; Docker Compose reads "".
  expect(compose).not.toMatch(/\$\{\w+:?-\}/);
  const listed = readFileSync(join(DEPLOY_DIR, '.env.example'), 'utf8')
    .split('\n')
    .map((l) => l.match(/^(\w+)=/)?.[1])
    .filter(Boolean);
  const used = [...compose.matchAll(/\$\{(\w+)/g)].map((m) => m[1]);
  expect(used.length).toBeGreaterThan(3);
  for (const name of used) expect([name, listed.includes(name)]).toEqual([name, true]);
});

test('the three build stages are the same instructions up to the build, so building all three builds once', () => {
  const upToBuild = (app: string) => {
    const lines = dockerfile(app)
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    const from = lines.findIndex((l) => / AS build$/.test(l));
    const build = lines.findIndex((l) => l.startsWith('RUN pnpm exec turbo run build'));
    expect(build).toBeGreaterThan(from);
    return lines.slice(from, build + 1);
  };
  expect(upToBuild('worker')).toEqual(upToBuild('gateway'));
  expect(upToBuild('dashboard')).toEqual(upToBuild('gateway'));
});
