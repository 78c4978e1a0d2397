/**
 * WebMCP capture. Pages declare tools imperatively with
 * `navigator.modelContext.registerTool({name, description, inputSchema, execute})` (also reachable
 * as `document.modelContext` in some drafts, and `provideContext({tools})`). The script below runs
 * before any page script (evaluateOnNewDocument): it records every registration in a registry kept
 * under a non-enumerable Symbol.for key, creating a shim `modelContext` when the browser has none
 * and wrapping the native one when it exists. Tools are executed later through the page's own
 * `execute` handler.
 */

/** Where the registry is kept in the window (under Symbol.for): read by ../webmcp.ts and webmcp-call.ts. */
export const WEBMCP_KEY = 'pagemap.webmcp';

/** A registered tool as the registry keeps it. (A type only: the function below stays self-contained.) */
interface Rec {
  name: string;
  description: string;
  inputSchema: unknown;
  execute: (args: unknown, client: unknown) => unknown;
}

/** Runs in the page before its scripts. Self-contained. */
export function webMcpInit(): void {
  const KEY = Symbol.for('pagemap.webmcp');
  const w = window as unknown as Record<symbol, unknown>;
  if (w[KEY]) return;
  const tools = new Map<string, Rec>();
  Object.defineProperty(window, KEY, { value: { tools }, enumerable: false, configurable: false, writable: false });
  const record = (t: unknown): void => {
    const tool = t as Partial<Rec> | null;
    if (!tool || typeof tool.name !== 'string' || !tool.name) throw new TypeError('registerTool: a tool needs a name');
    if (typeof tool.execute !== 'function') throw new TypeError('registerTool: a tool needs an execute function');
    tools.set(tool.name, {
      name: tool.name,
      description: String(tool.description ?? ''),
      inputSchema: tool.inputSchema ?? { type: 'object', properties: {} },
      execute: tool.execute,
    });
  };
  const shim = {
    registerTool(t: unknown) {
      record(t);
      const name = (t as Rec).name;
      return { unregister: () => void tools.delete(name) };
    },
    unregisterTool: (name: string) => void tools.delete(name),
    provideContext(ctx: { tools?: unknown[] } | undefined) {
      tools.clear();
      for (const t of ctx?.tools ?? []) record(t);
    },
    clearContext: () => tools.clear(),
  };
  const wrap = (mc: Record<string, unknown>): void => {
    for (const m of ['registerTool', 'unregisterTool', 'provideContext', 'clearContext'] as const) {
      const orig = mc[m];
      if (typeof orig !== 'function') {
        mc[m] = (shim as Record<string, unknown>)[m];
        continue;
      }
      mc[m] = function (this: unknown, ...args: unknown[]) {
        try {
          (shim as unknown as Record<string, (...a: unknown[]) => unknown>)[m]!(...args);
        } catch {
          // the native implementation reports the error
        }
        return (orig as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  };
  for (const host of [navigator, document] as unknown as Record<string, unknown>[]) {
    try {
      const existing = host.modelContext as Record<string, unknown> | undefined;
      if (existing && typeof existing === 'object') wrap(existing);
      else Object.defineProperty(host, 'modelContext', { value: shim, configurable: true, enumerable: false });
    } catch {
      // a host object that refuses the property: the other one still works
    }
  }
}
