/**
 * Tools that read alike say where they are: two standalone boxes with the same label ("Produces:",
 * as on Date Range Picker's documentation page, one per example) each name the heading they sit
 * under; a box whose description is its own says nothing more. buildTools is pure: raw JSON.
 */
import type { RawGroup } from '../src/shared/page-script-types';
import { buildTools } from '../src/tools/build';
import { rawField, rawGroup, rawPage } from './raw-fixtures';

const field = (name: string) => rawField({ name, label: 'Produces:', hearsKeys: true });

const box = (name: string, heading: string, order: number): RawGroup =>
  rawGroup({ sig: `widget|text:${name}|`, kind: 'widget', heading, fields: [field(name)], standalone: true, order });

const page = (groups: RawGroup[]) => rawPage({ title: 'Examples', groups });

const descriptions = (groups: RawGroup[]) =>
  buildTools(page(groups))
    .filter((t) => t.tool.name.startsWith('submit_produces'))
    .map((t) => t.tool.description);

test('boxes that read alike each name the heading they sit under', () => {
  const [first, second] = descriptions([
    box('daterange', 'Date Range Picker With Times', 1),
    box('birthday', 'Single Date Picker', 2),
  ]);
  expect(first).toMatch(/ It is under "Date Range Picker With Times"\.$/);
  expect(second).toMatch(/ It is under "Single Date Picker"\.$/);
});

test('a box whose description is its own says nothing of where it is', () => {
  const [only] = descriptions([box('daterange', 'Date Range Picker With Times', 1)]);
  expect(only).toBeDefined();
  expect(only).not.toContain('It is under');
});
