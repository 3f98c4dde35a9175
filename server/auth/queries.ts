// SQL of sign-in: sessions, identities, failure counts.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { precompiled } from '../db/precompiled.js';
import type { NewUser, UserRow } from '../db/schema.js';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  await db.insertInto('users').values(user).execute();
  return (await findUserById(db, user.id))!;
}

export async function insertSession(
  db: Db,
  session: { tokenHash: string; userId: string; createdAt: string; expiresAt: string; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
    })
    .execute();
}

/** Every request that carries a cookie asks this, so it is compiled once (db/precompiled.ts). */
const sessionWithUser = precompiled(['tokenHash', 'now'], (db, { tokenHash, now }: { tokenHash: string; now: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

export async function findSessionWithUser(db: Db, tokenHash: string, now: string) {
  const [row] = await sessionWithUser(db, { tokenHash, now });
  return row;
}

export async function extendSession(db: Db, tokenHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function countSignInFailures(db: Db, keys: string[], since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['key', (eb) => eb.fn.countAll<number | string>().as('failures')])
    .where('key', 'in', keys)
    .where('failed_at', '>', since)
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.failures)]));
}

export async function recordSignInFailure(db: Db, keys: string[], at: string): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values(keys.map((key) => ({ id: randomUUID(), key, failed_at: at })))
    .execute();
}

export async function clearSignInFailures(db: Db, key: string, before: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where((eb) => eb.or([eb('key', '=', key), eb('failed_at', '<=', before)])).execute();
}

export function findIdentity(db: Db, issuer: string, subject: string) {
  return db.selectFrom('identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

export async function insertIdentity(db: Db, identity: { userId: string; issuer: string; subject: string; createdAt: string }) {
  await db
    .insertInto('identities')
    .values({ user_id: identity.userId, issuer: identity.issuer, subject: identity.subject, created_at: identity.createdAt })
    .execute();
}

/** Whether an unexpired timeline or family invite has this id (REGISTRATION=invite). */
export async function inviteIsOpen(db: Db, inviteId: string, now: string): Promise<boolean> {
  const timelineInvite = await db
    .selectFrom('timeline_invites')
    .select('id')
    .where('id', '=', inviteId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (timelineInvite) return true;
  const familyInvite = await db
    .selectFrom('family_invites')
    .select('id')
    .where('id', '=', inviteId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Boolean(familyInvite);
}
