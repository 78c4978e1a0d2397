/** WebMCP: the tools the page registered, from the registry the capture script (serialized/webmcp-capture.ts) keeps in the page's world. */
export { webMcpTools } from './main-world';
