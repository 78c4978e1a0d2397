/**
 * `@pagemap/sdk/langchain`: Pagemap as LangChain.js structured tools. `browse(url)`, `read_page`
 * and the current page's own tools, with JSON-schema inputs; `tools()` answers the set of the
 * page the run is on now, so bind it again before each model call (`runLangChainAgent` does).
 * A tool returns the outcome as JSON text; failures are outcomes too, never thrown.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type AIMessage, type BaseMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, ToolInputParsingException } from '@langchain/core/tools';
import type { AgentBrowser, AgentToolsOptions } from './agent/browser.js';
import { createAgentBrowser } from './agent/create.js';
import type { ToolDefinition } from './agent/page-tools.js';

export type { AgentBrowser, AgentClient, AgentToolsOptions } from './agent/browser.js';
export type { ToolDefinition } from './agent/page-tools.js';
export type { PageView, ToolOutcome, ToolOutcomeError } from './agent/outcome.js';
export type { SecretsInput, SiteSecrets } from './agent/secrets.js';

export interface PagemapLangChainTools {
  /** The tools callable now (they change after every call: the page changed). */
  tools(): DynamicStructuredTool[];
  readonly browser: AgentBrowser;
  /** Closes the session; call it when the run ends, also after errors. */
  close(): Promise<void>;
}

function langChainTool(def: ToolDefinition, browser: AgentBrowser): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name: def.name,
    description: def.description,
    schema: def.inputSchema,
    func: async (input: Record<string, unknown>) => JSON.stringify(await browser.call(def.name, input)),
  });
}

export function pagemapLangChainTools(options: AgentToolsOptions = {}): PagemapLangChainTools {
  const browser = createAgentBrowser(options);
  return {
    tools: () => browser.definitions.map((d) => langChainTool(d, browser)),
    browser,
    close: () => browser.close(),
  };
}

export interface LangChainAgentOptions {
  /** A chat model that supports tool calling (`bindTools`). */
  model: BaseChatModel;
  /** The task, as the first user message. */
  goal: string;
  /** Where to start: opened before the first model call, so its tools are there from the start. */
  startUrl?: string;
  system?: string;
  /** Model calls at most (default 20). */
  maxSteps?: number;
}

export interface LangChainAgentResult {
  /** The model's last text. */
  text: string;
  messages: BaseMessage[];
  steps: number;
}

const DEFAULT_SYSTEM =
  'You browse the web with tools. Each page gives you its own tools; the list changes after every call. Credentials are written as placeholders like {{secret:password}}: never ask for or guess real values.';

/**
 * A tool-calling loop: bind the current tools, call the model, run the tools it called, until
 * it answers without tool calls. One session for the run, closed at the end, also on errors.
 */
export async function runLangChainAgent(
  options: LangChainAgentOptions & AgentToolsOptions,
): Promise<LangChainAgentResult> {
  const { model, goal, startUrl, system = DEFAULT_SYSTEM, maxSteps = 20, ...toolOptions } = options;
  if (!model.bindTools) throw new TypeError('The model does not support tool calling (no bindTools).');
  const kit = pagemapLangChainTools(toolOptions as AgentToolsOptions);
  const messages: BaseMessage[] = [new SystemMessage(system)];
  try {
    let intro = goal;
    if (startUrl) intro += `\n\nThe start page is open:\n${JSON.stringify(await kit.browser.open(startUrl))}`;
    messages.push(new HumanMessage(intro));
    for (let step = 1; step <= maxSteps; step++) {
      const tools = kit.tools();
      const reply = (await model.bindTools(tools).invoke(messages, { signal: toolOptions.signal })) as AIMessage;
      messages.push(reply);
      const calls = reply.tool_calls ?? [];
      if (calls.length === 0) return { text: reply.text, messages, steps: step };
      for (const call of calls) {
        const content = await runToolCall(tools, kit.browser, call.name, call.args);
        messages.push(new ToolMessage({ content, tool_call_id: call.id ?? call.name, name: call.name }));
      }
    }
    return { text: '', messages, steps: maxSteps };
  } finally {
    await kit.close();
  }
}

/** One tool call's result text; input the tool's schema refuses comes back as an outcome too. */
async function runToolCall(
  tools: DynamicStructuredTool[],
  browser: AgentBrowser,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return JSON.stringify(await browser.call(name, args));
  try {
    return String(await tool.invoke(args));
  } catch (err) {
    if (!(err instanceof ToolInputParsingException)) throw err;
    return JSON.stringify({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: err.message,
        action: 'Call the tool again with the input its schema asks for.',
      },
    });
  }
}
