/**
 * Tool params in, exact values out: checks names, presence and types, and turns forgiving input
 * (see values.ts) into the exact value each control takes. Messages name params and the accepted
 * forms, never the values given (they may be secrets).
 */
import type { ToolParams } from '@pagemap/contracts';
import type { FieldBinding, ToolParam } from './bindings';
import type { PageTool } from './types';
import { ValueError, chooseOptions, exactValue, parseBoolean } from './values';
import { fileValues } from './file-values';
import type { FileData } from './shared/page-script-protocol';

/** A value as the page takes it: text, a number, on/off, a list of choices. */
type PlainValue = string | number | boolean | string[];
export type Value = PlainValue | FileData[];

/** A file (an object) or a list holding one, given where the param takes no file. */
const holdsFile = (v: unknown): boolean =>
  (typeof v === 'object' && v !== null && !Array.isArray(v)) ||
  (Array.isArray(v) && v.some((x) => typeof x !== 'string'));

export class ParamError extends Error {
  readonly code = 'INVALID_PARAMS' as const;
}

const optionList = (opts: string[]) =>
  `${opts
    .slice(0, 12)
    .map((o) => `"${o.slice(0, 40)}"`)
    .join(', ')}${opts.length > 12 ? ', …' : ''}`;

function enumValue(
  tool: PageTool,
  name: string,
  v: PlainValue,
  options: string[],
  field: FieldBinding | undefined,
): Value {
  const multiple = !!field?.multiple || tool.binding.kind === 'webmcp';
  if (Array.isArray(v) && !multiple)
    throw new ParamError(`Parameter "${name}" takes one value, one of: ${optionList(options)}.`);
  const labels = field?.options ?? options;
  const values = field?.optionValues?.length ? field.optionValues : labels;
  if (!labels.length) return v; // nothing to check against (the page declared no options)
  const chosen = chooseOptions(v, labels, values, multiple) ?? byAlias(v, values, field?.aliases);
  if (chosen === null) {
    const how = multiple
      ? 'one or more of its options (an array or a comma-separated list), by visible text or value'
      : 'one of its options, by visible text or value';
    throw new ParamError(`Parameter "${name}" must be ${how}: ${optionList(labels)}.`);
  }
  if (tool.binding.kind === 'webmcp') return Array.isArray(v) ? chosen : chosen[0]!;
  return multiple ? chosen : chosen[0]!;
}

/** One value given by the other words an option answers to (what a renamed button shows), as that option's value. */
function byAlias(v: PlainValue, values: string[], aliases: string[] | undefined): string[] | null {
  if (!aliases || Array.isArray(v)) return null;
  const want = String(v).trim().toLowerCase();
  const hits = aliases.flatMap((a, i) => (a && a.toLowerCase() === want ? [values[i]!] : []));
  return hits.length === 1 ? hits : null;
}

/** A form filled and not sent (`send: false`) takes the fields given: what sending requires may be left out. */
function fillsOnly(tool: PageTool, params: ToolParams): boolean {
  const sendParam = tool.binding.kind === 'form' ? tool.binding.sendParam : undefined;
  const given = sendParam ? params[sendParam] : undefined;
  return (
    (typeof given === 'boolean' || typeof given === 'string' || typeof given === 'number') &&
    parseBoolean(given) === false
  );
}

/** A file input's files (file-values.ts), its message a ParamError. */
function fileParam(name: string, v: unknown, multiple: boolean): FileData[] {
  try {
    return fileValues(name, v, multiple);
  } catch (err) {
    throw new ParamError((err as Error).message);
  }
}

/**
 * A param whose "" is a value, not a param left out: the new text of `edit_text` and `set_item`
 * ("" empties the box). Everywhere else "" means the param was not given.
 */
const takesEmpty = (tool: PageTool, name: string): boolean =>
  name === 'text' && (tool.binding.kind === 'edit' || tool.binding.kind === 'rows');

/** Checks names, presence and types; returns exact values. Throws ParamError. */
export function validateParams(tool: PageTool, params: ToolParams): Record<string, Value> {
  const defs = new Map(tool.tool.params.map((p) => [p.name, p]));
  for (const name of Object.keys(params)) {
    if (!defs.has(name))
      throw new ParamError(
        `Unknown parameter "${name.slice(0, 60)}" for tool ${tool.tool.name}; it takes: ${[...defs.keys()].join(', ') || 'no parameters'}.`,
      );
  }
  const fields = tool.binding.kind === 'form' ? tool.binding.fields : [];
  const unsent = fillsOnly(tool, params);
  const out: Record<string, Value> = {};
  for (const p of tool.tool.params) {
    const v = params[p.name] as PlainValue | null | undefined;
    if (v === undefined || v === null || (v === '' && !takesEmpty(tool, p.name))) {
      if (p.required && !unsent)
        throw new ParamError(`Missing required parameter "${p.name}" for tool ${tool.tool.name}.`);
      continue;
    }
    out[p.name] = exactParam(
      tool,
      p,
      v,
      fields.find((f) => f.param === p.name),
    );
  }
  return out;
}

/** One given param's exact value, by its type. Throws ParamError. */
function exactParam(tool: PageTool, p: ToolParam, v: PlainValue, field: FieldBinding | undefined): Value {
  if (p.type === 'file') return fileParam(p.name, v, !!field?.multiple);
  if (holdsFile(v))
    throw new ParamError(`Parameter "${p.name}" takes no file: its value is text, a number, true/false or a list.`);
  const inputType = field?.inputType ?? '';
  switch (p.type) {
    case 'boolean': {
      const b = Array.isArray(v) ? null : parseBoolean(v);
      if (b === null) throw new ParamError(`Parameter "${p.name}" must be true or false.`);
      return b;
    }
    case 'enum':
      return enumValue(tool, p.name, v, p.options ?? [], field);
    case 'number':
    case 'date': {
      if (Array.isArray(v) || typeof v === 'boolean')
        throw new ParamError(`Parameter "${p.name}" must be ${p.type === 'number' ? 'a number' : 'a single value'}.`);
      try {
        return exactValue(p.type === 'number' ? (inputType === 'range' ? 'range' : 'number') : inputType || 'date', v);
      } catch (err) {
        if (err instanceof ValueError)
          throw new ParamError(`Parameter "${p.name}" could not be read; it accepts ${err.message}.`);
        throw err;
      }
    }
    default:
      if (Array.isArray(v) || typeof v === 'boolean') throw new ParamError(`Parameter "${p.name}" must be a string.`);
      // Cut short by the page, a value (a user name, a card number) would reach the site as
      // something else; the agent hears it instead. The message gives the limit, not the value.
      if (p.max_length !== undefined && String(v).length > p.max_length) {
        throw new ParamError(
          `Parameter "${p.name}" takes at most ${p.max_length} characters on this page (the field's limit); the value given is longer.`,
        );
      }
      return String(v);
  }
}
