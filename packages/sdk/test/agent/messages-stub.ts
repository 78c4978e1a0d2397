/**
 * A local stand-in of the Anthropic Messages API (`POST /v1/messages`) for the Anthropic SDK's
 * `baseURL`: it plays a fixed script of replies and records every request body it receives.
 * A step may be a function of the request, so a script can look at what the agent sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubMove = { tool: string; input: Record<string, unknown> } | string;
export interface StubRequest {
  body: string;
  json: {
    model: string;
    tools?: { name: string; description: string; input_schema: { properties: Record<string, unknown> } }[];
    messages: { role: string; content: unknown }[];
  };
}

export interface MessagesStub {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

function reply(move: StubMove, n: number) {
  const content =
    typeof move === 'string'
      ? [{ type: 'text', text: move }]
      : [{ type: 'tool_use', id: `toolu_${n}`, name: move.tool, input: move.input }];
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model: 'stub-model',
    content,
    stop_reason: typeof move === 'string' ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

export async function startMessagesStub(
  script: (StubMove | ((req: StubRequest) => StubMove))[],
): Promise<MessagesStub> {
  const requests: StubRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no such route' } }));
        return;
      }
      const request: StubRequest = { body, json: JSON.parse(body) };
      requests.push(request);
      const step = script[requests.length - 1] ?? 'out of script';
      const move = typeof step === 'function' ? step(request) : step;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
      res.end(JSON.stringify(reply(move, requests.length)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
