/**
 * @pagemap/sdk — the JavaScript/TypeScript SDK of Pagemap.
 *
 * ```ts
 * import { Pagemap } from '@pagemap/sdk';
 * const pm = new Pagemap(); // PAGEMAP_API_KEY, PAGEMAP_BASE_URL
 * const session = await pm.open('https://example.com/login');
 * await session.run('login', { username: 'alice', password: process.env.SITE_PASSWORD });
 * await session.close();
 * ```
 */
export { Pagemap, BrowserSession, SDK_VERSION } from './client.js';
export type { PagemapOptions, RequestOptions, ResponseMeta, WithMeta, BrowseInput, BrowseResult } from './client.js';
export * from './errors.js';
export type {
  BrowseRequest,
  BrowseResponse,
  Tool,
  ToolParam,
  ToolCall,
  ToolParams,
  ToolResult,
  ToolError,
  ToolErrorCode,
  UsageRecord,
  HealthRecord,
  SessionClosed,
  PlaygroundTokenResponse,
  ErrorCode,
  StoppedReason,
} from '@pagemap/contracts';
