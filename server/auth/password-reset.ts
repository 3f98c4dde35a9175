// "Forgot password?" (DESIGN "E-mail (optional)"): a one-hour, one-use link by e-mail, whose
// token is stored only as its SHA-256. Asking answers the same, in about the same time, for any
// address; using the link sets the password under sign-up's rules and ends every session.
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { PASSWORD_RESET_MAILS_PER_HOUR, PASSWORD_RESET_TTL_MS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { iso, type AppContext } from '../context.js';
import { isSet } from '../db/flags.js';
import type { Db } from '../db/index.js';
import { badRequest, notFound } from '../http/errors.js';
import { composeMail, queueMail, subjectWithFamily } from '../mail/index.js';
import * as users from '../users/index.js';
import { assertPasswordAllowed, hashPassword } from './passwords.js';
import * as queries from './password-reset-queries.js';
import { hashToken } from './sessions.js';

/**
 * Every request for a link answers no sooner than this: whether a mail was queued (a few
 * writes) or not (an unknown address) then takes the same time from outside.
 */
const ANSWER_FLOOR_MS = 250;

/** The address a link opens: PUBLIC_URL/reset-password/{token}. */
function resetLinkOf(ctx: Pick<AppContext, 'config'>, token: string): string {
  return new URL(`/reset-password/${token}`, ctx.config.publicUrl).href;
}

/** Makes a live link for the account on the caller's transaction; answers its address. */
async function issueLink(ctx: Pick<AppContext, 'config' | 'now'>, trx: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await queries.deleteExpiredResets(trx, iso(now));
  await queries.insertReset(trx, {
    tokenHash: hashToken(token),
    userId,
    createdAt: iso(now),
    expiresAt: iso(new Date(now.getTime() + PASSWORD_RESET_TTL_MS)),
  });
  return resetLinkOf(ctx, token);
}

/**
 * POST /api/auth/password-reset. Without mail set up it refuses (404 with what to do instead)
 * and stores nothing. Otherwise it always ends the same way: a mail is queued only for an
 * account that has one to receive (not a storyteller, who has no password) and has not had its
 * PASSWORD_RESET_MAILS_PER_HOUR links this hour.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  if (!ctx.config.mail) throw notFound(messages.passwordResetNoMail);
  const answerAt = delay(ANSWER_FLOOR_MS);
  const account = await queries.findResetAccount(ctx.db, email);
  // The count runs for an unknown address too (matching nothing), so both paths ask the same.
  const recent = await queries.countResetsSince(ctx.db, account?.id ?? '', iso(new Date(ctx.now().getTime() - 60 * 60_000)));
  if (account && !isSet(account.is_storyteller) && recent < PASSWORD_RESET_MAILS_PER_HOUR) {
    await ctx.db.transaction().execute(async (trx) => {
      const link = await issueLink(ctx, trx, account.id);
      const name = displayNameOf({ displayName: account.display_name, firstName: account.first_name, lastName: account.last_name }, '');
      await queueMail(ctx, trx, {
        to: account.email,
        subject: subjectWithFamily(messages.passwordResetSubject, account.family_name),
        ...composeMail({
          greeting: name ? messages.passwordResetGreeting(name) : undefined,
          paragraphs: [messages.passwordResetIntro],
          action: { label: messages.passwordResetAction, url: link },
          notes: [messages.passwordResetExpiry, messages.passwordResetIgnore],
          origin: ctx.config.publicUrl.origin,
        }),
      });
    });
  }
  await answerAt;
}

/**
 * POST /api/auth/password-reset/{token}: sets the password and ends every session of the
 * account, in one transaction that also uses the link up (and the account's other links).
 * An unknown, used or expired link: 400 with what to do.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  // Checked before the slow hash, so a dead link costs no argon2 time; decided again below.
  if (!(await queries.liveResetUser(ctx.db, tokenHash, iso(ctx.now())))) throw badRequest(messages.passwordResetLinkInvalid);
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const now = iso(ctx.now());
    const userId = await queries.useReset(trx, tokenHash, now);
    if (!userId) throw badRequest(messages.passwordResetLinkInvalid);
    await users.setPasswordHash(trx, userId, passwordHash, now);
    await queries.deleteAllSessions(trx, userId);
  });
}

/**
 * `npm run user:reset-link -- EMAIL` (ops/reset-link.ts): a link for the operator to pass on
 * when the server sends no mail. Null for an unknown address or a storyteller (no password to set).
 */
export async function makeResetLink(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, email: string): Promise<string | null> {
  const account = await queries.findResetAccount(ctx.db, email);
  if (!account || isSet(account.is_storyteller)) return null;
  return ctx.db.transaction().execute((trx) => issueLink(ctx, trx, account.id));
}
