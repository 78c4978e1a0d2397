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
export { Pagemap, SDK_VERSION } from './client.js';
export { BrowserSession } from './session.js';
export type {
  PagemapOptions,
  RequestOptions,
  ResponseMeta,
  WithMeta,
  BrowseInput,
  BrowseResult,
  SessionClient,
} from './types.js';
export * from './errors.js';
// The wire schemas (zod) and their types, bundled from the private contracts package at build
// time: exported as values too, so a declared `const` is never missing at run time, and callers
// can validate or narrow with the same schemas the client parses responses with.
export {
  BrowseRequest,
  BrowseResponse,
  Tool,
  ToolParam,
  ToolCall,
  ToolParams,
  ToolResult,
  ToolError,
  UsageRecord,
  HealthRecord,
  SessionClosed,
  PlaygroundTokenResponse,
  StoppedReason,
} from '@pagemap/contracts';
export type { ErrorCode, ToolErrorCode } from '@pagemap/contracts';
