/**
 * What a fill tells the agent its fields now hold (tools/kinds/form.ts puts it in the result), read
 * back from the page after fill-form.ts set them.
 */
import type { ToolParams } from '@pagemap/contracts';
import type { FormBinding } from './bindings';
import { redact } from './redact';
import type { ReadBack } from './shared/page-script-protocol';
import type { Value } from './validate-params';

/** Param types whose value is a choice among the page's own options (its words, not the caller's). */
const CHOICES = new Set(['enum', 'boolean', 'checkbox-group']);

/**
 * What the filled fields hold, by param. A choice says what is chosen (the page's option labels,
 * true/false). Typed text never comes back verbatim (SECURITY: a value given is never in a
 * result): "[as given]" when the field holds it as typed, else what the page made of it (a mask's
 * "(555) 123-4567"), with the values given (as validated and as sent) redacted; a password field
 * only ever "[secret]".
 */
export function filledValues(
  binding: FormBinding,
  values: Record<string, Value>,
  readBack: ReadBack[],
  given?: ToolParams,
): Record<string, string | boolean | string[]> {
  const out: Record<string, string | boolean | string[]> = {};
  for (const r of readBack) {
    const type = binding.fields.find((f) => f.param === r.param)?.type ?? '';
    if (r.value === undefined) out[r.param] = '[secret]';
    else if (CHOICES.has(type) || typeof r.value !== 'string') out[r.param] = r.value;
    else if (r.value.trim() === String(values[r.param] ?? '').trim()) out[r.param] = '[as given]';
    else out[r.param] = redact(redact(r.value, values as ToolParams), given);
  }
  return out;
}
