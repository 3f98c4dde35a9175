// What happens to the rest of a request body after an upload is refused part-way.
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
