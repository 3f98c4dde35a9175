// SQL of password reset links (migration 0017): only their tokens' hashes are stored.
import type { Db } from '../db/index.js';

/** The account a reset may go to, with its family's name for the subject; undefined for an unknown address. */
export function findResetAccount(db: Db, email: string) {
  return db
    .selectFrom('users')
    .leftJoin('families', 'families.id', 'users.family_id')
    .select(['users.id', 'users.email', 'users.password_hash', 'users.is_storyteller', 'users.display_name', 'users.first_name', 'users.last_name', 'families.name as family_name'])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

/** How many links the account was sent since `since` (the per-account limit). */
export async function countResetsSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertReset(db: Db, reset: { tokenHash: string; userId: string; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: reset.tokenHash, user_id: reset.userId, created_at: reset.createdAt, expires_at: reset.expiresAt, used_at: null })
    .execute();
}

/** The account of a live link (unused, unexpired), or undefined. */
export async function liveResetUser(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Uses the link up, if it is still live: one conditional update, so two sends of the form at
 * once cannot both set a password. Every other link of the account goes with it. Answers the
 * account, or undefined when the link was not live.
 */
export async function useReset(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const used = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  if (!used) return undefined;
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', used.user_id).where('used_at', 'is', null).execute();
  return used.user_id;
}

/** Links past their hour are of no use to anyone: removed as new ones are made. */
export async function deleteExpiredResets(db: Db, before: string): Promise<void> {
  await db.deleteFrom('password_resets').where('expires_at', '<=', before).execute();
}

/** Ends every session of the account (a reset: whoever held the old password is out). */
export async function deleteAllSessions(db: Db, userId: string): Promise<number> {
  const [result] = await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  return Number(result?.numDeletedRows ?? 0);
}
