/**
 * A standalone field (no form, no button: an editor, a filter box, a chat input, a combobox): a
 * tool that fills it and sends nothing; the page reacts as it is typed into or chosen in. A field
 * that acts on Enter by its own declaration (a combobox accepts its suggestion, an `enterkeyhint`
 * action such as "send") also takes `press_enter`: Enter is pressed in it once filled, as a person
 * does, and the tool says so instead of "nothing is sent".
 */
import type { FormBinding, ToolParam } from '../../bindings';
import type { RawGroup } from '../../shared/page-script-types';
import { slug } from '../../shared/slug';
import { fieldParamName } from '../naming';
import { buildParam, clip, fieldDescription } from '../params';
import type { Candidate } from './kind';

const PRESS_ENTER: ToolParam = {
  name: 'press_enter',
  description:
    'true: press Enter in the field once filled, as a person does to accept the suggestion, add or send what was typed.',
  type: 'boolean',
  required: false,
};

function describe(label: string, choice: boolean, enter: boolean): string {
  const what = label ? `"${clip(label, 60)}" ` : '';
  if (choice) return `Choose in the ${what}list. It has no button of its own: the page reacts to the choice.`;
  if (enter)
    return `Type into the ${what}field. It has no button of its own but acts on Enter: press_enter: true presses it once typed (accepts the suggestion, adds or sends what was typed); without it the page only reacts as it is typed into.`;
  return `Type into the ${what}field. It has no button of its own, so nothing is sent: the page reacts as it is typed into (a filter, an editor, a message box); press the page's button or link afterwards if it needs one.`;
}

export function standaloneCandidate(g: RawGroup): Candidate | null {
  const f = g.fields[0];
  if (!f) return null;
  const label = f.label || f.placeholder || f.nearby || f.name;
  const choice = f.type === 'select';
  const enter = !choice && f.entersOn === true;
  const base = `${choice ? 'choose' : 'fill'}_${slug(label, 30) || 'field'}`;
  const { param, binding } = buildParam(f, fieldParamName(f, 0), fieldDescription(f), true);
  const params = enter ? [param, PRESS_ENTER] : [param];
  const fillBinding: FormBinding = {
    kind: 'form',
    purpose: 'other',
    sig: g.sig,
    idx: g.idx,
    fields: [
      { ...binding, param: param.name },
      ...(enter ? [{ param: PRESS_ENTER.name, key: '', type: 'boolean' as const, required: false }] : []),
    ],
    twoStep: false,
    declared: false,
    frame: g.frame,
    fillOnly: true,
    ...(enter ? { enterParam: PRESS_ENTER.name } : {}),
  };
  return {
    base,
    score: g.inMain ? 55 : 42,
    order: g.order,
    tool: { name: base, description: describe(label, choice, enter), params },
    binding: fillBinding,
    dedupeKey: `form:${g.sig}`,
  };
}
