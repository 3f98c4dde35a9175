// The Idempotency-Key's header and numbers as plain constants, without zod, so the web's first
// screen can send the header without loading the schema library (issue 21 "First load"); the
// key's schema is in idempotency.ts.

/** The header as sent (the IETF draft's name; Stripe's and others'). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** DESIGN "Offline and installable": a key answers its first result for 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

/** Long enough for a UUID with room for a client's own prefix; short enough to index. */
export const IDEMPOTENCY_KEY_MAX = 200;
