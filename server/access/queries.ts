// The batch queries behind each permission: given ids, return the ones the user may use.
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import { precompiled } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';

/** One timeline asked for (every timeline read asks so), precompiled: db/precompiled.ts. */
const memberOfTimeline = precompiled<{ userId: string; timelineId: string }, { timeline_id: string }>(['userId', 'timelineId'], (db, { userId, timelineId }) =>
  db.selectFrom('timeline_members').select('timeline_id').where('user_id', '=', userId).where('timeline_id', '=', timelineId),
);

export async function timelinesWithMember(db: Db, userId: string, timelineIds: string[]): Promise<string[]> {
  if (timelineIds.length === 1) return (await memberOfTimeline(db, { userId, timelineId: timelineIds[0]! })).map((row) => row.timeline_id);
  const rows = await db
    .selectFrom('timeline_members')
    .select('timeline_id')
    .where('user_id', '=', userId)
    .where('timeline_id', 'in', timelineIds)
    .execute();
  return rows.map((row) => row.timeline_id);
}

export async function timelinesOwnedBy(db: Db, userId: string, timelineIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('timelines')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', timelineIds)
    .execute();
  return rows.map((row) => row.id);
}

export async function familiesWithMember(db: Db, userId: string, familyIds: string[]): Promise<string[]> {
  const row = await db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirst();
  return row?.family_id && familyIds.includes(row.family_id) ? [row.family_id] : [];
}

/** The families `userId` made and still belongs to: DESIGN "Families" (amended), who may merge. */
export async function familiesCreatedBy(db: Db, userId: string, familyIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('families')
    .innerJoin('users', 'users.family_id', 'families.id')
    .select('families.id')
    .where('users.id', '=', userId)
    .where('families.created_by', '=', userId)
    .where('families.id', 'in', familyIds)
    .execute();
  return rows.map((row) => row.id);
}

/** Whether `userId` was removed from the timeline at or after `since` (timeline_removals keeps the last removal). */
export async function removedSince(db: Db, userId: string, timelineId: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('timeline_removals')
    .select('removed_at')
    .where('timeline_id', '=', timelineId)
    .where('user_id', '=', userId)
    .where('removed_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function timelineOwner(db: Db, timelineId: string): Promise<string | undefined> {
  const row = await db.selectFrom('timelines').select('user_id').where('id', '=', timelineId).executeTakeFirst();
  return row?.user_id;
}

/**
 * DESIGN "Memory view" (amended 2026-11-25, issue 20 "Who sees a memory"), the one rule:
 * its creator, anyone with a memory_shares row for it, and, when its audience is
 * 'timeline', every member of one of the timelines it is filed on. The last part is decided
 * here at read time from the memberships, never written down as shares: a member who joins
 * sees the timeline's old memories and one who leaves stops, with no rewrite of shares and no
 * race between a join and a save at the same moment.
 *
 * As a subquery of every memory id `userId` may view. Lists filter with it in SQL (the
 * calendar's days, the spotlight, comments), so the rule stays here and not in their
 * where-clauses.
 */
export function viewableMemoryIds(db: Db, userId: string) {
  return db
    .selectFrom('memories')
    .select('memories.id')
    .where((eb) =>
      eb.or([
        eb('memories.user_id', '=', userId),
        eb('memories.id', 'in', eb.selectFrom('memory_shares').select('memory_shares.memory_id').where('memory_shares.user_id', '=', userId)),
        eb.and([
          eb('memories.audience', '=', 'timeline'),
          eb(
            'memories.id',
            'in',
            eb
              .selectFrom('memory_timelines as filed')
              .innerJoin('timeline_members as member', 'member.timeline_id', 'filed.timeline_id')
              .select('filed.memory_id')
              .where('member.user_id', '=', userId),
          ),
        ]),
      ]),
    );
}

/**
 * The same rule (viewableMemoryIds) as a query to narrow further: the memories `userId` may
 * view, row by row, through the viewer's own memory_shares row (at most one: it is the
 * primary key) or, for a 'timeline' memory, an EXISTS on its timelines' memberships (primary
 * keys of memory_timelines and timeline_members). viewableMemoryIds says the same as an
 * `in (…)` list, which both databases build whole (every memory shared with the viewer)
 * before the first row; this form lets a page walk an index of memories and stop after its
 * limit (memories/browse-queries.ts).
 */
export function viewableMemories(db: Db, userId: string) {
  return db
    .selectFrom('memories')
    .leftJoin('memory_shares as viewer_share', (join) => join.onRef('viewer_share.memory_id', '=', 'memories.id').on('viewer_share.user_id', '=', userId))
    .where((eb) =>
      eb.or([
        eb('memories.user_id', '=', userId),
        eb('viewer_share.user_id', 'is not', null),
        eb.and([eb('memories.audience', '=', 'timeline'), eb.exists(viewerOnItsTimelines(eb, userId))]),
      ]),
    );
}

/** For the memory at hand: a timeline it is filed on that `userId` is a member of. */
function viewerOnItsTimelines(eb: ExpressionBuilder<Database, 'memories'>, userId: string) {
  return eb
    .selectFrom('memory_timelines as filed')
    .innerJoin('timeline_members as member', (join) => join.onRef('member.timeline_id', '=', 'filed.timeline_id').on('member.user_id', '=', userId))
    .select('filed.timeline_id')
    .whereRef('filed.memory_id', '=', 'memories.id');
}

/** The memories out of `memoryIds` that `userId` may view (the rule of viewableMemoryIds, by id). */
export async function memoriesViewableBy(db: Db, userId: string, memoryIds: string[]): Promise<string[]> {
  const unique = [...new Set(memoryIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('memories')
    .select('memories.id')
    .where('memories.id', 'in', unique)
    .where((eb) =>
      eb.or([
        eb('memories.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('memory_shares')
            .select('memory_shares.memory_id')
            .whereRef('memory_shares.memory_id', '=', 'memories.id')
            .where('memory_shares.user_id', '=', userId),
        ),
        eb.and([eb('memories.audience', '=', 'timeline'), eb.exists(viewerOnItsTimelines(eb, userId))]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** DESIGN "Who may do what": a memory is edited, shared and deleted by its creator only. */
export async function memoriesCreatedBy(db: Db, userId: string, memoryIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('memories').select('id').where('user_id', '=', userId).where('id', 'in', memoryIds).execute();
  return rows.map((row) => row.id);
}

/**
 * DESIGN "Edge decisions" (who may read whom): oneself, anyone sharing a timeline or the
 * family with `userId`, and the creator of any memory `userId` may view.
 */
export async function usersVisibleTo(db: Db, userId: string, userIds: string[]): Promise<string[]> {
  const [onTimelines, inFamily, creators] = await Promise.all([
    db
      .selectFrom('timeline_members as theirs')
      .innerJoin('timeline_members as mine', 'mine.timeline_id', 'theirs.timeline_id')
      .select('theirs.user_id')
      .where('mine.user_id', '=', userId)
      .where('theirs.user_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('users as them')
      .innerJoin('users as me', 'me.family_id', 'them.family_id')
      .select('them.id as user_id')
      .where('me.id', '=', userId)
      .where('them.id', 'in', userIds)
      .execute(),
    db
      .selectFrom('memories')
      .select('memories.user_id')
      .where('memories.user_id', 'in', userIds)
      .where('memories.id', 'in', viewableMemoryIds(db, userId))
      .execute(),
  ]);
  const visible = new Set([...onTimelines, ...inFamily, ...creators].map((row) => row.user_id));
  if (userIds.includes(userId)) visible.add(userId);
  return userIds.filter((id) => visible.has(id));
}

/** Every member of any of `timelineIds`. */
export async function membersOfTimelines(db: Db, timelineIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('timeline_members').select('user_id').distinct().where('timeline_id', 'in', timelineIds).execute();
  return rows.map((row) => row.user_id);
}

/** DESIGN "Comments": a comment is seen by whoever may view its memory. */
export async function commentsViewableBy(db: Db, userId: string, commentIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('id')
    .where('id', 'in', commentIds)
    .where('memory_id', 'in', viewableMemoryIds(db, userId))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * memories §6: only its author deletes a comment, and only while they may still view the
 * memory; one who lost sight of it hears 404 like anyone else who cannot see it.
 */
export async function commentsAuthoredBy(db: Db, userId: string, commentIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('id')
    .where('id', 'in', commentIds)
    .where('user_id', '=', userId)
    .where('memory_id', 'in', viewableMemoryIds(db, userId))
    .execute();
  return rows.map((row) => row.id);
}
