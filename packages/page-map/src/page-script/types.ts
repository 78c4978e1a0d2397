/** JSON shapes exchanged with the in-page script (page-script/main.ts). Internal to this package. */

export interface RawField {
  /** Stable identity inside its group: `type:name` (or label/placeholder slug when unnamed). */
  key: string;
  /** input type, or 'select' | 'textarea' | 'contenteditable' | 'checkbox-group'. */
  type: string;
  name: string;
  id: string;
  label: string;
  /** Text next to the field when nothing labels it. */
  nearby: string;
  placeholder: string;
  autocomplete: string;
  required: boolean;
  multiple: boolean;
  /** WebMCP `toolparamdescription`. */
  paramDesc: string;
  inputmode: string;
  maxlength: number;
  pattern: string;
  options?: string[];
  optionValues?: string[];
}

export interface RawGroup {
  /** Signature: kind + field keys + submit label; with `idx` it finds the group again. */
  sig: string;
  idx: number;
  kind: 'form' | 'widget';
  toolname: string;
  tooldescription: string;
  formId: string;
  formName: string;
  action: string;
  method: string;
  role: string;
  ariaLabel: string;
  className: string;
  heading: string;
  text: string;
  submitLabel: string;
  buttons: string[];
  fields: RawField[];
  inMain: boolean;
  /** 'nav' | 'header' | 'footer' | 'aside' | 'banner' | '' */
  chrome: string;
  frame: string;
  shadow: boolean;
  hasCaptcha: boolean;
  order: number;
  /** A hidden sign-in form: the label of the control that reveals it (clicked before filling). */
  reveal?: string;
}

export interface RawButton {
  key: string;
  idx: number;
  label: string;
  inMain: boolean;
  chrome: string;
  frame: string;
  expanded: string | null;
  order: number;
}

export interface RawLink {
  text: string;
  href: string;
  inMain: boolean;
  chrome: string;
  order: number;
}

export interface RawWebMcpTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

export interface RawPage {
  url: string;
  title: string;
  lang: string;
  description: string;
  text: string;
  bodyText: string;
  htmlHead: string;
  htmlLength: number;
  groups: RawGroup[];
  buttons: RawButton[];
  links: RawLink[];
  webmcp: RawWebMcpTool[];
  captcha: boolean;
  ms: number;
}

/** The submitted sign-in form after a login submit (page-script/login-signals.ts). */
export interface LoginFormSignals {
  /** The same form is on the page again. */
  present: boolean;
  /** One of its fields is marked aria-invalid. */
  invalid: boolean;
  /** Visible error texts tied to it. */
  errors: string[];
}

export interface PageSignals {
  /** Asked for with the submitted form's identity: that form's state. */
  loginForm?: LoginFormSignals;
  url: string;
  title: string;
  password: boolean;
  otp: boolean;
  captcha: boolean;
  alerts: string[];
  text: string;
}

export interface FillField {
  key: string;
  /** Param name, for error messages (never the value). */
  param: string;
  value: string | number | boolean | string[];
}

export type PageScriptRequest =
  | { op: 'extract'; maxLinks: number; maxText: number }
  | { op: 'signals'; form?: { sig: string; idx: number; keys: string[] } }
  | { op: 'fill'; sig: string; idx: number; fields: FillField[]; submit: boolean }
  | { op: 'click'; key: string; idx: number }
  | { op: 'webmcp' };

export type PageScriptResponse =
  | { op: 'extract'; page: RawPage }
  | { op: 'signals'; signals: PageSignals }
  | { op: 'fill'; ok: true; hadCaptcha: boolean; hasPassword: boolean }
  | { op: 'fill'; ok: false; reason: 'gone' | 'field_gone'; field?: string }
  | { op: 'click'; ok: boolean }
  | { op: 'webmcp'; ok: false; error: string };
