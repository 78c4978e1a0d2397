/**
 * Runs a captured WebMCP tool's own execute handler in the page (webmcp-capture.ts keeps the
 * registry). Serialized on its own by page.evaluate: self-contained, it may import nothing.
 */

export interface WebMcpCallResult {
  ok: boolean;
  missing?: boolean;
  error?: string;
}

export async function runWebMcpTool(toolName: string, toolArgs: Record<string, unknown>): Promise<WebMcpCallResult> {
  const reg = (
    window as unknown as Record<
      symbol,
      { tools: Map<string, { execute: (a: unknown, c: unknown) => unknown }> } | undefined
    >
  )[Symbol.for('pagemap.webmcp')];
  const t = reg?.tools.get(toolName);
  if (!t) return { ok: false, missing: true };
  const client = { requestUserInteraction: async (cb: () => unknown) => cb() };
  try {
    const out = (await t.execute(toolArgs, client)) as
      | { isError?: boolean; content?: { type?: string; text?: string }[] }
      | undefined;
    if (out && out.isError) {
      const msg = Array.isArray(out.content) ? out.content.map((c) => c.text ?? '').join(' ') : '';
      return { ok: false, error: msg.slice(0, 200) || 'the page reported an error' };
    }
    return { ok: true };
  } catch (err) {
    return { ok: false, error: String((err as Error)?.message ?? err).slice(0, 200) };
  }
}
