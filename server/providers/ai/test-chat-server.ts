// Tests only: a real HTTP server on 127.0.0.1 that speaks the OpenAI chat completions API,
// so the driver is exercised over a socket exactly as it is in production.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** What the server does with the next request. */
export type ChatReply =
  | { kind: 'message'; content: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string }
  /** Never answers, as a stuck model would; the client's time limit must end it. */
  | { kind: 'hang' };

export interface TestChatServer {
  /** The LLM_URL to configure, ending in /v1 as OpenAI's does. */
  url: string;
  received: ReceivedChatRequest[];
  reply: ChatReply;
  close(): Promise<void>;
}

export const completionOf = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

export async function startTestChatServer(): Promise<TestChatServer> {
  const state: TestChatServer = { url: '', received: [], reply: { kind: 'status', status: 500 }, close: async () => {} };

  function answer(response: ServerResponse, reply: ChatReply): void {
    if (reply.kind === 'hang') return;
    if (reply.kind === 'status') {
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{"error":{"message":"boom"}}');
      return;
    }
    const body = reply.kind === 'raw' ? reply.body : JSON.stringify(completionOf(reply.content));
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the assertion on it will say what arrived
      }
      state.received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      answer(response, state.reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    // Hanging requests and kept-alive sockets would hold close() open.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
