/** WebMCP: the tools the page registered, read from the registry the capture script (serialized/webmcp-capture.ts) keeps. */
import type { RawWebMcpTool } from '../shared/page-script-types';
import { WEBMCP_KEY } from './serialized/webmcp-capture';

interface Registry {
  tools?: Map<string, { name: string; description: string; inputSchema: unknown }>;
}

const MAX_WEBMCP_TOOLS = 30;

export function webMcpTools(): RawWebMcpTool[] {
  const reg = (window as unknown as Record<symbol, unknown>)[Symbol.for(WEBMCP_KEY)] as Registry | undefined;
  return reg && reg.tools
    ? Array.from(reg.tools.values())
        .slice(0, MAX_WEBMCP_TOOLS)
        .map((t) => ({
          name: String(t.name),
          description: String(t.description ?? ''),
          inputSchema: JSON.parse(JSON.stringify(t.inputSchema ?? {})) as unknown,
        }))
    : [];
}
