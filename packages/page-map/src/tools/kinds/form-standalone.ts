/**
 * A standalone field (no form, no button: an editor, a filter box, a chat input, a combobox): a
 * tool that fills it and sends nothing; the page reacts as it is typed into or chosen in. A field
 * that acts on Enter by its own declaration (a combobox accepts its suggestion, an `enterkeyhint`
 * action such as "send") also takes `press_enter`: Enter is pressed in it once filled, as a person
 * does, and the tool says so instead of "nothing is sent". A one-line field whose key presses a
 * page listener hears (../../listeners.ts: an app's new-item box) is named for what Enter does
 * there (`add_<label>`, `submit_<label>`) and presses Enter unless told not to.
 */
import type { FieldBinding, FormBinding, ToolParam } from '../../bindings';
import type { RawGroup } from '../../shared/page-script-types';
import { slug } from '../../shared/slug';
import { isLanguageList } from '../languages';
import { fieldParamName, readableName } from '../naming';
import { buildParam, clip, fieldDescription } from '../params';
import type { Candidate } from './kind';

export const PRESS_ENTER: ToolParam = {
  name: 'press_enter',
  description:
    'true: press Enter in the field once filled, as a person does to accept the suggestion, add or send what was typed. Default false: only types, nothing is sent.',
  type: 'boolean',
  required: false,
};

/** The binding of `press_enter`: a param that sets no field of the page. */
export const PRESS_ENTER_FIELD: FieldBinding = { param: PRESS_ENTER.name, key: '', type: 'boolean', required: false };

/** For a field that adds or sends on Enter (an app's new-item box): pressed unless asked not to. */
const ENTER_BY_DEFAULT: ToolParam = {
  name: 'press_enter',
  description: 'Default true: Enter is pressed once typed, which is how this field adds or sends; false only types.',
  type: 'boolean',
  required: false,
};

/** Words by which a field says it makes something new: its tool adds; any other sends. */
const ADDS = /\b(add|new|create)\b/i;

/** What the field is and does: chosen in (a list, a file input), typed into, acting on Enter, a box of tags. */
interface FieldWay {
  choice: boolean;
  /** A file input: whether it takes one file or several. */
  file: false | 'one' | 'several';
  enter: boolean;
  listened: boolean;
  tags?: string[];
}

function describe(label: string, { choice, file, enter, listened, tags }: FieldWay): string {
  const what = label ? `"${clip(label, 60)}" ` : '';
  if (file)
    return `Choose ${file === 'one' ? 'the file' : 'files'} for the ${what}file input, as a person does in the file dialog. It has no button of its own, so nothing is sent: the page reacts to the file chosen (it may show or upload it).`;
  if (tags && enter)
    return clip(
      `Add a tag to the ${what}box of tags: types it and presses Enter, as a person does. It holds ${tags.map((t) => `"${t}"`).join(', ')}; the remove_item tool of the list ${what}removes one.`,
      400,
    );
  if (listened)
    return `Type into the ${what}field and press Enter, as a person does: the page acts on Enter there (it has no form or button). press_enter: false only types.`;
  if (choice)
    return `Choose in the ${what}list. It has no button of its own, so nothing is sent: the page reacts to the choice.`;
  if (enter)
    return `Type into the ${what}field. It has no button of its own but acts on Enter: press_enter: true presses it once typed (accepts the suggestion, adds or sends what was typed); without it the page only reacts as it is typed into, and its suggestions stay open to click.`;
  return `Type into the ${what}field. It has no button of its own, so nothing is sent: the page reacts as it is typed into (a filter, an editor, a message box); press the page's button or link afterwards if it needs one.`;
}

export function standaloneCandidate(g: RawGroup): Candidate | null {
  const first = g.fields[0];
  if (!first) return null;
  // A list of languages without a label of its own is the page's language switcher.
  const f =
    first.type === 'select' && !first.label && isLanguageList(first.options, first.optionValues)
      ? { ...first, label: 'Language' }
      : first;
  // Text beside it longer than a name (a checklist of a password's rules) names it after its own name.
  const ownName = readableName(f).replace(/_/g, ' ');
  const label = f.label || f.placeholder || (f.nearby.length <= 40 ? f.nearby : '') || ownName || f.nearby;
  const choice = f.type === 'select';
  const file = f.type !== 'file' ? false : f.multiple ? 'several' : 'one';
  const listened = !choice && !file && f.entersOn !== true && f.hearsKeys === true;
  const enter = (!choice && !file && f.entersOn === true) || listened;
  const verb = choice || file ? 'choose' : listened ? (ADDS.test(label) || f.tags ? 'add' : 'submit') : 'fill';
  const named = slug(label, 30) || 'field';
  // "Add a book" is add_a_book, not add_add_a_book.
  const base = named.startsWith(`${verb}_`) ? named : `${verb}_${named}`;
  const { param, binding } = buildParam(f, fieldParamName(f, 0), fieldDescription(f), true);
  const params = enter ? [param, listened ? ENTER_BY_DEFAULT : PRESS_ENTER] : [param];
  const fillBinding: FormBinding = {
    kind: 'form',
    purpose: 'other',
    sig: g.sig,
    idx: g.idx,
    fields: [{ ...binding, param: param.name }, ...(enter ? [PRESS_ENTER_FIELD] : [])],
    twoStep: false,
    declared: false,
    frame: g.frame,
    fillOnly: true,
    ...(enter ? { enterParam: PRESS_ENTER.name } : {}),
    ...(listened ? { enterByDefault: true } : {}),
  };
  return {
    base,
    score: g.inMain ? 55 : 42,
    order: g.order,
    tool: { name: base, description: describe(label, { choice, file, enter, listened, tags: f.tags }), params },
    binding: fillBinding,
    // The same field repeated (a header's and a footer's copy) once; fields that only their
    // names tell apart (nameless boxes under different headings) each keep their tool.
    dedupeKey: `form:${g.sig}|${label}`,
    ...(g.heading && g.heading !== label ? { place: g.heading } : {}),
  };
}
