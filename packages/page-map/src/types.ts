/**
 * The page-map API the worker programs against. Everything here is internal to the service:
 * only `Tool` (and ToolResult) reach the wire; a `ToolBinding` never leaves the worker.
 */
import type { Tool, ToolCall, ToolResult } from '@pagemap/contracts';
import type { ToolBinding } from './bindings';

export type { ToolBinding } from './bindings';

export interface PageTool {
  tool: Tool;
  binding: ToolBinding;
}

/** What a page shows instead of content, when it is not content. */
export interface BlockSignal {
  kind: 'challenge' | 'access_denied';
  /** Vendor or flavour, e.g. 'cloudflare', 'akamai', 'datadome', 'http-403'. */
  vendor: string;
}

export interface PageMap {
  /** Final URL after redirects. */
  url: string;
  title: string;
  /** Ranked, unique, capped; always includes `navigate`, and `follow_link` when the page has links. */
  tools: PageTool[];
  /** Main text of the page, bounded, for the summarizer. */
  text: string;
  /** Main content as Markdown; only when asked for. */
  markdown?: string;
  /** Hash of the page's structure (forms, fields, links) for the page-map cache key. */
  structureHash: string;
  /** A challenge or access-denied page, when the page is one. */
  block: BlockSignal | null;
  /** A cookie banner, newsletter pop-up or modal over the page, when there is one. */
  overlay: PageOverlay | null;
}

/** What covers the page: its kind, its heading, and the tool (and choices) that dismiss it. */
export interface PageOverlay {
  kind: 'cookie_consent' | 'newsletter' | 'modal';
  label: string;
  /** Name of the tool that dismisses it (`dismiss_overlay`), when it has buttons to press. */
  tool: string | null;
  choices: string[];
}

export interface ExtractOptions {
  includeContent: boolean;
  /** Most tools to return (default 30). */
  maxTools?: number;
  /** HTTP status of the main document, when known (403/429 help to classify blocks). */
  status?: number;
  /**
   * Timing hook: told how long the in-page round trips ('extract'), the wait for a page still
   * rendering ('render') and the work in Node over their result ('analyse': block detection, tool
   * naming, hashing) took, in ms.
   */
  onTiming?: (part: 'extract' | 'analyse' | 'render', ms: number) => void;
  /**
   * A page that has nothing to offer yet but is still rendering (settle/render.ts) is read again
   * as it changes, for at most this long (ms). For freshly loaded pages; unset: read once.
   */
  awaitRenderMs?: number;
}

export interface RunToolOptions {
  /** Time budget of this tool, ms. */
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Asked before the runner navigates to a URL it was given (navigate, follow_link): returns a
   * per-tool error (e.g. NOT_ALLOWED for blocked identity-provider domains) or null to proceed.
   */
  checkUrl?: (url: string) => { code: 'NOT_ALLOWED'; message: string } | null;
}

export interface ToolRunOutcome {
  result: ToolResult;
  /** The tool caused a top-level navigation (ends a batch with stopped_reason "navigation"). */
  navigated: boolean;
  /** A login tool ran: the session holds (or tried to get) authenticated state from now on. */
  login: boolean;
}

export interface SummaryInput {
  url: string;
  title: string;
  text: string;
}

export interface Summary {
  summary: string;
  /** 'model' when Claude wrote it, 'offline' for the built-in summarizer, 'fallback' when the model failed or was slow. */
  source: 'model' | 'offline' | 'fallback';
}

export interface Summarizer {
  summarize(input: SummaryInput, signal?: AbortSignal): Promise<Summary>;
  /** For /health?deep=true: 'ok', or why not. */
  check(): Promise<'ok' | string>;
}

export type { Tool, ToolCall, ToolResult };
