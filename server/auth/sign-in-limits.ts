// At most 10 failed sign-ins per account and per address in 15 minutes (DESIGN "Security
// and durability"). Counted in the database, so every instance behind a balancer agrees.
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import * as queries from './queries.js';

const keysFor = (email: string, address: string) => [`account:${email}`, `address:${address}`];

function windowStart(ctx: AppContext): string {
  return iso(new Date(ctx.now().getTime() - SIGN_IN_FAILURE_WINDOW_MS));
}

export async function assertSignInAllowed(ctx: AppContext, email: string, address: string): Promise<void> {
  const counts = await queries.countSignInFailures(ctx.db, keysFor(email, address), windowStart(ctx));
  if ([...counts.values()].some((failures) => failures >= SIGN_IN_FAILURE_LIMIT)) {
    throw new HttpError(429, messages.tooManySignIns);
  }
}

export async function recordFailedSignIn(ctx: AppContext, email: string, address: string): Promise<void> {
  await queries.recordSignInFailure(ctx.db, keysFor(email, address), iso(ctx.now()));
}

/** A successful sign-in clears the account's count (and sweeps rows past the window). */
export async function clearFailedSignIns(ctx: AppContext, email: string): Promise<void> {
  await queries.clearSignInFailures(ctx.db, `account:${email}`, windowStart(ctx));
}
