/**
 * Tools that read alike say where they are: two standalone boxes with the same label ("Produces:",
 * as on Date Range Picker's documentation page, one per example) each name the heading they sit
 * under; a box whose description is its own says nothing more. buildTools is pure: raw JSON.
 */
import type { RawField, RawGroup, RawPage } from '../src/shared/page-script-types';
import { buildTools } from '../src/tools/build';

const field = (name: string): RawField => ({
  key: `text:${name}`,
  type: 'text',
  name,
  id: '',
  label: 'Produces:',
  nearby: '',
  placeholder: '',
  autocomplete: '',
  required: false,
  multiple: false,
  paramDesc: '',
  inputmode: '',
  maxlength: 0,
  pattern: '',
  section: '',
  hearsKeys: true,
});

const box = (name: string, heading: string, order: number): RawGroup => ({
  sig: `widget|text:${name}|`,
  idx: 0,
  kind: 'widget',
  toolname: '',
  tooldescription: '',
  formId: '',
  formName: '',
  action: '',
  method: '',
  role: '',
  ariaLabel: '',
  className: '',
  heading,
  text: '',
  submitLabel: '',
  buttons: [],
  submitters: [],
  fields: [field(name)],
  inMain: true,
  chrome: '',
  frame: '',
  shadow: false,
  hasCaptcha: false,
  standalone: true,
  order,
});

const page = (groups: RawGroup[]): RawPage => ({
  url: 'http://127.0.0.1/',
  title: 'Examples',
  lang: 'en',
  description: '',
  text: '',
  bodyText: '',
  htmlHead: '',
  htmlLength: 0,
  groups,
  buttons: [],
  targets: [],
  overlay: null,
  links: [],
  webmcp: [],
  captcha: false,
  loading: false,
  scripts: 0,
  frameOrigins: [],
  ms: 0,
});

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
