// At most 10 failed sign-ins per account and per address in 15 minutes (DESIGN "Security
// and durability"). Counted in the database, so every instance behind a balancer agrees.
//
// Issue 19: an attempt is recorded *before* its password is checked. Counting only after
// the check let 25 wrong passwords sent at once all be checked (each read a count of 0), so
// the limit held only for guesses sent one at a time. Now each attempt takes its turn on
// its keys, counts, and writes its row as a failure-to-be in the same transaction; a right
// password takes the row back.
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import * as queries from './queries.js';

const keysFor = (email: string, address: string) => [`account:${email}`, `address:${address}`];

function windowStart(ctx: AppContext): string {
  return iso(new Date(ctx.now().getTime() - SIGN_IN_FAILURE_WINDOW_MS));
}

/** A password check under way: its failure rows are already counted. */
export interface PasswordAttempt {
  email: string;
  /** The rows written for this attempt, one per key. */
  rowIds: string[];
}

/**
 * Refuses with 429 when the account or the address has had its 10 failures in the window;
 * otherwise records this attempt as a failure before the password is checked, so attempts
 * in flight at the same moment count against each other. A wrong password then needs
 * nothing more; a right one calls passwordAttemptSucceeded.
 */
export async function startPasswordAttempt(ctx: AppContext, email: string, address: string): Promise<PasswordAttempt> {
  const rowIds = await queries.recordSignInAttempt(ctx.db, {
    keys: keysFor(email, address),
    since: windowStart(ctx),
    at: iso(ctx.now()),
    limit: SIGN_IN_FAILURE_LIMIT,
  });
  if (!rowIds) throw new HttpError(429, messages.tooManySignIns);
  return { email, rowIds };
}

/**
 * A right password: this attempt's rows go (it was no failure, so an address where people
 * sign in often is never locked out by them), and so does the account's count (DESIGN
 * "Edge decisions": a successful sign-in clears that account's failure count).
 */
export async function passwordAttemptSucceeded(ctx: AppContext, attempt: PasswordAttempt): Promise<void> {
  await queries.deleteSignInFailures(ctx.db, attempt.rowIds);
  await queries.clearSignInFailures(ctx.db, `account:${attempt.email}`, windowStart(ctx));
}
