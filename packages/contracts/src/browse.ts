/** `POST /v1/browse` (contract §4.1) and `DELETE /v1/session/{id}` (§4.2). */
import { z } from 'zod';
import { LIMITS } from './limits';
import { Tool, ToolCall, ToolParams, ToolResult } from './tools';

/** URL-safe session ids: base64url of at least 128 random bits. */
export const SessionId = z.string().min(22).max(LIMITS.maxSessionIdLength).regex(/^[A-Za-z0-9_-]+$/, 'not a session id');

/** An absolute http(s) URL. Anything else (`file:`, `javascript:`, relative) is refused here, before any work. */
export const HttpUrl = z
  .string()
  .min(1)
  .max(LIMITS.maxUrlLength)
  .refine((value) => {
    try {
      const u = new URL(value);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be an absolute http:// or https:// URL');

export const BrowseRequest = z
  .strictObject({
    url: HttpUrl.optional(),
    session_id: SessionId.optional(),
    tool: z.string().min(1).max(200).optional(),
    params: ToolParams.optional(),
    tools: z.array(ToolCall).min(1).max(LIMITS.maxBatchTools).optional(),
    include_page_content: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.url === undefined) === (body.session_id === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'exactly one of `url` or `session_id` is required', path: [] });
    }
    if (body.tool !== undefined && body.tools !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'send either `tool` or `tools`, not both', path: ['tools'] });
    }
    if (body.params !== undefined && body.tool === undefined) {
      ctx.addIssue({ code: 'custom', message: '`params` goes with `tool` (in a batch, each element carries its own `params`)', path: ['params'] });
    }
  });
export type BrowseRequest = z.infer<typeof BrowseRequest>;

export const StoppedReason = z.enum(['navigation', 'timeout']);
export type StoppedReason = z.infer<typeof StoppedReason>;

/**
 * Additive: a cookie banner, newsletter pop-up or modal over the page. The page's tools are listed
 * regardless; `tool` (dismiss_overlay) presses one of `choices` (accept, reject, close …).
 */
export const PageOverlay = z.object({
  kind: z.enum(['cookie_consent', 'newsletter', 'modal']),
  label: z.string(),
  tool: z.string().nullable(),
  choices: z.array(z.string()),
});
export type PageOverlay = z.infer<typeof PageOverlay>;

export const BrowseResponse = z.object({
  session_id: SessionId,
  expires_at: z.iso.datetime(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  tools: z.array(Tool),
  page_content: z.string().optional(),
  results: z.array(ToolResult).optional(),
  stopped_reason: StoppedReason.optional(),
  overlay: PageOverlay.optional(),
});
export type BrowseResponse = z.infer<typeof BrowseResponse>;

export const SessionClosed = z.object({ status: z.literal('closed') });
export type SessionClosed = z.infer<typeof SessionClosed>;

/** The tool calls a browse request asks for, as one list (`tool` is a batch of one). */
export function toolCallsOf(body: BrowseRequest): ToolCall[] {
  if (body.tools) return body.tools;
  if (body.tool !== undefined) return [{ tool: body.tool, ...(body.params ? { params: body.params } : {}) }];
  return [];
}
