// SQL of timelines and their members. Multi-row changes take the transaction they run in.
import type { Db } from '../db/index.js';
import { memberColumns, type MemberRow } from '../people/index.js';
import type { TimelineRow } from './present.js';
import { flag, isSet } from '../db/flags.js';

/** The timelines `userId` is a member of, oldest first (GET /api/timelines). */
export function listTimelinesOf(db: Db, userId: string): Promise<TimelineRow[]> {
  return db
    .selectFrom('timelines')
    .innerJoin('timeline_members', 'timeline_members.timeline_id', 'timelines.id')
    .selectAll('timelines')
    .where('timeline_members.user_id', '=', userId)
    .orderBy('timelines.created_at')
    .orderBy('timelines.id')
    .execute();
}

export function findTimeline(db: Db, id: string): Promise<TimelineRow | undefined> {
  return db.selectFrom('timelines').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the timeline with its owner as first member; `makeDefault` also makes it the owner's default. */
export async function insertTimeline(db: Db, row: TimelineRow, makeDefault: boolean): Promise<void> {
  await db
    .insertInto('timelines')
    .values({ ...row, is_default: flag(isSet(row.is_default)) })
    .execute();
  await db.insertInto('timeline_members').values({ timeline_id: row.id, user_id: row.user_id, joined_at: row.created_at }).execute();
  if (makeDefault) {
    await db.updateTable('users').set({ default_timeline_id: row.id, updated_at: row.created_at }).where('id', '=', row.user_id).execute();
  }
}

export async function updateTimeline(
  db: Db,
  id: string,
  changes: { name?: string; color?: string; description?: string | null },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('timelines').set(changes).where('id', '=', id).execute();
}

/** Lists of keys are sent in slices, far below either dialect's limit on bound parameters. */
const SLICE = 500;

/** The memories filed on timeline `id` and on no other. */
function memoriesOnlyOn(db: Db, id: string) {
  return db
    .selectFrom('memory_timelines as here')
    .select('here.memory_id')
    .where('here.timeline_id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memory_timelines as elsewhere')
            .select('elsewhere.memory_id')
            .whereRef('elsewhere.memory_id', '=', 'here.memory_id')
            .where('elsewhere.timeline_id', '!=', id),
        ),
      ),
    );
}

/**
 * DESIGN "Who may do what" (Timeline): deleting a timeline deletes the memories filed only on
 * it (their comments, media rows, tags and shares go with them by cascade); a memory also
 * filed elsewhere is just detached, and the timeline's members leave its sharedWith unless
 * another of its timelines holds them (pruneSharesOfLeavers). Whoever had it as default is left without one. The
 * direct uploads those memories held are forgotten too. Answers the storage keys of their
 * files (photos in every size, voice, spoken follow-up answers, videos and their thumbnails,
 * comment recordings), to remove once this has committed.
 */
export async function deleteTimeline(db: Db, id: string): Promise<string[]> {
  const [media, memories, followUps, comments] = await Promise.all([
    db.selectFrom('media').select('storage_key').where('memory_id', 'in', memoriesOnlyOn(db, id)).execute(),
    db.selectFrom('memories').select('audio_key').where('id', 'in', memoriesOnlyOn(db, id)).where('audio_key', 'is not', null).execute(),
    db.selectFrom('follow_up_responses').select('audio_key').where('memory_id', 'in', memoriesOnlyOn(db, id)).where('audio_key', 'is not', null).execute(),
    db.selectFrom('comments').select('audio_key').where('memory_id', 'in', memoriesOnlyOn(db, id)).where('audio_key', 'is not', null).execute(),
  ]);
  const keys = [
    ...media.map((row) => row.storage_key),
    ...memories.map((row) => row.audio_key),
    ...followUps.map((row) => row.audio_key),
    ...comments.map((row) => row.audio_key),
  ];
  const unique = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  for (let start = 0; start < unique.length; start += SLICE) {
    await db.deleteFrom('uploads').where('storage_key', 'in', unique.slice(start, start + SLICE)).execute();
  }
  await db.deleteFrom('memories').where('id', 'in', memoriesOnlyOn(db, id)).execute();
  // The memories left are filed elsewhere too: its members leave their shares as a removed
  // member would (DESIGN "Who may do what" (Timeline); issue 19).
  const members = await db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', id).execute();
  await pruneSharesOfLeavers(db, id, members.map((member) => member.user_id));
  await db.updateTable('users').set({ default_timeline_id: null }).where('default_timeline_id', '=', id).execute();
  // Members, invites and the remaining memory_timelines rows go by cascade.
  await db.deleteFrom('timelines').where('id', '=', id).execute();
  return unique;
}

/** The owner first, then the others in the order they joined. */
export function listMembers(db: Db, timelineId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('timeline_members')
    .innerJoin('users', 'users.id', 'timeline_members.user_id')
    .innerJoin('timelines', 'timelines.id', 'timeline_members.timeline_id')
    .select(memberColumns)
    .where('timeline_members.timeline_id', '=', timelineId)
    .orderBy((eb) => eb.case().when('users.id', '=', eb.ref('timelines.user_id')).then(0).else(1).end())
    .orderBy('timeline_members.joined_at')
    .orderBy('users.id')
    .execute();
}

/**
 * DESIGN "Who may do what" (Timeline): people leaving timeline `timelineId` (a removed
 * member, or every member of a deleted timeline) leave the sharedWith of every memory filed
 * on it, unless the memory is also filed on another timeline they still belong to; memories
 * they created stay theirs, filed and shared as they were. Run before their membership goes.
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
 * Removes the member (DESIGN "Who may do what" (Timeline)) and records when, then ends every
 * invite to the timeline made at or before that moment, theirs and everyone else's (issue
 * 19): any member may list a timeline's invites ('timeline.read'), so a removed member may
 * hold a copy of every open link and use it with a second account no rule can tie to them.
 * Only ending the links closes that door; the members left make a new one, which admits
 * whoever they choose to invite again. The record is the second line of defence for a link
 * that somehow survives (access/: requireTimelineInviteAcceptance).
 */
export async function removeMember(db: Db, timelineId: string, userId: string, removedAt: string): Promise<void> {
  await pruneSharesOfLeavers(db, timelineId, [userId]);
  await db.deleteFrom('timeline_members').where('timeline_id', '=', timelineId).where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ default_timeline_id: null }).where('id', '=', userId).where('default_timeline_id', '=', timelineId).execute();
  await db
    .insertInto('timeline_removals')
    .values({ timeline_id: timelineId, user_id: userId, removed_at: removedAt })
    .onConflict((oc) => oc.columns(['timeline_id', 'user_id']).doUpdateSet({ removed_at: removedAt }))
    .execute();
  await db.deleteFrom('timeline_invites').where('timeline_id', '=', timelineId).where('created_at', '<=', removedAt).execute();
}
