// issue 20 "Never twice": every create the web sends carries an Idempotency-Key made once for
// what is being created (a draft, a comment being composed) and sent again with every attempt
// at it, so a retry after a lost answer is answered with what the first attempt made.
// The rules file, not idempotency.ts: that one is zod, which the first screen must not load.
import { IDEMPOTENCY_KEY_HEADER } from '../../../common/idempotency-rules';

/** A new key: a random UUID (36 printable characters, within the server's 1 to 200). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID exists only in secure contexts; a LAN address over http has getRandomValues alone.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The header that carries `key`, or none without one. */
export const idempotencyHeaders = (key: string | null | undefined): Record<string, string> => (key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {});
