/**
 * The messages of the in-page script (page-script/main.ts): what Node asks of it (`PageScriptRequest`)
 * and what it answers (`PageScriptResponse`), with the read-back and refusals a fill reports. The
 * shapes of what it reads from the page are in page-script-types.ts. Internal to this package.
 */
import type { RawPage, PageSignals, RawSlider } from './page-script-types';

/** A file for a file input, as validate-params.ts made it: its name, media type and bytes in base64. */
export interface FileData {
  name: string;
  type: string;
  base64: string;
}

export interface FillField {
  key: string;
  /** Param name, for error messages (never the value). */
  param: string;
  value: string | number | boolean | string[] | FileData[];
  /** Typed already through trusted key input: set by script only if the field refused it. */
  typed?: boolean;
}

export type PageScriptRequest =
  | { op: 'extract'; maxLinks: number; maxText: number }
  | { op: 'signals' }
  | { op: 'refused' }
  | {
      op: 'fill';
      sig: string;
      idx: number;
      fields: FillField[];
      submit: boolean;
      trustedEnter?: boolean;
      submitWith?: string;
    }
  | { op: 'focus'; sig: string; idx: number; key: string; keys: string[]; keep?: boolean }
  /** `quietMs`: answer once the page is quiet after the click (page-script/quiet.ts), waiting at most that long. */
  | { op: 'click'; key: string; idx: number; quietMs?: number }
  | { op: 'clickTarget'; label: string; quietMs?: number }
  | { op: 'clickLink'; href: string; text?: string }
  | { op: 'doubleClick'; label: string }
  | { op: 'editBox'; select: boolean }
  /** `read`: only answer what the row's box holds (the read-back of a drawn box, after the page redrew it). */
  | { op: 'rowAction'; listIdx: number; action: string; item: string; checked?: boolean; read?: boolean }
  | { op: 'focusByName'; name: string }
  | { op: 'hoverPoint'; label: string }
  | { op: 'hoverShown' }
  /** `sliderFocus` focuses the named thumb for the key presses of `set_slider`; `sliderRead` reads it after them. */
  | { op: 'sliderFocus'; label: string }
  | { op: 'sliderRead'; label: string };
/** After a click that asked for quiet (page-script/quiet.ts): 'quiet' (a frame without DOM changes), 'navigating' (being left), 'busy' (changing at the bound); 'gone' (Node only): the document was replaced meanwhile. */
export type QuietState = 'quiet' | 'navigating' | 'busy' | 'gone';

export type PageScriptResponse =
  | { op: 'extract'; page: RawPage }
  | { op: 'signals'; signals: PageSignals }
  | {
      op: 'fill';
      ok: true;
      hadCaptcha: boolean;
      hasPassword: boolean;
      enter?: boolean /** Not sent: an autocomplete list waits for a pick (suggestions.ts). */;
      held?: boolean;
      /** What each filled field holds once filled (read-back.ts); nothing was sent when one does not hold what was asked. */
      readBack: ReadBack[];
    }
  /** `panel`: the field has its own drop-down panel (dropDownOf: a date picker's calendar). */
  | { op: 'focus'; ok: boolean; typeable: boolean; hadValue: boolean; panel?: boolean }
  | { op: 'fill'; ok: false; reason: 'gone' | 'field_gone'; field?: string }
  | { op: 'refused'; refused: RefusedField[] }
  | { op: 'click'; ok: boolean; quiet?: QuietState }
  | { op: 'clickTarget'; ok: boolean; label?: string; quiet?: QuietState }
  | { op: 'doubleClick'; ok: boolean; label?: string }
  | { op: 'editBox'; ok: boolean; inForm: boolean; value: string }
  | { op: 'rowAction'; ok: boolean; checked?: boolean; hover?: { x: number; y: number } }
  | { op: 'focusByName'; ok: boolean }
  | { op: 'hoverPoint'; ok: boolean; label?: string; x?: number; y?: number }
  | { op: 'hoverShown'; ok: boolean }
  /**
   * A thumb of `set_slider`: what it says, where its middle is (top viewport), and `press` when it
   * cannot take the focus: a pointer press on it chooses it for the keys (its track has them).
   */
  | { op: 'slider'; ok: boolean; slider?: RawSlider; at?: { x: number; y: number }; press?: boolean };

/** What a filled field holds, read back from the page after filling (page-script/read-back.ts). */
export interface ReadBack {
  param: string;
  /** It holds the value asked (up to the formatting a mask adds: "(555) 123-4567" for 5551234567). */
  holds: boolean;
  /** What it holds: text, on/off, or the chosen options. Never for a password field. */
  value?: string | boolean | string[];
  /** The box shows the value, but the form will not send it (the hidden control its widget drives did not take it). */
  unsent?: true;
  /** The select holds it, but the dropdown a script drew for it does not show it (drawn-select.ts). */
  undrawn?: true;
}

/** A field the browser's validation refused to send the form with (validity.ts). */
export interface RefusedField {
  /** The field's key in its group ('' for a control that is no field of the tool). */
  key: string;
  label: string;
  /** What is wrong, in words of the constraint ("is required", "is not a valid email address"). */
  problem: string;
}
