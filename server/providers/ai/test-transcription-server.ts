// Tests only: a real HTTP server on 127.0.0.1 that speaks the OpenAI transcription API, so
// the driver (and the route behind it) is exercised over a socket as it is in production.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedTranscription {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The multipart text fields, `model` among them. */
  fields: Record<string, string>;
  /** The `file` part as it arrived; null when there was none. */
  file: { name: string; type: string; bytes: Buffer } | null;
}

/** What the server does with the next request. */
export type TranscriptionReply =
  | { kind: 'text'; text: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string }
  /** Never answers, as a stuck model would; the client's time limit must end it. */
  | { kind: 'hang' };

export interface TestTranscriptionServer {
  /** The TRANSCRIBE_URL to configure, ending in /v1 as OpenAI's does. */
  url: string;
  received: ReceivedTranscription[];
  reply: TranscriptionReply;
  close(): Promise<void>;
}

/** Parses multipart/form-data with the platform's own parser (undici), independent of the driver's encoder. */
async function parseForm(body: Buffer, contentType: string): Promise<Pick<ReceivedTranscription, 'fields' | 'file'>> {
  const fields: Record<string, string> = {};
  let file: ReceivedTranscription['file'] = null;
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file') file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return { fields, file };
}

export async function startTestTranscriptionServer(): Promise<TestTranscriptionServer> {
  const state: TestTranscriptionServer = { url: '', received: [], reply: { kind: 'status', status: 500 }, close: async () => {} };

  function answer(response: ServerResponse, reply: TranscriptionReply): void {
    if (reply.kind === 'hang') return;
    if (reply.kind === 'status') {
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body ?? '{"error":{"message":"boom"}}');
      return;
    }
    const body = reply.kind === 'raw' ? reply.body : JSON.stringify({ text: reply.text });
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { method: request.method ?? '', path: request.url ?? '', headers: request.headers };
      parseForm(Buffer.concat(chunks), request.headers['content-type'] ?? '')
        .catch(() => ({ fields: {}, file: null }))
        .then((form) => {
          state.received.push({ ...received, ...form });
          answer(response, state.reply);
        });
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
