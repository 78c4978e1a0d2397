/** Builds the agent browser the adapters share, from a client or the options for one. */
import { Pagemap } from '../client.js';
import { AgentBrowser, type AgentToolsOptions } from './browser.js';

export function createAgentBrowser(options: AgentToolsOptions = {}): AgentBrowser {
  const { client, pagemap, ...rest } = options;
  return new AgentBrowser({ ...rest, client: client ?? new Pagemap(pagemap) });
}
