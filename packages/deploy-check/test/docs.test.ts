/**
 * docs/ against the code: errors.md lists every error and tool-error code; configuration.md
 * lists every environment variable of the gateway, worker, launcher, MCP server and dashboard (from their
 * zod env schemas) and names no variable that none of them has.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, TOOL_ERROR_CODES } from '@pagemap/contracts';
import { GatewayEnvSchema } from '@pagemap/gateway/dist/env';
import { WorkerEnvSchema } from '@pagemap/worker/dist/env';
import { StackEnvSchema } from '@pagemap/stack/dist/env';
import { McpEnvSchema } from '@pagemap/mcp/dist/env';
import { DashboardEnvVars } from '@pagemap/dashboard/dist/env';
import { DOCS_DIR } from '../src/paths';

const read = (name: string) => readFileSync(join(DOCS_DIR, name), 'utf8');

type Schema = unknown;

function keysOf(schema: Schema): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('env schema is not an object schema');
  return Object.keys(shape);
}

test('docs/errors.md lists every request error code and every tool error code', () => {
  const text = read('errors.md');
  const missing = [...Object.keys(ERROR_CODES), ...Object.keys(TOOL_ERROR_CODES)].filter(
    (c) => !text.includes(`\`${c}\``),
  );
  expect(missing).toEqual([]);
  for (const [code, info] of Object.entries(ERROR_CODES))
    expect(text).toMatch(new RegExp(`\\| \`${code}\` \\| ${info.status} \\|`));
});

test('docs/configuration.md lists every environment variable of every process, and no other', () => {
  const text = read('configuration.md');
  const schemas = {
    gateway: GatewayEnvSchema,
    worker: WorkerEnvSchema,
    stack: StackEnvSchema,
    mcp: McpEnvSchema,
    dashboard: DashboardEnvVars,
  } as Record<string, Schema>;
  const all = new Set<string>();
  const missing: string[] = [];
  for (const [app, schema] of Object.entries(schemas)) {
    for (const key of keysOf(schema)) {
      all.add(key);
      if (!text.includes(`| \`${key}\` |`)) missing.push(`${app}: ${key}`);
    }
  }
  expect(missing).toEqual([]);
  const documented = [...text.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
  expect(documented.filter((k) => !all.has(k))).toEqual([]);
});

test('docs/configuration.md lists each variable once per process (no duplicated rows in a table)', () => {
  const text = read('configuration.md');
  // One section (## heading) per process; a variable several processes read appears once in each.
  const sections = text.split(/^## /m);
  expect(sections.length).toBeGreaterThanOrEqual(4);
  const duplicated: string[] = [];
  for (const section of sections) {
    const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
    for (const [i, k] of rows.entries()) if (rows.indexOf(k) !== i) duplicated.push(`${section.split('\n')[0]}: ${k}`);
  }
  expect(duplicated).toEqual([]);
});

test('every doc the README and issue name exists', () => {
  for (const f of [
    'quickstart.md',
    'api.md',
    'errors.md',
    'concepts.md',
    'architecture.md',
    'configuration.md',
    'operations.md',
    'openapi.json',
  ])
    expect([f, existsSync(join(DOCS_DIR, f))]).toEqual([f, true]);
});
