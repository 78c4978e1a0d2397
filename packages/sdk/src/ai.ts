/**
 * `@pagemap/sdk/ai`: Pagemap as Vercel AI SDK tools. `browse(url)`, `read_page` and the current
 * page's own tools, with JSON-schema inputs. The `tools` object is live: after every call its
 * page tools are replaced by the new page's, and `generateText`/`streamText` read it again at
 * every step of a multi-step run, so the model always gets the tools of the page it is on.
 *
 * ```ts
 * const pagemap = pagemapTools({ secrets: { 'shop.example': { password: process.env.SHOP_PASSWORD! } } });
 * try {
 *   const { text } = await generateText({ model, tools: pagemap.tools, stopWhen: stepCountIs(12), prompt });
 * } finally {
 *   await pagemap.close();
 * }
 * ```
 */
import { jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import type { AgentBrowser, AgentToolsOptions } from './agent/browser.js';
import { createAgentBrowser } from './agent/create.js';
import type { ToolOutcome } from './agent/outcome.js';
import type { ToolDefinition } from './agent/page-tools.js';

export type { AgentBrowser, AgentClient, AgentToolsOptions } from './agent/browser.js';
export type { ToolDefinition } from './agent/page-tools.js';
export type { PageView, ToolOutcome, ToolOutcomeError } from './agent/outcome.js';
export type { SecretsInput, SiteSecrets } from './agent/secrets.js';

export interface PagemapAiTools {
  /** The live tool set: pass it as `tools`; it changes after every call. */
  readonly tools: ToolSet;
  /** The run's browser (its session id, its current definitions). */
  readonly browser: AgentBrowser;
  /** Closes the session. Call it when the run ends (a `finally`), also after errors. */
  close(): Promise<void>;
}

/** Every call goes through `run`, so the set is refreshed before the next step reads it. */
type Run = (name: string, input: Record<string, unknown>) => Promise<ToolOutcome>;

function aiTool(def: ToolDefinition, run: Run): Tool {
  return tool<Record<string, unknown>, ToolOutcome, Record<string, never>>({
    description: def.description,
    inputSchema: jsonSchema<Record<string, unknown>>(def.inputSchema),
    execute: (input) => run(def.name, input),
  });
}

/** Replaces the set's tools by the browser's current definitions, in place (the same object). */
function sync(tools: ToolSet, browser: AgentBrowser, run: Run): void {
  const wanted = new Set(browser.definitions.map((d) => d.name));
  for (const name of Object.keys(tools)) if (!wanted.has(name)) delete tools[name];
  for (const def of browser.definitions) tools[def.name] = aiTool(def, run);
}

export function pagemapTools(options: AgentToolsOptions = {}): PagemapAiTools {
  const browser = createAgentBrowser(options);
  const tools: ToolSet = {};
  const run: Run = async (name, input) => {
    try {
      return await browser.call(name, input);
    } finally {
      sync(tools, browser, run);
    }
  };
  sync(tools, browser, run);
  return { tools, browser, close: () => browser.close() };
}
