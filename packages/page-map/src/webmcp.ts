/**
 * WebMCP capture. Pages declare tools imperatively with
 * `navigator.modelContext.registerTool({name, description, inputSchema, execute})` (also reachable
 * as `document.modelContext` in some drafts, and `provideContext({tools})`). The script below runs
 * before any page script (evaluateOnNewDocument): it records every registration in a registry kept
 * under a non-enumerable Symbol.for key, creating a shim `modelContext` when the browser has none
 * and wrapping the native one when it exists. Tools are executed later through the page's own
 * `execute` handler.
 */
import type { Page } from 'puppeteer-core';
import { dialogsOf } from './dialogs';
import { activityInit } from './settle/in-page';
import { oneTabInit } from './one-tab';

export const WEBMCP_KEY = 'pagemap.webmcp';

/** Runs in the page before its scripts. Self-contained. */
export function webMcpInit(): void {
  const KEY = Symbol.for('pagemap.webmcp');
  const w = window as unknown as Record<symbol, unknown>;
  if (w[KEY]) return;
  interface Rec {
    name: string;
    description: string;
    inputSchema: unknown;
    execute: (args: unknown, client: unknown) => unknown;
  }
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
    unregisterTool(name: string) {
      tools.delete(name);
    },
    provideContext(ctx: { tools?: unknown[] } | undefined) {
      tools.clear();
      for (const t of ctx?.tools ?? []) record(t);
    },
    clearContext() {
      tools.clear();
    },
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

/**
 * Prepares a page before its first navigation: the WebMCP capture script, the settling signals
 * (settle/in-page.ts), new tabs opened in the page itself (one-tab.ts) and dialog handling
 * (dialogs.ts), so that a dialog during the first load is answered instead of hanging it.
 */
export async function preparePage(page: Page): Promise<void> {
  dialogsOf(page);
  await Promise.all([
    page.evaluateOnNewDocument(webMcpInit),
    page.evaluateOnNewDocument(activityInit),
    page.evaluateOnNewDocument(oneTabInit),
  ]);
}

export interface WebMcpCallResult {
  ok: boolean;
  missing?: boolean;
  error?: string;
}

/** Runs a captured tool's own execute handler in the page. */
export function callWebMcp(page: Page, name: string, args: Record<string, unknown>): Promise<WebMcpCallResult> {
  return page.evaluate(
    async (toolName: string, toolArgs: Record<string, unknown>) => {
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
    },
    name,
    args,
  );
}
