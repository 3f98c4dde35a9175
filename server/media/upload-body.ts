// What happens to the rest of a request body after an upload is refused part-way.
import { once } from 'node:events';
import type { FastifyRequest } from 'fastify';

/** More than this still arriving after a refusal is no honest upload: the connection is cut. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * After refusing an upload before its body has all arrived: read and drop the rest. A
 * client is still sending; if nobody reads, the connection stalls until the request
 * timeout (a browser never sees the refusal, and a graceful shutdown waits for it), and
 * closing instead would reset the connection under the refusal. Past DISCARD_LIMIT_BYTES
 * the connection is cut.
 */
export function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  // The multipart parser may still be attached; it has nothing more to say.
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT_BYTES) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads and drops whatever of the body is still arriving (up to discardRestOfBody's cap,
 * past which the connection is cut), and only then lets the refusal go out. Answered
 * early, a client still uploading may see a reset instead of the refusal, and its
 * connection outlives the answer, holding up a graceful shutdown until keep-alive ends.
 */
export async function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  // `complete` for a socket; `readableEnded` too, for a body the parser has read to its end.
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  const finished = Promise.race([once(raw, 'end'), once(raw, 'close')]);
  discardRestOfBody(request);
  await finished.catch(() => undefined);
}
