// SQL of timelines and their members. Multi-row changes take the transaction they run in; the
// users, memories and shares they change are written by those features (their index.ts).
import type { Db } from '../db/index.js';
import * as memories from '../memories/index.js';
import { memberColumns, type MemberRow } from '../people/index.js';
import type { TimelineRow } from './present.js';
import { flag, isSet } from '../db/flags.js';
import * as users from '../users/index.js';

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
  if (makeDefault) await users.setDefaultTimeline(db, row.user_id, row.id, row.created_at);
}

export async function updateTimeline(
  db: Db,
  id: string,
  changes: { name?: string; color?: string; description?: string | null },
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('timelines').set(changes).where('id', '=', id).execute();
}

/**
 * DESIGN "Who may do what" (Timeline): deleting a timeline deletes the memories filed only on
 * it, with their comments, media rows, tags, shares and direct uploads (memories/); a memory
 * also filed elsewhere is just detached, and the timeline's members leave its sharedWith
 * unless another of its timelines holds them (memories/ pruneSharesOfLeavers). Whoever had it
 * as default is left without one (users/). Answers the storage keys of the deleted memories'
 * files, to remove once this has committed.
 */
export async function deleteTimeline(db: Db, id: string): Promise<string[]> {
  const keys = await memories.deleteMemoriesFiledOnlyOn(db, id);
  // The memories left are filed elsewhere too: its members leave their shares as a removed
  // member would (DESIGN "Who may do what" (Timeline); issue 19).
  await memories.pruneSharesOfLeavers(db, id, await memberIdsOf(db, id));
  await users.clearDefaultTimeline(db, id);
  // Members, invites and the remaining memory_timelines rows go by cascade.
  await db.deleteFrom('timelines').where('id', '=', id).execute();
  return keys;
}

export async function memberIdsOf(db: Db, timelineId: string): Promise<string[]> {
  const members = await db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', timelineId).execute();
  return members.map((member) => member.user_id);
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
 * Removes the member (DESIGN "Who may do what" (Timeline)) and records when, then ends every
 * invite to the timeline made at or before that moment, theirs and everyone else's (issue
 * 19): any member may list a timeline's invites ('timeline.read'), so a removed member may
 * hold a copy of every open link and use it with a second account no rule can tie to them.
 * Only ending the links closes that door; the members left make a new one, which admits
 * whoever they choose to invite again. The record is the second line of defence for a link
 * that somehow survives (access/: requireTimelineInviteAcceptance).
 */
export async function removeMember(db: Db, timelineId: string, userId: string, removedAt: string): Promise<void> {
  await memories.pruneSharesOfLeavers(db, timelineId, [userId]);
  await db.deleteFrom('timeline_members').where('timeline_id', '=', timelineId).where('user_id', '=', userId).execute();
  await users.clearDefaultTimeline(db, timelineId, userId);
  await db
    .insertInto('timeline_removals')
    .values({ timeline_id: timelineId, user_id: userId, removed_at: removedAt })
    .onConflict((oc) => oc.columns(['timeline_id', 'user_id']).doUpdateSet({ removed_at: removedAt }))
    .execute();
  await db.deleteFrom('timeline_invites').where('timeline_id', '=', timelineId).where('created_at', '<=', removedAt).execute();
}
