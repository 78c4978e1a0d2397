#!/usr/bin/env node
/**
 * `pagemap agent "<goal>" --url <start>`: an example agent on the Anthropic tool-use loop.
 * Claude plays the model (ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL for another Messages API),
 * Pagemap the browser (PAGEMAP_API_KEY, PAGEMAP_BASE_URL). Site secrets come from a JSON file
 * (`--secrets secrets.json`: `{ "example.com": { "password": "…" } }`) and never reach the model.
 * Progress goes to stderr, the agent's answer to stdout.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { runAnthropicAgent } from './anthropic.js';
import { Pagemap } from './client.js';

const USAGE = `usage: pagemap agent "<goal>" --url <start url> [--model <id>] [--secrets <file.json>] [--max-steps <n>]
env: ANTHROPIC_API_KEY (required), ANTHROPIC_BASE_URL, PAGEMAP_API_KEY, PAGEMAP_BASE_URL, PAGEMAP_AGENT_MODEL`;

/** The agent's environment, parsed once. */
const NO_KEY = 'ANTHROPIC_API_KEY is not set: the example agent uses Claude as its model.';
const AgentEnv = z.object({
  ANTHROPIC_API_KEY: z.string({ error: NO_KEY }).min(1, NO_KEY),
  PAGEMAP_AGENT_MODEL: z.string().min(1).default('claude-sonnet-4-5'),
});

const Secrets = z.record(z.string(), z.record(z.string(), z.string()));

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      model: { type: 'string' },
      secrets: { type: 'string' },
      'max-steps': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  const [command, goal] = positionals;
  if (command !== 'agent' || !goal) throw new UsageError('Give the command `agent` and a goal.');
  if (!values.url || !/^https?:\/\//.test(values.url)) throw new UsageError('--url must be an absolute http(s) URL.');
  const maxSteps = values['max-steps'] === undefined ? 20 : Number(values['max-steps']);
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new UsageError('--max-steps must be a positive integer.');
  const secrets = values.secrets ? Secrets.parse(JSON.parse(readFileSync(values.secrets, 'utf8'))) : undefined;
  return { goal, url: values.url, model: values.model, maxSteps, secrets };
}

/** The Anthropic SDK is an optional peer of this package: say how to get it when it is missing. */
async function loadAnthropic(): Promise<typeof Anthropic> {
  try {
    // (The dynamic import is typed as the ES module flavour of the same class.)
    return (await import('@anthropic-ai/sdk')).default as unknown as typeof Anthropic;
  } catch {
    throw new UsageError('The example agent needs the Anthropic SDK: npm install @anthropic-ai/sdk');
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (!args) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const AnthropicClient = await loadAnthropic();
  const env = AgentEnv.safeParse(process.env);
  if (!env.success) throw new UsageError(env.error.issues.map((i) => i.message).join('; '));
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('interrupted')));
  const result = await runAnthropicAgent({
    anthropic: new AnthropicClient({ apiKey: env.data.ANTHROPIC_API_KEY }),
    model: args.model ?? env.data.PAGEMAP_AGENT_MODEL,
    goal: args.goal,
    startUrl: args.url,
    maxSteps: args.maxSteps,
    client: new Pagemap(),
    signal: controller.signal,
    ...(args.secrets ? { secrets: args.secrets } : {}),
    onStep: (reply) => {
      for (const b of reply.content)
        if (b.type === 'tool_use') process.stderr.write(`→ ${b.name} ${JSON.stringify(b.input)}\n`);
    },
  });
  process.stdout.write(`${result.text}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage =
      err instanceof UsageError ||
      err instanceof z.ZodError ||
      err instanceof SyntaxError ||
      String((err as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`pagemap: ${err instanceof Error ? err.message : String(err)}\n${usage ? `${USAGE}\n` : ''}`);
    process.exitCode = usage ? 2 : 1;
  },
);
