// For system/words-crash.ts: an OpenAI-compatible transcription service on 127.0.0.1 that holds
// every request until told to answer, so a server can be killed while its words job waits on
// it. It records each request's arrival and end (answered, or cut off by the caller's death),
// which is how the scenario sees a job asked again, and never asked twice at once.
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Changes } from '../server/test/until.js';

export interface AskedRecording {
  /** SHA-256 of the `file` part; null until its body has arrived. */
  sha: string | null;
  arrivedAt: number;
  /** When the answer went out or the connection closed without one; null while in flight. */
  endedAt: number | null;
  answered: boolean;
}

export interface HeldService {
  /** The TRANSCRIBE_URL to configure. */
  url: string;
  asked: AskedRecording[];
  /** Answers every held request, and every later one at once. */
  release(): void;
  /** A request arriving, its recording read, or its end. */
  changes: Changes;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `wordsOf(sha)` is what a recording says; one it does not know is answered 400. */
export async function startHeldService(wordsOf: (sha: string) => string | undefined): Promise<HeldService> {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const held: Array<() => void> = [];
  const requests: AskedRecording[] = [];
  let released = false;

  const answer = (response: ServerResponse, asked: AskedRecording) => {
    const words = asked.sha === null ? undefined : wordsOf(asked.sha);
    response.on('finish', () => {
      asked.answered = true;
      changed();
    });
    if (words === undefined) response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"an unknown recording"}}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: words }));
  };

  const server = createServer((request, response) => {
    const asked: AskedRecording = { sha: null, arrivedAt: Date.now(), endedAt: null, answered: false };
    // 'close' comes after the answer is sent, or when the caller's process dies with it unsent.
    response.on('close', () => {
      asked.endedAt ??= Date.now();
      changed();
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new Response(new Uint8Array(Buffer.concat(chunks)), { headers: { 'content-type': request.headers['content-type'] ?? '' } });
      void form
        .formData()
        .then(async (fields) => {
          const file = fields.get('file');
          if (file && typeof file !== 'string') asked.sha = sha256(Buffer.from(await file.arrayBuffer()));
        })
        .catch(() => undefined)
        .then(() => {
          changed();
          if (released) answer(response, asked);
          else held.push(() => answer(response, asked));
        });
    });
    requests.push(asked);
    changed();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    asked: requests,
    release() {
      released = true;
      for (const send of held.splice(0)) send();
    },
    changes: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
