/**
 * What a tool call gives back to the model: the page after it (title, summary, the names of its
 * tools), the page tool's result, or an error with the contract's code and what to do about it.
 * Never an exception: a failed step is something the model reads and recovers from.
 */
import { ERROR_CODES, type BrowseResponse } from '@pagemap/contracts';

export interface PageView {
  url: string;
  title: string;
  summary: string;
  /** The tools callable now (the adapter's own and the page's, as the model names them). */
  tools: string[];
  page_content?: string;
}

export interface ToolOutcomeError {
  /** The contract's code (SESSION_EXPIRED, ELEMENT_GONE, …) or the adapter's (SECRET_NOT_ALLOWED, …). */
  code: string;
  message: string;
  /** What the model should do next. */
  action: string;
}

export interface ToolOutcome {
  ok: boolean;
  /** The page as it is after the call; absent when no page is open. */
  page?: PageView;
  /** The page tool's own result ({ tool, success, error }), when a page tool ran. */
  result?: NonNullable<BrowseResponse['results']>[number];
  error?: ToolOutcomeError;
}

/** Actions for the per-tool codes of `results[i].error`. */
const TOOL_ACTIONS: Record<string, string> = {
  ELEMENT_GONE: 'The page changed under the tool. Use the fresh tools listed in page.tools.',
  UNKNOWN_TOOL: 'Call one of the tools listed in page.tools.',
  INVALID_PARAMS: 'Fix the parameter the message names and call the tool again.',
  LOGIN_REJECTED: 'The site refused the credentials; do not retry with the same ones.',
  CAPTCHA_REQUIRED: 'The flow cannot complete here (CAPTCHAs are never solved); report it.',
  TWO_FACTOR_REQUIRED: 'A second factor is needed; report it to the user.',
  NEW_DEVICE_CHECK: 'The site wants to confirm a new device; report it to the user.',
  TOOL_TIMEOUT: 'Try again once, or choose another tool.',
};

/** Actions for the adapter's own codes. */
export const ADAPTER_ACTIONS: Record<string, string> = {
  SESSION_EXPIRED:
    'The browser session had expired; a new one was opened at the same address (sign-ins are lost). Use the tools listed in page.tools.',
  SECRET_NOT_ALLOWED: 'Use only the placeholders the tool description lists for this site.',
  UNKNOWN_SECRET: 'Use only the placeholders the tool description lists for this site.',
  NO_PAGE: 'Open a page with the browse tool first.',
  CLOSED: 'The run has ended; no more tools can run.',
  INVALID_INPUT: 'Call the tool again with the input its schema asks for.',
  CLIENT_ERROR: 'Try again once; if it fails again, report it.',
};

export function toolErrorAction(code: string): string {
  return TOOL_ACTIONS[code] ?? "Read the message; the page's current tools are listed in page.tools.";
}

export function apiErrorAction(code: string): string {
  const known = (ERROR_CODES as Record<string, { action: string } | undefined>)[code];
  return known?.action ?? ADAPTER_ACTIONS[code] ?? 'Read the message and decide; the page is unchanged.';
}

/** Errors thrown by the SDK client, recognised by shape (each entry point bundles its own classes). */
export function apiErrorOf(err: unknown): { code: string; message: string } | undefined {
  if (
    err instanceof Error &&
    typeof (err as { code?: unknown }).code === 'string' &&
    typeof (err as { status?: unknown }).status === 'number'
  )
    return { code: (err as unknown as { code: string }).code, message: err.message };
  return undefined;
}
