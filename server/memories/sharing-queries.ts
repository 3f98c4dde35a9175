// SQL of a memory's timelines, sharedWith and audience (memories §7: PATCH …/timelines, POST …/share).
// Writes take the transaction they run in.
import type { Audience } from '../../common/memories.js';
import type { Db } from '../db/index.js';

export async function timelineIdsOf(db: Db, memoryId: string): Promise<string[]> {
  const rows = await db.selectFrom('memory_timelines').select('timeline_id').where('memory_id', '=', memoryId).execute();
  return rows.map((row) => row.timeline_id);
}

/** Every member now of any of `timelineIds`. */
export async function membersOf(db: Db, timelineIds: string[]): Promise<string[]> {
  if (timelineIds.length === 0) return [];
  const rows = await db.selectFrom('timeline_members').select('user_id').distinct().where('timeline_id', 'in', timelineIds).execute();
  return rows.map((row) => row.user_id);
}

/** Stores who sees the memory (DESIGN "Memory view": 'private', 'timeline' or 'people'). */
export async function setAudience(db: Db, memoryId: string, audience: Audience): Promise<void> {
  await db.updateTable('memories').set({ audience }).where('id', '=', memoryId).where('audience', '!=', audience).execute();
}

export async function sharedWithOf(db: Db, memoryId: string): Promise<string[]> {
  const rows = await db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', memoryId).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Files the memory on exactly `timelineIds`, and takes out of its sharedWith everyone but
 * `creatorId` who belongs to none of them (DESIGN "Who may do what": sharedWith only names
 * members of the memory's timelines).
 */
export async function replaceTimelines(db: Db, memoryId: string, creatorId: string, timelineIds: string[]): Promise<void> {
  await db.deleteFrom('memory_timelines').where('memory_id', '=', memoryId).where('timeline_id', 'not in', timelineIds).execute();
  await db
    .insertInto('memory_timelines')
    .values(timelineIds.map((timelineId) => ({ memory_id: memoryId, timeline_id: timelineId })))
    .onConflict((oc) => oc.columns(['memory_id', 'timeline_id']).doNothing())
    .execute();
  await db
    .deleteFrom('memory_shares')
    .where('memory_id', '=', memoryId)
    .where('user_id', '!=', creatorId)
    .where('user_id', 'not in', (eb) => eb.selectFrom('timeline_members').select('timeline_members.user_id').where('timeline_members.timeline_id', 'in', timelineIds))
    .execute();
}

/** Adds `added` to the memory's sharedWith and takes `removed` out of it. */
export async function changeShares(db: Db, memoryId: string, added: string[], removed: string[]): Promise<void> {
  if (removed.length > 0) await db.deleteFrom('memory_shares').where('memory_id', '=', memoryId).where('user_id', 'in', removed).execute();
  if (added.length > 0) {
    await db
      .insertInto('memory_shares')
      .values(added.map((userId) => ({ memory_id: memoryId, user_id: userId })))
      .onConflict((oc) => oc.columns(['memory_id', 'user_id']).doNothing())
      .execute();
  }
}
