// Per-user limits on the calls that reach the operator's AI services (issue 19): transcription,
// follow-up questions and new daily prompts each run up a bill with every call, so a member
// may make at most AI_CALL_LIMITS of each per rolling hour; the next is 429 with Retry-After.
//
// Counted in the database, as the sign-in limits are (auth/sign-in-limits.ts), so every
// instance behind a balancer agrees. Not in their table: its rows are swept after the
// sign-in window (15 minutes), shorter than these. Each call is recorded before it is
// counted, so calls sent at once all see one another and never all slip under the limit
// together; a refused call takes its row back, so waiting is all it takes to be let in again.
//
// The built-in engines (no LLM_URL; no TRANSCRIBE_URL answers 503 anyway) cost the operator
// nothing beyond any other request, so their calls are neither limited nor written down.
import { AI_CALL_LIMITS, type AiCallKind } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import * as queries from './queries.js';

const refusals: Record<AiCallKind, string> = {
  transcription: messages.transcriptionsTooMany,
  followUp: messages.followUpsTooMany,
  promptRefresh: messages.promptRefreshesTooMany,
};

/** 429 with the seconds until a call leaves the window (RFC 9110 §10.2.3 Retry-After). */
export class AiCallLimitReached extends HttpError {
  constructor(
    kind: AiCallKind,
    readonly retryAfterSeconds: number,
  ) {
    super(429, refusals[kind], {}, { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * Counts one call of `kind` for `user`, or throws AiCallLimitReached when the window already
 * holds the limit. Call it only when a configured service will be asked.
 */
export async function countAiCall(ctx: Pick<AppContext, 'db' | 'now'>, user: Pick<UserRow, 'id'>, kind: AiCallKind): Promise<void> {
  const { calls: limit, windowMs } = AI_CALL_LIMITS[kind];
  const key = { userId: user.id, kind };
  const now = ctx.now();
  const windowStart = iso(new Date(now.getTime() - windowMs));
  await queries.deleteCallsBefore(ctx.db, key, windowStart);
  const id = await queries.recordCall(ctx.db, key, iso(now));
  const { calls, earliest } = await queries.countCalls(ctx.db, key, windowStart);
  if (calls <= limit) return;
  await queries.deleteCall(ctx.db, id);
  const freedAt = (earliest ? Date.parse(earliest) : now.getTime()) + windowMs;
  throw new AiCallLimitReached(kind, Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
}
