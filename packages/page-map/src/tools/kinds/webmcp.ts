/**
 * A tool the page registered through WebMCP (`navigator.modelContext.registerTool`): its params
 * come from its input schema, and a call runs the page's own execute handler.
 */
import type { WebMcpBinding } from '../../bindings';
import { dialogsOf } from '../../dialogs';
import type { RawPage, RawWebMcpTool } from '../../shared/page-script-types';
import { fail, ok, remainingOf } from '../../outcome';
import { redact } from '../../redact';
import { settle } from '../../settle/settle';
import type { ToolRunOutcome } from '../../types';
import { callWebMcp, type WebMcpCallResult } from '../../webmcp';
import { clip } from '../params';
import type { ToolParam } from '../../bindings';
import type { Candidate, RunContext, ToolKind } from './kind';

function webMcpCandidate(t: RawWebMcpTool, order: number): Candidate {
  const params: ToolParam[] = [];
  const schema = (t.inputSchema ?? {}) as {
    properties?: Record<string, { type?: string; description?: string; enum?: unknown[] }>;
    required?: string[];
  };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, p] of Object.entries(schema.properties ?? {}).slice(0, 30)) {
    const param: ToolParam = {
      name,
      description: clip(String(p?.description ?? name), 300),
      required: required.has(name),
    };
    const ty = p?.type;
    if (Array.isArray(p?.enum)) {
      param.type = 'enum';
      param.options = p.enum.slice(0, 50).map(String);
    } else if (ty === 'number' || ty === 'integer') param.type = 'number';
    else if (ty === 'boolean') param.type = 'boolean';
    else if (ty === 'string') param.type = 'string';
    params.push(param);
  }
  return {
    base: t.name,
    score: 86,
    order,
    tool: { name: t.name, description: clip(t.description || `Tool "${t.name}" provided by the page.`, 500), params },
    binding: { kind: 'webmcp', name: t.name, schema: t.inputSchema },
  };
}

/** Runs the page's handler within the deadline; 'timeout' when it has not answered by then. */
async function callWithin(ctx: RunContext, binding: WebMcpBinding) {
  let res: WebMcpCallResult | 'timeout' = 'timeout';
  let timer: NodeJS.Timeout | undefined;
  const r = await settle(ctx.page, ctx.deadline, async () => {
    res = await Promise.race([
      callWebMcp(ctx.page, binding.name, ctx.values as Record<string, unknown>).catch((e: Error) =>
        /context was destroyed|navigat/i.test(e.message) ? { ok: true } : { ok: false, error: 'the tool failed' },
      ),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remainingOf(ctx.deadline)))),
    ]);
    clearTimeout(timer);
  });
  return { r, out: res as WebMcpCallResult | 'timeout' };
}

async function runWebMcp(binding: WebMcpBinding, ctx: RunContext): Promise<ToolRunOutcome> {
  const name = ctx.call.tool;
  const { r, out } = await callWithin(ctx, binding);
  if (out === 'timeout' && dialogsOf(ctx.page).pending) return ok(name, r.navigated); // the page's tool asks the agent
  if (out === 'timeout' || r.timedOut)
    return fail(name, 'TOOL_TIMEOUT', "The page's tool did not finish within the time budget.", r.navigated);
  if (out.missing)
    return fail(name, 'ELEMENT_GONE', 'The page no longer provides this tool; see the fresh tool list.', r.navigated);
  if (!out.ok)
    return fail(
      name,
      'TOOL_FAILED',
      `The page's tool reported an error: ${redact(out.error ?? 'unknown error', ctx.call.params)}`,
      r.navigated,
    );
  return ok(name, r.navigated);
}

export const webmcp: ToolKind<WebMcpBinding> = {
  // Ordered before every element of the page: of equal score, the tools the page declared come first.
  build: (raw: RawPage) => raw.webmcp.map((t, i) => webMcpCandidate(t, -100 + i)),
  run: runWebMcp,
};
