/** Params from fields: type, description with hints, options, and the binding to the field's key. */
import type { RawField } from '../shared/page-script-types';
import type { FieldBinding, ParamType, ToolParam } from '../bindings';
import { idWords } from './naming';

export const clip = (s: string, max: number): string => (s.length > max ? s.slice(0, max - 1) + '…' : s);

export function paramType(f: RawField): ParamType {
  switch (f.type) {
    case 'email':
      return 'email';
    case 'password':
      return 'password';
    case 'number':
    case 'range':
      return 'number';
    case 'url':
      return 'url';
    case 'date':
    case 'datetime-local':
    case 'month':
    case 'week':
    case 'time':
      return 'date';
    case 'checkbox':
      return 'boolean';
    case 'file':
      return 'file';
    case 'select':
    case 'radio':
    case 'checkbox-group':
      return 'enum';
    case 'textarea':
    case 'contenteditable':
      return 'text';
    default:
      return 'string';
  }
}

/** A label's closing colon ("Password:", "パスワード：") is punctuation, not part of what it names. */
const unsuffixed = (s: string): string => s.replace(/\s*[:：]\s*$/u, '');

export function fieldDescription(f: RawField): string {
  // What a person reads first: the label, else the short text right before the field (a table
  // cell, a div-built form), else the placeholder; a long preceding text is a weaker sign. A
  // placeholder that repeats the label is no example (django-allauth: "Password" and "Password
  // (again)" were "Password: (e.g. Password)" and "Password (again): (e.g. Password (again))",
  // which an agent could not tell apart by the label "Password").
  const shortNearby = f.nearby && f.nearby.length <= 40 ? f.nearby : '';
  const base =
    f.paramDesc || unsuffixed(f.label) || shortNearby || f.placeholder || f.nearby || f.name || idWords(f) || f.type;
  const repeats = (s: string) => unsuffixed(s).toLowerCase() === base.toLowerCase();
  const hints: string[] = [];
  // A field revealed by a choice is told from the question by that choice, not by the question's words.
  if (f.revealedBy) hints.push(`shown when "${f.revealedBy}" is chosen`);
  else if (f.section && f.section !== base && f.type !== 'radio') hints.push(`in "${f.section}"`);
  if (f.placeholder && !repeats(f.placeholder) && !f.paramDesc) hints.push(`e.g. ${f.placeholder}`);
  if (f.hint && f.hint !== base && f.hint !== f.placeholder) hints.push(f.hint);
  if (f.collects) hints.push('each line is added to the list the form sends');
  if (f.type === 'checkbox') hints.push('true to check');
  if (f.type === 'file') hints.push(fileHint(f));
  if (f.optionCount) hints.push(longListHint(f));
  else if (f.type === 'checkbox-group' || (f.multiple && f.type !== 'file')) hints.push('one or more of the options');
  else if (f.type === 'radio' || f.type === 'select') hints.push('one of the options');
  return clip(hints.length ? `${base} (${hints.join('; ')})` : base, 300);
}

/** How a file is given, which files the page asks for, and whether it takes several. */
function fileHint(f: RawField): string {
  const how = f.multiple ? 'one or more files, as an array of' : 'a file:';
  const accepts = f.accept ? `; it accepts ${f.accept}` : '';
  return `${how} {"name", "text"} or {"name", "base64"}${accepts}`;
}

/** A list too long to list: how many options, a few of them, and that any is chosen by its text. */
function longListHint(f: RawField): string {
  const some = (f.options ?? []).slice(0, 3).map((o) => `"${clip(o, 30)}"`);
  const which = f.multiple ? 'one or more of its' : 'one of its';
  return `${which} ${f.optionCount} options, by visible text (${some.join(', ')}, …)${f.multiple ? ', as an array' : ''}`;
}

/** Param types whose value is text typed into the field, where `maxlength` applies. */
const TYPED_TEXT = new Set<ParamType>(['string', 'email', 'password', 'url', 'text']);

export function buildParam(
  f: RawField,
  name: string,
  description: string,
  required: boolean,
): { param: ToolParam; binding: FieldBinding } {
  const type = paramType(f);
  const param: ToolParam = { name, description, type, required };
  // A longer list than the map lists takes any of its options by text: listing some as the
  // allowed values would refuse the rest (a country list's "United States").
  if (f.options && !f.optionCount && (f.type === 'select' || f.type === 'radio' || f.type === 'checkbox-group'))
    param.options = f.options;
  if (f.maxlength > 0 && TYPED_TEXT.has(type)) param.max_length = f.maxlength;
  const binding: FieldBinding = {
    param: name,
    key: f.key,
    type: f.type === 'checkbox-group' ? 'checkbox-group' : type,
    required,
    inputType: f.type,
  };
  if (f.options && !f.optionCount) {
    binding.options = f.options;
    binding.optionValues = f.optionValues ?? [];
  }
  if (f.multiple || f.type === 'checkbox-group') binding.multiple = true;
  return { param, binding };
}
