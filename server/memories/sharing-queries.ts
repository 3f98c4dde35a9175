// SQL of a memory's timelines, sharedWith and audience (memories §7: PATCH …/timelines, POST …/share),
// and what becomes of sharedWith when people leave a timeline or families merge.
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

/** Lists of ids are sent in slices, far below either dialect's limit on bound parameters. */
const SLICE = 500;

/**
 * DESIGN "Who may do what" (Timeline): people leaving timeline `timelineId` (a removed
 * member, or every member of a deleted timeline) leave the sharedWith of every memory filed
 * on it, unless the memory is also filed on another timeline they still belong to; memories
 * they created stay theirs, filed and shared as they were. timelines/ runs this in its
 * transaction, before their membership goes.
 */
export async function pruneSharesOfLeavers(db: Db, timelineId: string, userIds: string[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += SLICE) {
    await db
      .deleteFrom('memory_shares')
      .where('memory_shares.user_id', 'in', userIds.slice(start, start + SLICE))
      .where('memory_shares.memory_id', 'in', (eb) => eb.selectFrom('memory_timelines').select('memory_id').where('timeline_id', '=', timelineId))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memories as own')
              .select('own.id')
              .whereRef('own.id', '=', 'memory_shares.memory_id')
              .whereRef('own.user_id', '=', 'memory_shares.user_id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memory_timelines as elsewhere')
              .innerJoin('timeline_members as still', 'still.timeline_id', 'elsewhere.timeline_id')
              .select('elsewhere.memory_id')
              .whereRef('elsewhere.memory_id', '=', 'memory_shares.memory_id')
              .whereRef('still.user_id', '=', 'memory_shares.user_id')
              .where('elsewhere.timeline_id', '!=', timelineId),
          ),
        ),
      )
      .execute();
  }
}

/**
 * DESIGN "Who may do what" (Families), merge: the memories of family `sourceId` move to
 * `targetId`, then every memory of the merged family whose audience is 'timeline' (every
 * member of its timelines, now and later; DESIGN "Families", amended 2026-11-25, issue 20) is
 * shared with all its members; a 'people' or 'private' memory stays as it was. families/
 * runs this in its transaction, after the source's members have moved (users/).
 */
export async function mergeFamilyMemories(db: Db, sourceId: string, targetId: string): Promise<void> {
  await db.updateTable('memories').set({ family_id: targetId }).where('family_id', '=', sourceId).execute();
  await db
    .insertInto('memory_shares')
    .columns(['memory_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('memories')
        .innerJoin('users', 'users.family_id', 'memories.family_id')
        .select(['memories.id', 'users.id as user_id'])
        .where('memories.family_id', '=', targetId)
        .where('memories.audience', '=', 'timeline'),
    )
    // SQLite needs the WHERE above to read ON CONFLICT after INSERT … SELECT unambiguously.
    .onConflict((oc) => oc.columns(['memory_id', 'user_id']).doNothing())
    .execute();
}
