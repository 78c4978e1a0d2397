/**
 * Typing a new text over an open text box, as a person does: the box (it has the focus) gets its
 * text selected and the new one typed over it with trusted keys — an editor keeps its model by its
 * key and input events — or, for an empty text, the selection deleted. The box is read back before
 * it is confirmed: a box that does not hold the text fails, and nothing is confirmed.
 * Shared by `edit_text` (a label opened by double-click) and `set_item` (a row's editable region).
 */
import type { Page } from 'puppeteer-core';
import { ToolError } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';

export interface TypeOverWords {
  /** What the box is, in the messages: "The text box", "The row's box". */
  box: string;
  /** How the box is confirmed; `own` is the box's own way: Tab in a form, Enter alone. */
  confirm: 'Tab' | 'own';
}

export async function typeOverFocused(page: Page, text: string, { box, confirm }: TypeOverWords): Promise<void> {
  const open = await callPageScript(page, { op: 'editBox', select: true });
  if (open.op !== 'editBox' || !open.ok)
    throw new ToolError('TOOL_FAILED', `${box} lost the focus before it was typed into.`);
  if (text === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(text);
  const held = await callPageScript(page, { op: 'editBox', select: false });
  if (held.op !== 'editBox' || !held.ok || held.value.trim() !== text.trim())
    throw new ToolError('FIELD_NOT_SET', `${box} does not hold the new text; nothing was confirmed.`);
  await page.keyboard.press(confirm === 'Tab' || open.inForm ? 'Tab' : 'Enter');
}
