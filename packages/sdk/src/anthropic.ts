/**
 * `@pagemap/sdk/anthropic`: Pagemap for the Anthropic Messages API's tool use. `anthropicTools`
 * gives the tool definitions of the page the run is on (send them with every request: they
 * change after every call), `runToolUses` answers a reply's `tool_use` blocks with
 * `tool_result` blocks, and `runAnthropicAgent` is the whole loop.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AgentBrowser, AgentToolsOptions } from './agent/browser.js';
import { createAgentBrowser } from './agent/create.js';

export type { AgentBrowser, AgentClient, AgentToolsOptions } from './agent/browser.js';
export type { ToolDefinition } from './agent/page-tools.js';
export { createAgentBrowser } from './agent/create.js';
export type { PageView, ToolOutcome, ToolOutcomeError } from './agent/outcome.js';
export type { SecretsInput, SiteSecrets } from './agent/secrets.js';

type Tool = Anthropic.Messages.Tool;
type MessageParam = Anthropic.Messages.MessageParam;
type ToolResultBlockParam = Anthropic.Messages.ToolResultBlockParam;

/** The tool definitions callable now. */
export function anthropicTools(browser: AgentBrowser): Tool[] {
  return browser.definitions.map((d) => ({
    name: d.name,
    description: d.description,
    input_schema: d.inputSchema,
  }));
}

/** Runs the `tool_use` blocks of a reply, in order; one `tool_result` each (`is_error` for failures). */
export async function runToolUses(
  browser: AgentBrowser,
  content: readonly Anthropic.Messages.ContentBlock[],
): Promise<ToolResultBlockParam[]> {
  const results: ToolResultBlockParam[] = [];
  for (const block of content) {
    if (block.type !== 'tool_use') continue;
    const input =
      block.input !== null && typeof block.input === 'object' ? (block.input as Record<string, unknown>) : {};
    const outcome = await browser.call(block.name, input);
    results.push({
      type: 'tool_result',
      tool_use_id: block.id,
      content: JSON.stringify(outcome),
      ...(outcome.ok ? {} : { is_error: true }),
    });
  }
  return results;
}

export interface AnthropicAgentOptions {
  /** An Anthropic client (`new Anthropic()`; `baseURL` may point at any Messages API). */
  anthropic: Anthropic;
  /** Model id, e.g. `claude-sonnet-4-5`. */
  model: string;
  goal: string;
  /** Opened before the first model call, so its tools are there from the start. */
  startUrl?: string;
  system?: string;
  /** Model calls at most (default 20). */
  maxSteps?: number;
  /** `max_tokens` of each model call (default 2048). */
  maxTokens?: number;
  /** Called after each model reply (progress output). */
  onStep?: (reply: Anthropic.Messages.Message) => void;
}

export interface AnthropicAgentResult {
  text: string;
  messages: MessageParam[];
  steps: number;
}

const DEFAULT_SYSTEM =
  'You browse the web with tools. Each page gives you its own tools; the list changes after every call. Credentials are written as placeholders like {{secret:password}}: never ask for or guess real values.';

/** The loop: call the model with the current tools, answer its tool uses, until it stops using tools. */
export async function runAnthropicAgent(
  options: AnthropicAgentOptions & AgentToolsOptions,
): Promise<AnthropicAgentResult> {
  const {
    anthropic,
    model,
    goal,
    startUrl,
    system = DEFAULT_SYSTEM,
    maxSteps = 20,
    maxTokens = 2048,
    onStep,
    ...rest
  } = options;
  const browser = createAgentBrowser(rest as AgentToolsOptions);
  const messages: MessageParam[] = [];
  try {
    let intro = goal;
    if (startUrl) intro += `\n\nThe start page is open:\n${JSON.stringify(await browser.open(startUrl))}`;
    messages.push({ role: 'user', content: intro });
    for (let step = 1; step <= maxSteps; step++) {
      const reply = await anthropic.messages.create(
        { model, max_tokens: maxTokens, system, tools: anthropicTools(browser), messages },
        rest.signal ? { signal: rest.signal } : undefined,
      );
      onStep?.(reply);
      messages.push({ role: 'assistant', content: reply.content });
      const results = reply.stop_reason === 'tool_use' ? await runToolUses(browser, reply.content) : [];
      if (results.length === 0) return { text: textOf(reply), messages, steps: step };
      messages.push({ role: 'user', content: results });
    }
    return { text: '', messages, steps: maxSteps };
  } finally {
    await browser.close();
  }
}

function textOf(reply: Anthropic.Messages.Message): string {
  return reply.content
    .filter((b): b is Anthropic.Messages.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
}
