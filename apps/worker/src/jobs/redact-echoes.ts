/**
 * Tool values a page echoes back in what the caller receives (dialog messages). page-map's
 * `redact` removes a value spelt exactly as typed; a page can just as well show it upper-cased,
 * lower-cased, reversed, URL-encoded or base64-encoded (a "confirm your code" alert, a hostile
 * page that wants the secret in an agent's transcript). Each of those spellings, in any letter
 * case, becomes `[redacted]`.
 */
import type { ToolCall } from '@pagemap/contracts';

const MIN_LENGTH = 3;

export function redactEchoes(text: string, calls: ToolCall[]): string {
  let out = text;
  for (const value of valuesOf(calls))
    for (const spelling of spellingsOf(value)) out = out.replace(new RegExp(escape(spelling), 'gi'), '[redacted]');
  return out;
}

function valuesOf(calls: ToolCall[]): string[] {
  const values = calls.flatMap((c) =>
    Object.values(c.params ?? {}).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)])),
  );
  // Longest first, so a value that contains another is removed whole.
  return values.filter((v) => v.length >= MIN_LENGTH).sort((a, b) => b.length - a.length);
}

function spellingsOf(value: string): string[] {
  const reversed = [...value].reverse().join('');
  return [...new Set([value, reversed, encodeURIComponent(value), Buffer.from(value).toString('base64')])];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
