// Guesses at a credential carried in an address (issue 23: a storyteller's /tell link),
// counted per caller's address in sign-in failures' table, so every instance agrees. A
// caller who guessed `limit` times in the window is refused before their token is even
// looked up, so a right guess then answers 429 too and tells them nothing.
import { iso, type AppContext } from '../context.js';
import * as queries from './queries.js';

export interface GuessLimit {
  /** Names what is guessed and by whom, e.g. `tell:{address}`; never `account:` or `address:`, sign-in's own keys. */
  key: string;
  limit: number;
  windowMs: number;
}

const since = (ctx: AppContext, windowMs: number) => iso(new Date(ctx.now().getTime() - windowMs));

/** Whether the caller has used up their guesses. A read only: a GET with a good token writes nothing. */
export async function guessesUsedUp(ctx: AppContext, { key, limit, windowMs }: GuessLimit): Promise<boolean> {
  return (await queries.countSignInFailures(ctx.db, key, since(ctx, windowMs))) >= limit;
}

/**
 * Records a wrong guess; false when the limit was already reached. Counted and written in one
 * turn on the key (recordSignInAttempt), so guesses sent at once cannot all pass under it.
 */
export async function recordWrongGuess(ctx: AppContext, { key, limit, windowMs }: GuessLimit): Promise<boolean> {
  return (await queries.recordSignInAttempt(ctx.db, { keys: [key], since: since(ctx, windowMs), at: iso(ctx.now()), limit })) !== null;
}
