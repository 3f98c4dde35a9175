// Sessions: a 256-bit random token in the cookie, only its SHA-256 in the database
// (DESIGN "Security and durability"), 30 days that slide with use.
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '../../common/limits.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import * as queries from './queries.js';

/** Sliding the expiry on every request would write on every request; once a day is enough. */
const SLIDE_AFTER_MS = 24 * 60 * 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface NewSession {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export async function startSession(ctx: AppContext, userId: string, userAgent: string | undefined): Promise<NewSession> {
  // Sign-ins are rare next to requests: a fine moment to sweep sessions that ran out.
  await queries.deleteExpiredSessions(ctx.db, iso(ctx.now()));
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await queries.insertSession(ctx.db, {
    tokenHash,
    userId,
    createdAt: iso(now),
    expiresAt: iso(expiresAt),
    userAgent: userAgent?.slice(0, 500) ?? null,
  });
  return { token, tokenHash, expiresAt };
}

export interface ResolvedSession {
  user: UserRow;
  tokenHash: string;
  /** Set when the expiry moved, so the cookie should be sent again with the new lifetime. */
  extendedTo?: Date;
}

/** One query per request: the session, unexpired, with its user. */
export async function resolveSession(ctx: AppContext, token: string): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const row = await queries.findSessionWithUser(ctx.db, tokenHash, iso(now));
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  const fullExpiry = now.getTime() + SESSION_TTL_MS;
  if (fullExpiry - Date.parse(expiresAt) < SLIDE_AFTER_MS) return { user, tokenHash };
  const extendedTo = new Date(fullExpiry);
  await queries.extendSession(ctx.db, tokenHash, iso(extendedTo));
  return { user, tokenHash, extendedTo };
}

export const endSession = (ctx: AppContext, tokenHash: string) => queries.deleteSession(ctx.db, tokenHash);

/**
 * Every session of the user but the one asking (DESIGN "E-mail": a password change, and
 * "Sign out other devices"); answers how many ended. Takes a transaction's Db so a password
 * change and the sessions it ends commit together.
 */
export const endOtherSessions = (db: Db, userId: string, keepTokenHash: string): Promise<number> =>
  queries.deleteOtherSessions(db, userId, keepTokenHash);
