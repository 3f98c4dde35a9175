// SQL of timelines and their members. Multi-row changes take the transaction they run in.
import type { Db } from '../db/index.js';
import type { MemberRow, TimelineRow } from './present.js';
import { flag, isSet } from '../db/flags.js';

export const memberColumns = ['users.id', 'users.display_name', 'users.first_name', 'users.last_name', 'users.email', 'users.profile_image_key'] as const;

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
 * filed elsewhere is just detached. Whoever had it as default is left without one. The
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
 * DESIGN "Who may do what" (Timeline): the removed member leaves the sharedWith of every
 * memory filed on this timeline, unless the memory is also filed on another timeline they
 * still belong to; memories they created stay theirs, filed and shared as they were.
 */
export async function removeMember(db: Db, timelineId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('memory_shares')
    .where('memory_shares.user_id', '=', userId)
    .where('memory_shares.memory_id', 'in', (eb) =>
      eb.selectFrom('memory_timelines').select('memory_id').where('timeline_id', '=', timelineId),
    )
    .where('memory_shares.memory_id', 'not in', (eb) => eb.selectFrom('memories').select('id').where('user_id', '=', userId))
    .where('memory_shares.memory_id', 'not in', (eb) =>
      eb
        .selectFrom('memory_timelines')
        .innerJoin('timeline_members', 'timeline_members.timeline_id', 'memory_timelines.timeline_id')
        .select('memory_timelines.memory_id')
        .where('timeline_members.user_id', '=', userId)
        .where('memory_timelines.timeline_id', '!=', timelineId),
    )
    .execute();
  await db.deleteFrom('timeline_members').where('timeline_id', '=', timelineId).where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ default_timeline_id: null }).where('id', '=', userId).where('default_timeline_id', '=', timelineId).execute();
}
