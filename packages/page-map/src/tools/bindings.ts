/** What a tool is bound to on the page: how run-tool finds the form, button, links or WebMCP tool again. */
import type { Tool } from '@pagemap/contracts';
import type { ToolBinding } from '../types';

export type ToolParam = Tool['params'][number];
export type ParamType = NonNullable<ToolParam['type']>;

export type Purpose = 'login' | 'search' | 'sign_up' | 'verify_code' | 'other';

export interface FieldBinding {
  param: string;
  key: string;
  type: ParamType | 'checkbox-group';
  required: boolean;
  options?: string[];
  optionValues?: string[];
  multiple?: boolean;
  /** The control's own type (input type, 'select', 'textarea' …): how its value is parsed and entered. */
  inputType?: string;
}

export interface FormBinding extends ToolBinding {
  kind: 'form';
  purpose: Purpose;
  sig: string;
  idx: number;
  fields: FieldBinding[];
  /** Login with a username step only: the password goes into the next step's form. */
  twoStep: boolean;
  /** Declared through WebMCP attributes. */
  declared: boolean;
  /** The param naming which of several submit buttons to press (absent: the one submit). */
  submitParam?: string;
  /** A standalone field: filled, never submitted. */
  fillOnly?: boolean;
}
/** A click target chosen by its label (the `click` and `dismiss_overlay` tools). */
export interface ClickBinding extends ToolBinding {
  kind: 'click';
  /** The param carrying the label. */
  param: string;
  /** Lower-cased labels of targets in cross-origin frames, with their frame's reference (frames.ts). */
  frames?: Record<string, string>;
}
export interface ButtonBinding extends ToolBinding {
  kind: 'button';
  key: string;
  idx: number;
}
export interface LinkListBinding extends ToolBinding {
  kind: 'follow_link';
  links: { text: string; href: string }[];
}
export interface WebMcpBinding extends ToolBinding {
  kind: 'webmcp';
  name: string;
  schema: unknown;
}
