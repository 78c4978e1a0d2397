/**
 * Boxes and radios outside any form with no button of their own (form-groups.ts marks them
 * `choices`): a row's checkbox, a "mark all" toggle, a set of view options. They act as they
 * change, so their tool sets them and sends nothing; it never presses a button elsewhere on the
 * page (one that happened to share their container used to name the tool and be pressed by it).
 */
import type { FieldBinding, FormBinding, ToolParam } from '../../bindings';
import type { RawGroup } from '../../shared/page-script-types';
import { slug } from '../../shared/slug';
import { fieldParamName } from '../naming';
import { buildParam, clip, fieldDescription } from '../params';
import type { Candidate } from './kind';

export function choicesCandidate(g: RawGroup): Candidate | null {
  if (g.fields.length === 0) return null;
  const params: ToolParam[] = [];
  const fields: FieldBinding[] = [];
  const used = new Set<string>();
  g.fields.forEach((f, i) => {
    const base = fieldParamName(f, i);
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base}_${k}`;
    used.add(name);
    const { param, binding } = buildParam(f, name, fieldDescription(f), false);
    params.push({ ...param, name });
    fields.push({ ...binding, param: name });
  });
  const what = g.heading || g.ariaLabel || g.fields[0]!.label || g.fields[0]!.name;
  const base = `set_${slug(what, 30) || 'choices'}`;
  const where = what ? ` "${clip(what, 60)}"` : '';
  const description = `Check, uncheck or choose${where}: ${params.map((p) => p.name).join(', ')}. They have no button of their own, so nothing is sent: the page reacts to each change.`;
  const binding: FormBinding = {
    kind: 'form',
    purpose: 'other',
    sig: g.sig,
    idx: g.idx,
    fields,
    twoStep: false,
    declared: false,
    frame: g.frame,
    fillOnly: true,
  };
  return {
    base,
    score: g.inMain ? 55 : 42,
    order: g.order,
    tool: { name: base, description, params },
    binding,
    dedupeKey: `form:${g.sig}`,
  };
}
