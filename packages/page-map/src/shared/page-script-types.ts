/**
 * JSON shapes of what the in-page script (page-script/main.ts) reads from the page: fields, groups,
 * buttons, targets, links, the page. Both sides import them (the page script may import nothing
 * from the Node side); the messages themselves are in page-script-protocol.ts. Internal to this package.
 */
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
  /** Legend of the enclosing fieldset ("Shipping address"), for the description. */
  section: string;
  /** The label of the radio or checkbox that reveals this field (a conditional reveal: page-script/conditional.ts). */
  revealedBy?: string;
  /** The text the field points to with aria-describedby: a format or rule ("DD/MM/YYYY", "8+ characters"). */
  hint?: string;
  options?: string[];
  optionValues?: string[];
  /** How many options a list has when it has more than `options` lists (a list of 4 000 numbers): any is chosen by its text. */
  optionCount?: number;
  /** The field acts on Enter by its own declaration (a combobox, an enterkeyhint action): see fields.ts. */
  entersOn?: boolean;
  /** A one-line text field whose key presses reach a page listener (../listeners.ts): an app's input acting on Enter. */
  hearsKeys?: boolean;
  /** The page draws suggestions under it as it is typed into (page-script/fields.ts `drawsSuggestions`): a fill that does not send waits for them. */
  suggests?: boolean;
  /** Read-only or disabled (`readonly`, `disabled`, `aria-readonly`/`aria-disabled`): shown, not typed into. */
  locked?: boolean;
  /** A box over a hidden list field whose entries count once added (page-script/driven-control.ts): the fill adds each line. */
  collects?: boolean;
  /** A box of tags (page-script/chips.ts): the tags it holds, each removed by the page's remove_item. */
  tags?: string[];
  /** A code drawn as this many one-character boxes side by side (page-script/split-code.ts): one field, a character per box. */
  split?: number;
  /** A file input's `accept` list (".pdf,.txt", "image/*"): the files the page asks for. */
  accept?: string;
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
  /** Its buttons say nothing (an arrow icon): it has a button to send with all the same. */
  unnamedButtons?: boolean;
  /** Labels of the controls that submit this group, when it has several (the agent picks one). */
  submitters: string[];
  submitterTexts?: string[]; // per submitter, the words it shows where an aria-label renames it, else ''
  fields: RawField[];
  inMain: boolean;
  /** 'nav' | 'header' | 'footer' | 'aside' | 'banner' | '' */
  chrome: string;
  frame: string;
  /** Set in Node for a form read in a cross-origin frame (frames.ts): the host its values go to. */
  frameHost?: string;
  shadow: boolean;
  hasCaptcha: boolean;
  /** In a closed menu or dialog (only sign-in forms are offered so). */
  closed?: boolean;
  /** One field with no form and no button (form-groups.ts): its tool fills it and sends nothing. */
  standalone?: boolean;
  /** Boxes and radios with no form and no button of their own (form-groups.ts): set, never submitted. */
  choices?: boolean;
  /** Dropdowns drawn by the page's script inside the group (no native field): their click-target labels. */
  pickers?: string[];
  /** The form's hidden values (forms.ts): equal forms for different items differ here, copies do not. */
  hidden?: string;
  order: number;
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
  /** How many buttons on the page have this label, when more than one (clickables.ts). */
  count?: number;
  /** The row, card or item an equal button sits in (its click target says the same). */
  context?: string;
}

/** Something clickable that no form or link covers (see targets.ts). */
export interface RawTarget {
  /** Unique on the page: the visible text, with its row or card when texts repeat. */
  label: string;
  kind: 'button' | 'tab' | 'menu_item' | 'choice' | 'tree_item' | 'toggle' | 'link' | 'other';
  /** 'true' | 'false' for disclosure toggles (aria-expanded, <summary>), else null. */
  expanded: string | null;
  inMain: boolean;
  chrome: string;
  /** Inside the overlay the page map reports. */
  overlay: boolean;
  /** Set in Node for a target read in a cross-origin frame (frames.ts): the frame's reference. */
  frame?: string;
  /** A choice in a hidden panel: the label of the target whose click shows it (page-script/revealed.ts). */
  opensWith?: string;
  order: number;
}

/** A list, table or grid of an app, as read (page-script/items.ts; app-state.ts words it). */
export interface RawItemList {
  /** Its aria-label or the heading before it ('' when none). */
  name: string;
  /** Its visible items' text, each with its mark: "☑ " / "☐ " before, " (selected)" after. */
  items: string[];
  /** How many visible items it has (more than `items` when it is long). */
  total: number;
}

/** One control that the rows of an app list share (page-script/rows.ts): a box, a "Remove" button. */
export interface RawRowAction {
  /** The list's name ('' when none) and its index among the page's app lists. */
  list: string;
  listIdx: number;
  /** "toggle" for a box, else the slug of the control's word ("remove", "edit"). */
  action: string;
  /** The control's word as shown ("Remove", "Edit"; "Toggle" for a box). */
  word: string;
  /** The text of each row that has it. */
  items: string[];
  /** Some rows show it only while hovered. */
  hover: boolean;
}

/** A cookie banner, newsletter pop-up or modal over the page. */
export interface RawOverlay {
  kind: 'cookie_consent' | 'newsletter' | 'modal';
  label: string;
  /** Labels of its click targets (accept, reject, close …). */
  choices: string[];
}

export interface RawLink {
  text: string;
  href: string;
  inMain: boolean;
  chrome: string;
  order: number;
  /** In a closed menu (hidden until hovered or opened): followed by its address, listed last. */
  menu?: boolean;
  /** In a frame's document: followed by a click, so its page loads in that frame, as for a person. */
  framed?: boolean;
  /** The page acts on its click (`onclick`, a listener): followed by a click, so its handler runs. */
  acts?: boolean;
}

export interface RawWebMcpTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

/**
 * One thumb of a slider a script draws. One that says its value (`aria-valuenow`) has `now`, `min`
 * and `max`; one that says nothing (page-script/drawn-sliders.ts) has them not, until a move
 * changed the number beside it: then `now` is that number and `was` what it showed before.
 */
export interface RawSlider {
  label: string;
  now?: number;
  min?: number;
  max?: number;
  was?: number;
  /** What it says beside the number (`aria-valuetext` "$1,000", or the readout's text "$300"). */
  text?: string;
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
  targets: RawTarget[];
  /** Labels of the texts edited in place after a double-click (page-script/edit.ts). */
  editables?: string[];
  /** Labels of the elements that show hidden content while hovered (page-script/hover.ts). */
  hoverables?: string[];
  /** Sliders a script draws (`role=slider`), set with the arrow keys (page-script/sliders.ts). */
  sliders?: RawSlider[];
  /** The app's lists with their items' state (page-script/items.ts). */
  items?: RawItemList[];
  /** Controls every row of an app list has (page-script/rows.ts). */
  rowActions?: RawRowAction[];
  /** Something on the page listens for key presses (page-script/listens.ts): press_key is offered. */
  hearsKeys?: boolean;
  overlay: RawOverlay | null;
  links: RawLink[];
  webmcp: RawWebMcpTool[];
  captcha: boolean;
  /**
   * A visible loading indicator (spinner, progress bar, aria-busy) on a nearly textless page, the
   * page hidden whole ('veiled'), or an app's mount point still empty ('mount'): see loading.ts.
   */
  loading: boolean | 'veiled' | 'mount';
  /** Script elements in the document: a page without any will not render more by itself. */
  scripts: number;
  /** Origins of the visible, widget-sized frames from another site (foreign-frames.ts). */
  frameOrigins: string[];
  ms: number;
}

export interface PageSignals {
  url: string;
  title: string;
  password: boolean;
  otp: boolean;
  captcha: boolean;
  /** A visible field marked aria-invalid="true" (how many sites flag a rejected sign-in). */
  invalid: boolean;
  alerts: string[];
  text: string;
}
