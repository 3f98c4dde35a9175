// What other parts of the server may use of auth: the session behind a request's cookie,
// which app.ts hands to the session plugin (server/http/session.ts) and the page data reads.
export { resolveSession } from './sessions.js';
// The operator's reset link (npm run user:reset-link) when the server sends no mail.
export { makeResetLink } from './password-reset.js';
// Guesses at a link's token (a storyteller's /tell link), counted like sign-in failures.
export { guessesUsedUp, recordWrongGuess, type GuessLimit } from './guess-limits.js';
