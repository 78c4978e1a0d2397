/**
 * Raw page-script output as plain JSON, for the pure stages (tool building, purpose recognition)
 * tested without a browser: every required field at its empty value, a test overriding what it is
 * about.
 */
import type { RawField, RawGroup, RawLink, RawPage } from '../src/shared/page-script-types';

export const rawField = (over: Partial<RawField> = {}): RawField => ({
  key: `${over.type ?? 'text'}:${over.name ?? ''}`,
  type: 'text',
  name: '',
  id: '',
  label: '',
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
  ...over,
});

export const rawGroup = (over: Partial<RawGroup> = {}): RawGroup => ({
  sig: 's',
  idx: 0,
  kind: 'form',
  toolname: '',
  tooldescription: '',
  formId: '',
  formName: '',
  action: '',
  method: '',
  role: '',
  ariaLabel: '',
  className: '',
  heading: '',
  text: '',
  submitLabel: '',
  buttons: [],
  submitters: [],
  fields: [],
  inMain: true,
  chrome: '',
  frame: '',
  shadow: false,
  hasCaptcha: false,
  order: 0,
  ...over,
});

export const rawLink = (text: string): RawLink => ({
  text,
  href: `http://127.0.0.1/${text}`,
  inMain: true,
  chrome: '',
  order: 0,
});

export const rawPage = (over: Partial<RawPage> = {}): RawPage => ({
  url: 'http://127.0.0.1/',
  title: '',
  lang: 'en',
  description: '',
  text: '',
  bodyText: '',
  htmlHead: '',
  htmlLength: 0,
  groups: [],
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
  ...over,
});
