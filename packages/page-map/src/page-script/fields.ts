/**
 * Fields as JSON: type, name, label and constraints of each control, with radios and same-name
 * checkboxes merged into one field with options. A field's `key` (type + name, else the slug of
 * its label or placeholder) is its stable identity: never a generated id or a value, so the same
 * form re-rendered yields the same keys.
 */
import type { RawField } from '../shared/page-script-types';
import { slug } from '../shared/slug';
import { clean, textOf, type RootInfo } from './dom';
import type { Group } from './form-groups';
import { hintOf, labelOf, sectionOf } from './labels';

export const fieldKey = (f: RawField): string =>
  `${f.type}:${f.name || slug(f.label) || slug(f.placeholder) || f.id || '_'}`;

export const describeField = (el: Element, ri: RootInfo): RawField => {
  const tag = el.tagName.toLowerCase();
  const inp = el as HTMLInputElement;
  const type =
    tag === 'input'
      ? (inp.type || 'text').toLowerCase()
      : tag === 'select'
        ? 'select'
        : tag === 'textarea'
          ? 'textarea'
          : 'contenteditable';
  const { label, nearby } = labelOf(el, ri.root);
  const f: RawField = {
    key: '',
    type,
    name: el.getAttribute('name') ?? '',
    id: el.id ?? '',
    label,
    nearby,
    placeholder: clean(el.getAttribute('placeholder'), 100),
    autocomplete: (el.getAttribute('autocomplete') ?? '').toLowerCase(),
    required: inp.required === true || el.getAttribute('aria-required') === 'true',
    multiple: tag === 'select' ? (el as HTMLSelectElement).multiple : false,
    paramDesc: clean(el.getAttribute('toolparamdescription'), 200),
    inputmode: (el.getAttribute('inputmode') ?? '').toLowerCase(),
    maxlength: inp.maxLength > 0 ? inp.maxLength : 0,
    pattern: el.getAttribute('pattern') ?? '',
    section: sectionOf(el),
  };
  const hint = hintOf(el, ri.root);
  if (hint) f.hint = hint;
  if (tag === 'select') {
    const opts = Array.from((el as HTMLSelectElement).options).filter(
      (o) => !o.disabled && !(o.value === '' && o.index === 0),
    );
    f.options = opts.slice(0, 50).map((o) => clean(o.label || o.text, 80));
    f.optionValues = opts.slice(0, 50).map((o) => o.value);
  }
  f.key = fieldKey(f);
  return f;
};

/** Turns a group's elements into fields, merging radios (and same-name checkboxes) into one. */
export const groupFields = (g: Group): { raw: RawField[]; els: Element[][] } => {
  const raw: RawField[] = [];
  const els: Element[][] = [];
  const byName = new Map<string, number>();
  for (const el of g.fields) {
    const inp = el as HTMLInputElement;
    const t = (inp.type || '').toLowerCase();
    if ((t === 'radio' || t === 'checkbox') && inp.name) {
      const k = `${t}:${inp.name}`;
      const at = byName.get(k);
      const optLabel = labelOf(el, g.ri.root).label || inp.value;
      if (at !== undefined) {
        raw[at]!.options!.push(clean(optLabel, 80));
        raw[at]!.optionValues!.push(inp.value);
        if (t === 'checkbox') raw[at]!.type = 'checkbox-group';
        els[at]!.push(el);
        continue;
      }
      const f = describeField(el, g.ri);
      // The group's own label is the fieldset legend or the nearby text; the element label names an option.
      const fs = el.closest('fieldset');
      const legend = fs ? fs.querySelector('legend') : null;
      const groupLabel = el.getAttribute('role') === null && legend ? textOf(legend, 100) : '';
      f.options = [clean(optLabel, 80)];
      f.optionValues = [inp.value];
      if (t === 'radio') {
        f.label = groupLabel || f.nearby || inp.name;
      } else {
        f.label = f.label || groupLabel;
      }
      f.key = fieldKey({ ...f, label: t === 'radio' ? '' : f.label });
      byName.set(k, raw.length);
      raw.push(f);
      els.push([el]);
      continue;
    }
    raw.push(describeField(el, g.ri));
    els.push([el]);
  }
  return { raw, els };
};
