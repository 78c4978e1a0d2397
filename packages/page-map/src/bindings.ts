/**
 * What a tool is bound to on the page: how the runner finds the form, button, links or WebMCP
 * tool again. One variant per tool kind, told apart by `kind`, so the compiler finds every place a
 * new kind must be handled (the table in tools/kinds/index.ts above all). Internal: a binding
 * never leaves the worker.
 */
import type { Tool } from '@pagemap/contracts';

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
  /** Other words each option answers to (what a button shows beside its accessible name), '' for none. */
  aliases?: string[];
  multiple?: boolean;
  /** The control's own type (input type, 'select', 'textarea' …): how its value is parsed and entered. */
  inputType?: string;
}

/** A form (or a standalone field) found again by its signature; a login, search, code or other form. */
export interface FormBinding {
  kind: 'form';
  purpose: Purpose;
  sig: string;
  idx: number;
  fields: FieldBinding[];
  /** Login with a username step only: the password goes into the next step's form. */
  twoStep: boolean;
  /** Declared through WebMCP attributes. */
  declared: boolean;
  /** The frame the form is in ('' for the top document; see frames.ts for cross-origin ones). */
  frame?: string;
  /** The param naming which of several submit buttons to press (absent: the one submit). */
  submitParam?: string;
  /** A standalone field: filled, never submitted. */
  fillOnly?: boolean;
  /** The boolean param that, false, fills the form without pressing its button (absent: always sent). */
  sendParam?: string;
  /** The boolean param that presses Enter in the field once filled (a field that acts on Enter). */
  enterParam?: string;
  /** Enter is pressed unless the enter param is false (an app's input that adds or sends on Enter). */
  enterByDefault?: boolean;
}

/** A click target chosen by its label (the `click` and `dismiss_overlay` tools). */
export interface ClickBinding {
  kind: 'click';
  /** The param carrying the label. */
  param: string;
  /** Lower-cased labels of targets in cross-origin frames, with their frame's reference (frames.ts). */
  frames?: Record<string, string>;
}

/** A standalone button, found again by its key and index. */
export interface ButtonBinding {
  kind: 'button';
  key: string;
  idx: number;
  frame?: string;
}

/** The page's links as read (follow_link resolves a text or URL among them). */
export interface FollowLinkBinding {
  kind: 'follow_link';
  links: { text: string; href: string; framed?: boolean; acts?: boolean }[];
}

export interface NavigateBinding {
  kind: 'navigate';
}

/** A tool the page registered through WebMCP, run by its own execute handler. */
export interface WebMcpBinding {
  kind: 'webmcp';
  name: string;
  schema: unknown;
}

/** `edit_text`: text edited in place after a double-click (tools/kinds/edit.ts); the target is found by its label. */
export interface EditBinding {
  kind: 'edit';
}

/** `hover`: the pointer rests on an element that shows more while hovered (tools/kinds/hover.ts), found by its label. */
export interface HoverBinding {
  kind: 'hover';
}

/** A control every row of an app list has (tools/kinds/rows.ts); the row is chosen by its text. */
export interface RowBinding {
  kind: 'rows';
  listIdx: number;
  action: string;
}

/** `press_key`: a trusted key press in a named field or on the focus (tools/kinds/press-key.ts). */
export interface PressKeyBinding {
  kind: 'press_key';
}

/** `set_slider`: a thumb of a slider a script draws, moved with trusted arrow keys (tools/kinds/slider.ts), found by its label. */
export interface SliderBinding {
  kind: 'slider';
}

/** `answer_dialog`: the confirm or prompt a tool opened. */
export interface DialogBinding {
  kind: 'dialog';
}

export type ToolBinding =
  | NavigateBinding
  | FollowLinkBinding
  | FormBinding
  | ButtonBinding
  | ClickBinding
  | WebMcpBinding
  | DialogBinding
  | EditBinding
  | HoverBinding
  | RowBinding
  | PressKeyBinding
  | SliderBinding;

/** The name of a tool kind. */
export type ToolKindName = ToolBinding['kind'];
/** The binding of one kind. */
export type BindingOf<K extends ToolKindName> = Extract<ToolBinding, { kind: K }>;
