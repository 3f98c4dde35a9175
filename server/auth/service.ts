// Accounts: sign-up, password sign-in, the password change, and the SSO sign-in that links
// or creates a user.
import { randomUUID } from 'node:crypto';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '../../common/auth.js';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.js';
import * as users from '../users/index.js';
import { assertPasswordAllowed, hashPassword, passwordMatches } from './passwords.js';
import * as queries from './queries.js';
import { endOtherSessions } from './sessions.js';
import { passwordAttemptSucceeded, startPasswordAttempt } from './sign-in-limits.js';

async function assertRegistrationOpen(ctx: AppContext, inviteId: string | undefined): Promise<void> {
  const mode = ctx.config.registration;
  if (mode === 'closed') throw forbidden(messages.registrationClosed);
  if (mode === 'invite' && !(inviteId && (await queries.inviteIsOpen(ctx.db, inviteId, iso(ctx.now()))))) {
    throw forbidden(messages.registrationNeedsInvite);
  }
}

function newUserRow(ctx: AppContext, fields: { email: string; passwordHash: string | null; displayName?: string | null; firstName?: string | null; lastName?: string | null }) {
  const now = iso(ctx.now());
  return {
    id: randomUUID(),
    email: fields.email,
    password_hash: fields.passwordHash,
    display_name: fields.displayName ?? null,
    first_name: fields.firstName ?? null,
    last_name: fields.lastName ?? null,
    created_at: now,
    updated_at: now,
  };
}

export async function register(ctx: AppContext, body: RegisterBody): Promise<UserRow> {
  // A storyteller's sign-in name is a reserved address (migration 0016): no one signs up as one.
  if (users.isReservedEmail(body.email)) throw badRequest(messages.storytellerAddressReserved);
  await assertRegistrationOpen(ctx, body.inviteId);
  assertPasswordAllowed(body.password);
  if (await queries.findUserByEmail(ctx.db, body.email)) throw conflict(messages.emailTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    return await users.insertUser(ctx.db, newUserRow(ctx, { email: body.email, passwordHash, displayName: body.displayName }));
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (await queries.findUserByEmail(ctx.db, body.email)) throw conflict(messages.emailTaken);
    throw error;
  }
}

export async function signIn(ctx: AppContext, body: LoginBody, address: string): Promise<UserRow> {
  // Recorded before the check (sign-in-limits.ts), so guesses sent at once count too.
  const attempt = await startPasswordAttempt(ctx, body.email, address);
  const user = await queries.findUserByEmail(ctx.db, body.email);
  const matches = await passwordMatches(body.password, user?.password_hash);
  if (!user || !matches) throw new HttpError(401, messages.invalidCredentials);
  await passwordAttemptSucceeded(ctx, attempt);
  return user;
}

/**
 * POST /api/auth/password (DESIGN "E-mail": a password change ends the user's other
 * sessions). The new password meets sign-up's rules; the current one is checked as a
 * sign-in checks it, and a wrong one counts as a failed sign-in, so a borrowed session
 * cannot guess it without limit. Answers how many other sessions ended.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  sessionTokenHash: string,
  body: ChangePasswordBody,
  address: string,
): Promise<number> {
  // An account made through single sign-on has no password to check or to replace.
  if (!user.password_hash) throw forbidden(messages.passwordChangeNoPassword);
  assertPasswordAllowed(body.newPassword);
  const attempt = await startPasswordAttempt(ctx, user.email, address);
  if (!(await passwordMatches(body.currentPassword, user.password_hash))) throw badRequest(messages.currentPasswordWrong);
  await passwordAttemptSucceeded(ctx, attempt);
  const passwordHash = await hashPassword(body.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    await users.setPasswordHash(trx, user.id, passwordHash, iso(ctx.now()));
    return endOtherSessions(trx, user.id, sessionTokenHash);
  });
}

export interface SsoProfile {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  displayName?: string;
  firstName?: string;
  lastName?: string;
}

/** Links the SSO identity to the user with the same verified email, or creates that user. */
export async function signInWithSso(ctx: AppContext, profile: SsoProfile, inviteId: string | undefined): Promise<UserRow> {
  const identity = await queries.findIdentity(ctx.db, profile.issuer, profile.subject);
  if (identity) return (await queries.findUserById(ctx.db, identity.user_id))!;

  if (!profile.email || !profile.emailVerified) throw forbidden(messages.ssoEmailUnverified);
  const email = profile.email.trim().toLowerCase();
  // A provider vouching for a storyteller's reserved address would sign in as them.
  if (users.isReservedEmail(email)) throw forbidden(messages.storytellerAddressReserved);
  let user = await queries.findUserByEmail(ctx.db, email);
  if (!user) {
    await assertRegistrationOpen(ctx, inviteId);
    user = await users.insertUser(
      ctx.db,
      newUserRow(ctx, {
        email,
        passwordHash: null,
        displayName: profile.displayName?.trim().slice(0, 50) || null,
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
      }),
    );
  }
  await queries.insertIdentity(ctx.db, { userId: user.id, issuer: profile.issuer, subject: profile.subject, createdAt: iso(ctx.now()) });
  return user;
}

/** POST /api/auth/sessions/end-others: signs out every other device; answers how many. */
export function endOtherDevices(ctx: AppContext, user: UserRow, sessionTokenHash: string): Promise<number> {
  return endOtherSessions(ctx.db, user.id, sessionTokenHash);
}
