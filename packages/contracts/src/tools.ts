/** Tools: what a page offers, what a caller asks to run, and what comes back (docs/api.md#post-v1browse). */
import { z } from 'zod';

/** A tool parameter. `name` and `description` are the contract's; the rest is additive. */
export const ToolParam = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(['string', 'number', 'boolean', 'email', 'password', 'url', 'date', 'enum', 'text', 'file']).optional(),
  required: z.boolean().optional(),
  /** Allowed values, for selects and radio groups (none for a list longer than 50: its description says how many, and any is taken by its text). */
  options: z.array(z.string()).optional(),
  /**
   * The most characters the field takes (its `maxlength`). A person's typing stops there, so a
   * longer value would reach the site cut short; it is refused with INVALID_PARAMS instead.
   */
  max_length: z.number().int().positive().optional(),
});
export type ToolParam = z.infer<typeof ToolParam>;

export const Tool = z.object({
  name: z.string(),
  description: z.string(),
  params: z.array(ToolParam),
});
export type Tool = z.infer<typeof Tool>;

/** Per-tool failure codes, inside `results[i].error.code`. Stable: only add. */
export const TOOL_ERROR_CODES = {
  UNKNOWN_TOOL: "No tool of that name on the current page; the response carries the page's tools.",
  INVALID_PARAMS: 'A parameter is missing, unknown, or of the wrong type; the message names it.',
  ELEMENT_GONE:
    'The element behind the tool is no longer on the page (the page re-rendered) and could not be found again.',
  NOT_ALLOWED: 'The target of the tool is refused: a non-public address or a blocked identity-provider domain.',
  NAVIGATION_FAILED: 'The navigation the tool started could not load its page.',
  LOGIN_REJECTED: 'The site said the credentials were wrong.',
  CAPTCHA_REQUIRED: 'The site presents a CAPTCHA; it is never solved or bypassed, so the flow cannot complete.',
  TWO_FACTOR_REQUIRED: 'The site asks for a second factor (one-time code or approval on another device).',
  NEW_DEVICE_CHECK: 'The site asks to confirm a new or unrecognized device or browser.',
  TOOL_TIMEOUT: 'The tool did not finish within its time budget.',
  TOOL_FAILED: 'The tool ran but the page reported an error; the message says what.',
  LOGIN_AUTOMATION_SUSPENDED:
    'Login automation is suspended for the account (automatic abuse detection); the sign-in tool did not run and is not billed. Browsing without signing in still works.',
  FIELD_NOT_SET:
    "A field did not take the value given (the page's own widget refused or changed it); the message names the field and what it holds. The form was not sent.",
} as const;
export type ToolErrorCode = keyof typeof TOOL_ERROR_CODES;
export const TOOL_ERROR_CODE_NAMES = Object.keys(TOOL_ERROR_CODES) as [ToolErrorCode, ...ToolErrorCode[]];

/** `error` of a failed ToolResult (the contract leaves it open; this is ours). */
export const ToolError = z.object({
  code: z.enum(TOOL_ERROR_CODE_NAMES),
  message: z.string(),
});
export type ToolError = z.infer<typeof ToolError>;

export const ToolResult = z.object({
  tool: z.string(),
  success: z.boolean(),
  error: ToolError.nullable(),
  /**
   * Additive, form tools on success: what each filled param's field holds once filled, read back
   * from the page before the form was sent. A choice: the chosen option labels, true/false for a
   * box. Typed text never comes back verbatim: "[as given]" when the field holds it as typed, else
   * what the page made of it (a mask's "(555) 123-4567"); a password field only "[secret]".
   */
  filled: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())])).optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;

/** The most characters of a file's content in a request (its text, or its bytes in base64); the body limit bounds it too. */
const MAX_FILE_CHARS = 90_000;
const FileName = z.string().min(1).max(255);
const MediaType = z.string().max(100).optional();

/**
 * A file for a param of type `file` (a file input): its name and its content, as text or as
 * base64 of its bytes; `type` is its media type (else taken from the name's extension).
 */
export const FileValue = z.union([
  z.strictObject({ name: FileName, text: z.string().max(MAX_FILE_CHARS), type: MediaType }),
  z.strictObject({ name: FileName, base64: z.string().max(MAX_FILE_CHARS), type: MediaType }),
]);
export type FileValue = z.infer<typeof FileValue>;

/**
 * Parameter values: strings, numbers or booleans (a checkbox), a list for multi-selects, and
 * for a file input a file or a list of files.
 */
export const ParamValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(100),
  FileValue,
  z.array(FileValue).max(20),
]);
export const ToolParams = z.record(z.string().max(200), ParamValue);
export type ToolParams = z.infer<typeof ToolParams>;

/** One element of the `tools` batch in a browse request. */
export const ToolCall = z.strictObject({
  tool: z.string().min(1).max(200),
  params: ToolParams.optional(),
});
export type ToolCall = z.infer<typeof ToolCall>;
