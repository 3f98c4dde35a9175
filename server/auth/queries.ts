// SQL of sign-in: sessions, identities, failure counts. The account rows themselves are
// written by users/ (users/index.ts: insertUser, setPasswordHash).
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { precompiled } from '../db/precompiled.js';
import type { UserRow } from '../db/schema.js';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

/** Ends every session of the user but one; answers how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepTokenHash: string): Promise<number> {
  const [result] = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
  return Number(result?.numDeletedRows ?? 0);
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** Gate rows attempts take turns at (see recordSignInAttempt): few, so they need no sweeping. */
const SIGN_IN_GATES = 64;
const GATE_PREFIX = 'gate:';

/** The gate of a key: one of SIGN_IN_GATES, by the key's hash. */
function gateOf(key: string): string {
  return `${GATE_PREFIX}${createHash('sha256').update(key).digest().readUInt16BE(0) % SIGN_IN_GATES}`;
}

/**
 * A sign-in attempt's turn on its keys (`account:…`, `address:…`): null when any key has had
 * `limit` failures since `since`, else the ids of the rows written for this attempt, one per key.
 *
 * Attempts on a key take turns at its gate, a row (`gate:{n}`, never counted) that each
 * attempt writes first in its transaction: PostgreSQL holds that row's lock until commit, so
 * the next attempt on the key counts only once this one's rows are in; SQLite runs one
 * transaction at a time anyway. A key's gate is one of 64 by its hash, so the gates never
 * grow in number and no sweep ever locks one, and an attempt takes its gates in their order,
 * so two attempts never each hold the gate the other waits for.
 */
export async function recordSignInAttempt(
  db: Db,
  { keys, since, at, limit }: { keys: string[]; since: string; at: string; limit: number },
): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    for (const gate of [...new Set(keys.map(gateOf))].sort()) {
      await trx
        .insertInto('sign_in_failures')
        .values({ id: gate, key: gate, failed_at: at })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ failed_at: at }))
        .execute();
    }
    const rows = await trx
      .selectFrom('sign_in_failures')
      .select(['key', (eb) => eb.fn.countAll<number | string>().as('failures')])
      .where('key', 'in', keys)
      .where('failed_at', '>', since)
      .groupBy('key')
      .execute();
    if (rows.some((row) => Number(row.failures) >= limit)) return null;
    const attempt = keys.map((key) => ({ id: randomUUID(), key, failed_at: at }));
    await trx.insertInto('sign_in_failures').values(attempt).execute();
    return attempt.map((row) => row.id);
  });
}

export async function deleteSignInFailures(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', 'in', ids).execute();
}

/** The key's failures, and every failure from before `before`; the gates stay. */
export async function clearSignInFailures(db: Db, key: string, before: string): Promise<void> {
  await db
    .deleteFrom('sign_in_failures')
    .where((eb) => eb.or([eb('key', '=', key), eb.and([eb('failed_at', '<=', before), eb('key', 'not like', `${GATE_PREFIX}%`)])]))
    .execute();
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

/** Failures recorded on `key` after `since`: a read, for a check that must write nothing. */
export async function countSignInFailures(db: Db, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll<number | string>().as('failures'))
    .where('key', '=', key)
    .where('failed_at', '>', since)
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}
