/**
 * Filling a form like a person: each text field is focused, its content selected, and the value
 * typed through trusted input over the DevTools protocol (key events per character as
 * Playwright's `type` does, or one text insertion as its `fill` does; see MAX_KEYED), so masked inputs, autocomplete comboboxes and key-listening
 * widgets react as they do for a person. What typing does not cover (boxes, selects, date/time/
 * range inputs) and typed fields that refused the keys (read-only widgets) are set by the page
 * script, which then submits. All fields are filled back to back, with no settling in between.
 *
 * SECURITY: values go to the page as protocol input or evaluate arguments, never into script text
 * or logs.
 */
import type { Frame, KeyInput, Keyboard, Page } from 'puppeteer-core';
import { callPageScript } from './page-script-host/call';
import type { FillField, ReadBack, RefusedField } from './shared/page-script-protocol';
import type { FormBinding } from './bindings';
import { dialogsOf } from './dialogs';
import { frameTarget, inCrossFrame } from './frames';
import { ToolError } from './outcome';
import type { Value } from './validate-params';

/** Input types a person types into; the others are set by the page script. */
const TYPEABLE = new Set([
  'text',
  'email',
  'password',
  'search',
  'tel',
  'url',
  'number',
  'textarea',
  'contenteditable',
]);
/**
 * Values go in key by key up to this length; longer ones, and passwords, as one trusted text
 * insertion (`Input.insertText`: beforeinput/input events, no key events), as Playwright's `fill`
 * does. Key events cost a renderer round trip each (a 28-character password: ~120 ms on a loaded
 * 2-core machine, against ~2 ms inserted); masks and key-listening widgets sit on short fields,
 * and password fields do not reformat what is typed.
 */
const MAX_KEYED = 64;

export class FillError extends Error {
  constructor(
    readonly reason: 'gone' | 'field_gone',
    readonly field?: string,
  ) {
    super(reason);
  }
}

/**
 * Types `text` key by key (keydown, keypress/input, keyup per character; characters without a key
 * as text insertion), like Keyboard.type, but with the protocol commands sent back to back rather
 * than each awaited: they are delivered and handled in order, and a 30-character password costs
 * one round trip instead of sixty.
 */
async function typeKeys(keyboard: Keyboard, text: string): Promise<void> {
  const kb = keyboard as Keyboard & { charIsKey?: (c: string) => boolean };
  const sent: Promise<void>[] = [];
  for (const ch of text) {
    if (kb.charIsKey?.(ch)) {
      sent.push(kb.down(ch as KeyInput), kb.up(ch as KeyInput));
    } else sent.push(kb.sendCharacter(ch));
  }
  await Promise.all(sent);
}

/** Types the field; `panel` when it has its own drop-down panel (the focus answer says so). */
async function typeInto(
  page: Page,
  binding: FormBinding,
  field: FillField,
  inputType: string,
): Promise<{ typed: boolean; panel?: boolean }> {
  const keys = binding.fields.filter((f) => f.key).map((f) => f.key);
  const r = await callPageScript(page, { op: 'focus', sig: binding.sig, idx: binding.idx, key: field.key, keys });
  if (r.op !== 'focus') throw new Error('page script answered the wrong operation');
  if (!r.ok) throw new FillError(binding.fields.some((f) => f.key === field.key) ? 'field_gone' : 'gone', field.param);
  if (!r.typeable) return { typed: false };
  const text = String(field.value);
  if (text === '') {
    if (r.hadValue) await page.keyboard.press('Backspace');
  } else if (
    inputType !== 'password' &&
    text.length <= MAX_KEYED &&
    (inputType === 'textarea' || inputType === 'contenteditable' || !/[\r\n]/.test(text))
  ) {
    await typeKeys(page.keyboard, text);
  } else {
    await page.keyboard.sendCharacter(
      inputType === 'textarea' || inputType === 'contenteditable' ? text : text.replace(/[\r\n]+/g, ' '),
    );
  }
  return { typed: true, panel: r.panel };
}

/**
 * typeInto, again once when a dialog opened meanwhile: the browser drops keys sent while an alert
 * is open ("ann@exam" of "ann@example.com"); focusing the field again selects what it holds.
 */
async function typeAroundDialogs(
  page: Page,
  binding: FormBinding,
  field: FillField,
  inputType: string,
): Promise<boolean> {
  const dialogs = dialogsOf(page);
  const before = dialogs.opened;
  let r = await typeInto(page, binding, field, inputType);
  if (dialogs.pending) return r.typed; // a confirm held for the agent: nothing more runs
  if (dialogs.opened !== before) r = await typeInto(page, binding, field, inputType);
  // A box with its own drop-down panel (a date picker's calendar) is left as a person leaves it,
  // with Tab, once it holds the whole text: the picker takes what was typed then (Vanilla JS
  // Datepicker ignores a script's blur).
  if (r.panel && !dialogs.pending) await page.keyboard.press('Tab');
  return r.typed;
}

/**
 * Fills the bound fields with exact values (see validate-params.ts) and submits when asked.
 * Throws FillError when the form or a field is no longer on the page — unless the page itself
 * moved on while it was filled: a code of six boxes sends itself once the sixth digit is typed
 * (Gentelella's two-factor page), and the form is gone because the page took it. Then nothing is
 * left to set or read back, and the tool's settling reports where the page went.
 */
export async function fillForm(
  page: Page,
  binding: FormBinding,
  values: Record<string, unknown>,
  submit: boolean,
): Promise<{ hadCaptcha: boolean; readBack: ReadBack[] }> {
  let left = false;
  const onNavigated = (f: Frame) => {
    if (f === page.mainFrame()) left = true;
  };
  page.on('framenavigated', onNavigated);
  try {
    return await fillAndSend(page, binding, values, submit);
  } catch (err) {
    if (left && (err instanceof FillError || !(err instanceof ToolError))) return { hadCaptcha: false, readBack: [] };
    throw err;
  } finally {
    page.off('framenavigated', onNavigated);
  }
}

async function fillAndSend(
  page: Page,
  binding: FormBinding,
  values: Record<string, unknown>,
  submit: boolean,
): Promise<{ hadCaptcha: boolean; readBack: ReadBack[] }> {
  const target = frameTarget(page, binding.frame);
  if (!target) throw new FillError('gone');
  // Trusted input goes to the page's focused frame; a script in a cross-origin frame cannot be
  // relied on to move that focus into its frame, so there the page script sets every value.
  const trusted = !inCrossFrame(binding.frame);
  const fields: FillField[] = [];
  for (const f of binding.fields) {
    const v = values[f.param];
    if (v === undefined || !f.key) continue;
    const field: FillField = { key: f.key, param: f.param, value: v as FillField['value'] };
    const inputType = f.inputType ?? (f.type === 'text' ? 'textarea' : f.type === 'string' ? 'text' : f.type);
    if (trusted && TYPEABLE.has(inputType) && !Array.isArray(v))
      field.typed = await typeAroundDialogs(page, binding, field, inputType);
    fields.push(field);
  }
  // Forms with several submit buttons: the one the agent chose (the `action` param), else the main one.
  const chosen = binding.submitParam !== undefined ? values[binding.submitParam] : undefined;
  const submitWith = chosen !== undefined ? String(chosen) : undefined;
  const r = await callPageScript(target, {
    op: 'fill',
    sig: binding.sig,
    idx: binding.idx,
    fields,
    submit,
    trustedEnter: trusted,
    ...(submitWith ? { submitWith } : {}),
  });
  if (r.op !== 'fill') throw new Error('page script answered the wrong operation');
  if (!r.ok) throw new FillError(r.reason, r.field);
  // No button and no form: Enter in the last field, as a person would submit it.
  if (r.enter) await pressEnterIn(page, binding);
  return { hadCaptcha: r.hadCaptcha, readBack: r.readBack };
}

/** Presses Enter (a trusted key) in the binding's last field, focused again without selecting its text. */
export async function pressEnterIn(page: Page, binding: FormBinding): Promise<void> {
  const last = [...binding.fields].reverse().find((f) => f.key);
  if (!last) return;
  const keys = binding.fields.filter((f) => f.key).map((f) => f.key);
  const focus = await callPageScript(page, {
    op: 'focus',
    sig: binding.sig,
    idx: binding.idx,
    key: last.key,
    keys,
    keep: true,
  });
  if (focus.op === 'focus' && focus.ok) await page.keyboard.press('Enter');
}

/**
 * A field that does not hold what was asked (its widget refused or changed it) fails the tool with
 * FIELD_NOT_SET, naming the field and what it holds (a password field: never what). The form was
 * not sent. run-tool redacts the given values from the message.
 */
export function throwIfNotHeld(readBack: ReadBack[], submit: boolean): void {
  const off = readBack.filter((r) => !r.holds);
  if (off.length === 0) return;
  const what = off
    .map((r) =>
      r.undrawn
        ? `"${r.param}" is set, but the page's own dropdown for it does not show the choice (it did not take it)`
        : r.unsent
          ? `"${r.param}" shows the value given, but the form would send nothing for it: the page's own field behind the box did not take it (not one of its options, or an item not yet added)`
          : r.value === undefined
            ? `"${r.param}" does not hold the value given`
            : Array.isArray(r.value) && r.value.length === 0
              ? `"${r.param}" holds nothing`
              : `"${r.param}" holds ${JSON.stringify(Array.isArray(r.value) ? r.value : String(r.value).slice(0, 80))} instead of the value given`,
    )
    .join('; ');
  const sent = submit ? ' Nothing was sent.' : '';
  throw new ToolError(
    'FIELD_NOT_SET',
    `The page did not take every value: ${what} (the page's own widget refused or changed it).${sent}`,
  );
}

/**
 * After a submit that did not navigate: when the browser's own validation refused to send the
 * form (page-script/validity.ts), throws the tool's error saying which fields and why.
 * INVALID_PARAMS when every one is a param of the tool (the agent can correct it), else
 * TOOL_FAILED. The message may quote the page; run-tool redacts the given values from it.
 */
export async function throwIfRefused(page: Page, binding: FormBinding): Promise<void> {
  const target = frameTarget(page, binding.frame);
  const r = target ? await callPageScript(target, { op: 'refused' }).catch(() => null) : null;
  const refused: RefusedField[] = r?.op === 'refused' ? r.refused : [];
  if (refused.length === 0) return;
  const named = refused.map((f) => ({
    ...f,
    param: binding.fields.find((b) => b.key !== '' && b.key === f.key)?.param,
  }));
  const what = named
    .map((f) =>
      f.param
        ? `"${f.param}" ${f.problem}`
        : `its field "${f.label.slice(0, 60)}" (no param of this tool) ${f.problem}`,
    )
    .join('; ');
  throw new ToolError(
    named.every((f) => f.param) ? 'INVALID_PARAMS' : 'TOOL_FAILED',
    `The page would not send the form: ${what}.`,
  );
}

/**
 * fillForm for a tool: a form or field that vanished (the page re-rendered) becomes the tool's
 * ELEMENT_GONE error, which tells the agent to read the fresh tool list; a field that did not take
 * its value, FIELD_NOT_SET.
 */
export async function fillOrGone(
  page: Page,
  binding: FormBinding,
  values: Record<string, Value>,
  submit: boolean,
): Promise<{ hadCaptcha: boolean; readBack: ReadBack[] }> {
  try {
    const r = await fillForm(page, binding, values, submit);
    throwIfNotHeld(r.readBack, submit);
    return r;
  } catch (err) {
    if (!(err instanceof FillError)) throw err;
    throw new ToolError(
      'ELEMENT_GONE',
      err.reason === 'field_gone'
        ? `The form's "${err.field ?? 'unknown'}" field is no longer on the page (it re-rendered); see the fresh tool list.`
        : 'The form behind this tool is no longer on the page (it re-rendered or was removed); see the fresh tool list.',
    );
  }
}
