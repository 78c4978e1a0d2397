/** SECURITY: param values (passwords!) never appear in results, errors or logs. */
import type { ToolParams } from '@pagemap/contracts';

/** Removes every param value from a text that may echo it (page-provided messages). */
export function redact(text: string, params: ToolParams | undefined): string {
  let out = text;
  for (const v of Object.values(params ?? {})) {
    for (const s of givenTexts(v)) {
      if (s.length >= 3) out = out.split(s).join('[redacted]');
    }
  }
  return out;
}

/** The texts a value gives: itself, each of a list, a text file's content (a file's name is no secret). */
function givenTexts(v: ToolParams[string]): string[] {
  const texts: string[] = [];
  for (const one of Array.isArray(v) ? v : [v]) {
    if (typeof one !== 'object') texts.push(String(one));
    else if ('text' in one) texts.push(one.text);
  }
  return texts;
}
