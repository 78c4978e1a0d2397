/** SECURITY: param values (passwords!) never appear in results, errors or logs. */
import type { ToolParams } from '@pagemap/contracts';

/** Removes every param value from a text that may echo it (page-provided messages). */
export function redact(text: string, params: ToolParams | undefined): string {
  let out = text;
  for (const v of Object.values(params ?? {})) {
    for (const s of Array.isArray(v) ? v : [String(v)]) {
      if (s.length >= 3) out = out.split(s).join('[redacted]');
    }
  }
  return out;
}
