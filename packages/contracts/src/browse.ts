/** `POST /v1/browse` (docs/api.md#post-v1browse) and `DELETE /v1/session/{id}` (docs/api.md#delete-v1sessionid). */
import { z } from 'zod';
import { LIMITS } from './limits';
import { Tool, ToolCall, ToolParams, ToolResult } from './tools';

/** URL-safe session ids: base64url of at least 128 random bits. */
export const SessionId = z
  .string()
  .min(22)
  .max(LIMITS.maxSessionIdLength)
  .regex(/^[A-Za-z0-9_-]+$/, 'not a session id');

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

const ScreenshotFormat = z.enum(['jpeg', 'png']);
const JpegQuality = z.number().int().min(1).max(100);

/**
 * `screenshot` in a browse request (additive; docs/api.md): `true` for a JPEG of the viewport, or
 * the options. Full-page captures are cut at a bounded height (the response says `truncated`).
 */
export const ScreenshotRequest = z.union([
  z.boolean(),
  z.strictObject({
    full_page: z.boolean().optional(),
    format: ScreenshotFormat.optional(),
    /** JPEG quality, 1–100 (default 70); not allowed with PNG. */
    quality: JpegQuality.optional(),
  }),
]);
export type ScreenshotRequest = z.infer<typeof ScreenshotRequest>;

/** A screenshot as answered: base64 image data and what it shows. */
export const Screenshot = z.object({
  format: ScreenshotFormat,
  /** Pixels of the image. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  full_page: z.boolean(),
  /** True when a full page was taller than the capture bound and only its top is shown. */
  truncated: z.boolean(),
  data: z.string(),
});
export type Screenshot = z.infer<typeof Screenshot>;

export const BrowseRequest = z
  .strictObject({
    url: HttpUrl.optional(),
    session_id: SessionId.optional(),
    tool: z.string().min(1).max(200).optional(),
    params: ToolParams.optional(),
    tools: z.array(ToolCall).min(1).max(LIMITS.maxBatchTools).optional(),
    include_page_content: z.boolean().optional(),
    screenshot: ScreenshotRequest.optional(),
  })
  .superRefine((body, ctx) => {
    if (
      typeof body.screenshot === 'object' &&
      body.screenshot.format === 'png' &&
      body.screenshot.quality !== undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        message: '`quality` applies to JPEG screenshots only',
        path: ['screenshot', 'quality'],
      });
    }
    if ((body.url === undefined) === (body.session_id === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'exactly one of `url` or `session_id` is required', path: [] });
    }
    if (body.tool !== undefined && body.tools !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'send either `tool` or `tools`, not both', path: ['tools'] });
    }
    if (body.params !== undefined && body.tool === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: '`params` goes with `tool` (in a batch, each element carries its own `params`)',
        path: ['params'],
      });
    }
  });
export type BrowseRequest = z.infer<typeof BrowseRequest>;

/**
 * A JavaScript dialog (alert, confirm, prompt, beforeunload): its type, message and what happened
 * to it. `pending`: a confirm or prompt a tool opened waits for the `answer_dialog` tool.
 */
export const JsDialog = z.strictObject({
  type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']),
  message: z.string().max(500),
  status: z.enum(['accepted', 'dismissed', 'pending']),
});
export type JsDialog = z.infer<typeof JsDialog>;

/** Why a batch stopped early: a tool navigated, the time budget ran out, or a dialog waits for `answer_dialog`. */
export const StoppedReason = z.enum(['navigation', 'timeout', 'dialog']);
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
  /** Present when the request asked for `screenshot` (absent if the capture failed). */
  screenshot: Screenshot.optional(),
  /** JavaScript dialogs the page showed since the previous response, oldest first (absent when none). */
  dialogs: z.array(JsDialog).optional(),
  /** A cookie banner, newsletter pop-up or modal over the page (absent when none). */
  overlay: PageOverlay.optional(),
});
export type BrowseResponse = z.infer<typeof BrowseResponse>;

export const SessionClosed = z.object({ status: z.literal('closed') });
export type SessionClosed = z.infer<typeof SessionClosed>;

/** A screenshot request with its defaults filled in: what the job carries to the worker. */
export const ScreenshotOptions = z.object({
  fullPage: z.boolean(),
  format: ScreenshotFormat,
  quality: JpegQuality.optional(),
});
export type ScreenshotOptions = z.infer<typeof ScreenshotOptions>;

/** The options a request's `screenshot` asks for, defaults filled in; undefined for none. */
export function screenshotOptionsOf(req: ScreenshotRequest | undefined): ScreenshotOptions | undefined {
  if (req === undefined || req === false) return undefined;
  const o = req === true ? {} : req;
  const format = o.format ?? 'jpeg';
  return { fullPage: o.full_page ?? false, format, ...(format === 'jpeg' ? { quality: o.quality ?? 70 } : {}) };
}

/** The tool calls a browse request asks for, as one list (`tool` is a batch of one). */
export function toolCallsOf(body: BrowseRequest): ToolCall[] {
  if (body.tools) return body.tools;
  if (body.tool !== undefined) return [{ tool: body.tool, ...(body.params ? { params: body.params } : {}) }];
  return [];
}
