/**
 * `press_key {key, field?}`: a key press as a person makes it (trusted input), in a named field or
 * wherever the focus is: Enter to add or send, Escape to cancel an edit or close a popup, Tab to
 * leave a field, the arrows to move in a list, a grid or a slider. Offered on pages where something
 * listens for keys (../../listeners.ts), which is where a key can do anything.
 */
import type { PressKeyBinding, ToolParam } from '../../bindings';
import { ToolError } from '../../outcome';
import { callPageScript } from '../../page-script-host/call';
import type { RawPage } from '../../shared/page-script-types';
import { settle } from '../../settle/settle';
import { type Candidate, type RunContext, type ToolKind, settledOutcome } from './kind';

const KEYS = [
  'Enter',
  'Escape',
  'Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Backspace',
  'Delete',
  'Space',
] as const;
const MAX_FIELDS = 20;

/** Fields no key press is for: boxes are ticked, and a file input's files come from its dialog. */
const KEYLESS = new Set(['checkbox', 'radio', 'checkbox-group', 'file']);

/** The names of the page's typed fields, as their params describe them. */
function fieldNames(raw: RawPage): string[] {
  const names = raw.groups.flatMap((g) =>
    g.fields.filter((f) => !KEYLESS.has(f.type)).map((f) => f.label || f.placeholder || f.nearby),
  );
  return [...new Set(names.filter(Boolean))].slice(0, MAX_FIELDS);
}

function keyCandidate(raw: RawPage): Candidate | null {
  if (!raw.hearsKeys) return null;
  const fields = fieldNames(raw);
  const field: ToolParam = {
    name: 'field',
    description:
      'The field to press it in, by its label or placeholder; left out, the key goes to whatever has the focus.',
    type: 'string',
    required: false,
    ...(fields.length ? { options: fields } : {}),
  };
  return {
    base: 'press_key',
    score: 20,
    keep: 'name',
    order: 1e9 - 3,
    tool: {
      name: 'press_key',
      description:
        'Press a key as a person does, in a field or wherever the focus is: Enter adds or sends, Escape cancels or closes, Tab leaves a field, the arrows move in a list, grid or slider.',
      params: [
        { name: 'key', description: 'The key: one of the options.', type: 'enum', required: true, options: [...KEYS] },
        field,
      ],
    },
    binding: { kind: 'press_key' },
  };
}

async function press(ctx: RunContext): Promise<void> {
  const field = ctx.values.field;
  if (typeof field === 'string' && field) {
    const res = await callPageScript(ctx.page, { op: 'focusByName', name: field });
    if (res.op !== 'focusByName' || !res.ok)
      throw new ToolError('INVALID_PARAMS', 'No field on the page has that name; use one of the options of "field".');
  }
  const key = String(ctx.values.key);
  await ctx.page.keyboard.press(key === 'Space' ? ' ' : (key as 'Enter'));
}

export const pressKey: ToolKind<PressKeyBinding> = {
  build: (raw: RawPage) => [keyCandidate(raw)].filter((c): c is Candidate => c !== null),
  async run(_binding, ctx) {
    const r = await settle(ctx.page, ctx.deadline, () => press(ctx));
    return settledOutcome(ctx.call.tool, r);
  },
};
