// SQL of users. The users feature is the one writer of `users` rows: sign-up and password
// changes (auth), joining and merging families (families) and a timeline's place as someone's
// default (timelines) call these through users/index.ts, inside their own transaction.
import type { Db } from '../db/index.js';
import { flag } from '../db/flags.js';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.js';

export async function updateUser(db: Db, userId: string, changes: UserUpdate): Promise<UserRow> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A new account (sign-up, or a first OIDC sign-in). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  await db.insertInto('users').values(user).execute();
  return db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

/** The one-click unsubscribe of a members' mail (issue 23): the profile's "notifications" off. */
export async function turnNotificationsOff(db: Db, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ notifications_enabled: flag(false), updated_at: now }).where('id', '=', userId).execute();
}

/** The timeline becomes the user's default (their first timeline, made with it). */
export async function setDefaultTimeline(db: Db, userId: string, timelineId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ default_timeline_id: timelineId, updated_at: now }).where('id', '=', userId).execute();
}

/**
 * Whoever had the timeline as default is left without one: everyone (the timeline is being
 * deleted), or only `userId` (removed from it).
 */
export async function clearDefaultTimeline(db: Db, timelineId: string, userId?: string): Promise<void> {
  let query = db.updateTable('users').set({ default_timeline_id: null }).where('default_timeline_id', '=', timelineId);
  if (userId) query = query.where('id', '=', userId);
  await query.execute();
}

/** Puts the user in the family unless they already have one; answers whether it did. */
export async function joinFamilyIfNone(db: Db, userId: string, familyId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ family_id: familyId, updated_at: now })
    .where('id', '=', userId)
    .where('family_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every member of family `sourceId` moves to `targetId` (a merge). */
export async function moveFamilyMembers(db: Db, sourceId: string, targetId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ family_id: targetId, updated_at: now }).where('family_id', '=', sourceId).execute();
}

/** A storyteller renamed by their family (server/storytellers). */
export async function setDisplayName(db: Db, userId: string, displayName: string, now: string): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName, updated_at: now }).where('id', '=', userId).execute();
}

/** A storyteller removed from their timeline leaves the family's list (server/storytellers). */
export async function leaveFamily(db: Db, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ family_id: null, updated_at: now }).where('id', '=', userId).execute();
}

/**
 * A storyteller whose timeline was deleted, and nothing they told with it. Only a passwordless
 * storyteller's row: an account someone signs in to is never deleted here.
 */
export async function deleteStoryteller(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).where('is_storyteller', '=', flag(true)).where('password_hash', 'is', null).execute();
}
