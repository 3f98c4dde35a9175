// The Idempotency-Key of the creating posts (issue 20 "Never twice"; DESIGN "Offline and
// installable"): POST /api/memories and a memory's comments, later the tell link's memories.
// The web makes one key per draft and sends it with every attempt; the server answers a
// repeat from the same caller within IDEMPOTENCY_WINDOW_MS with the first result.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX } from './idempotency-rules.js';
import { messages } from './messages.js';

// The header and the numbers, without zod, for the web's first screen (idempotency-rules.ts).
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_WINDOW_MS } from './idempotency-rules.js';

/** 1 to 200 printable ASCII characters (space to tilde): safe in a header and in any column. */
export const idempotencyKey = z
  .string()
  .regex(new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), messages.idempotencyKeyInvalid);

/**
 * The header on a route's schema: optional (a send without one is never matched to another),
 * and the other headers left as they are (a strict object would strip the cookie and the
 * multipart boundary from the request).
 */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': idempotencyKey
    .optional()
    .describe('A repeat from the same caller within 24 hours answers the first result (Idempotency-Replayed: true) and creates nothing'),
});
