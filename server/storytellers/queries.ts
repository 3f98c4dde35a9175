// SQL of storytellers: the one writer of `storytellers` rows (server/table-owners.test.ts).
import type { Db } from '../db/index.js';
import { flag } from '../db/flags.js';
import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Database, StorytellersTable, UserRow } from '../db/schema.js';

export async function insertStoryteller(db: Db, row: Insertable<StorytellersTable>): Promise<void> {
  await db.insertInto('storytellers').values(row).execute();
}

export async function updateStoryteller(db: Db, userId: string, changes: Updateable<StorytellersTable>): Promise<void> {
  await db.updateTable('storytellers').set(changes).where('user_id', '=', userId).execute();
}

const storytellerColumns = [
  'storytellers.user_id as id',
  'users.display_name',
  'storytellers.timeline_id',
  'storytellers.created_by',
  'storytellers.email',
  'storytellers.link_hash',
  'storytellers.link_sealed',
  'storytellers.reminder_weekday',
  'storytellers.reminder_time',
  'storytellers.reminder_tz',
  'storytellers.reminders_stopped',
] as const;

export async function findStoryteller(db: Db, id: string) {
  return db.selectFrom('storytellers').innerJoin('users', 'users.id', 'storytellers.user_id').select(storytellerColumns).where('storytellers.user_id', '=', id).executeTakeFirst();
}

/**
 * The storyteller whose active link hashes to `hash`, while they are still a member of its
 * timeline (a storyteller removed from it keeps their row but their link opens nothing).
 */
export async function findStorytellerByLink(db: Db, hash: string) {
  return db
    .selectFrom('storytellers')
    .innerJoin('users', 'users.id', 'storytellers.user_id')
    .innerJoin('timeline_members', (join) => join.onRef('timeline_members.user_id', '=', 'storytellers.user_id').onRef('timeline_members.timeline_id', '=', 'storytellers.timeline_id'))
    .innerJoin('timelines', 'timelines.id', 'storytellers.timeline_id')
    .select([...storytellerColumns, 'timelines.name as timeline_name', 'timelines.color as timeline_color'])
    .where('storytellers.link_hash', '=', hash)
    .executeTakeFirst();
}
export type LinkHolder = NonNullable<Awaited<ReturnType<typeof findStorytellerByLink>>>;

/** A timeline's storytellers still on it, oldest first, with the stories each has told there. */
export async function listStorytellers(db: Db, timelineId: string) {
  const storiesOn = (eb: ExpressionBuilder<Database, 'storytellers'>) =>
    eb
      .selectFrom('memories')
      .innerJoin('memory_timelines', 'memory_timelines.memory_id', 'memories.id')
      .whereRef('memories.user_id', '=', 'storytellers.user_id')
      .whereRef('memory_timelines.timeline_id', '=', 'storytellers.timeline_id');
  return db
    .selectFrom('storytellers')
    .innerJoin('users', 'users.id', 'storytellers.user_id')
    .innerJoin('timeline_members', (join) => join.onRef('timeline_members.user_id', '=', 'storytellers.user_id').onRef('timeline_members.timeline_id', '=', 'storytellers.timeline_id'))
    .select(storytellerColumns)
    .select((eb) => [
      storiesOn(eb).select((inner) => inner.fn.countAll<number | string>().as('n')).as('stories'),
      storiesOn(eb).select((inner) => inner.fn.max('memories.created_at').as('at')).as('last_story_at'),
    ])
    .where('storytellers.timeline_id', '=', timelineId)
    .orderBy('storytellers.created_at')
    .orderBy('storytellers.user_id')
    .execute();
}

export async function timelineOwnerOf(db: Db, timelineId: string): Promise<string> {
  return (await db.selectFrom('timelines').select('user_id').where('id', '=', timelineId).executeTakeFirstOrThrow()).user_id;
}

/** The storyteller's own users row, the creator of the stories their link sends. */
export async function storytellerUser(db: Db, id: string): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** DESIGN: the link reads the titles and dates of their own stories on its timeline, newest first. */
export async function storiesOf(db: Db, storytellerId: string, timelineId: string, limit: number) {
  return db
    .selectFrom('memories')
    .innerJoin('memory_timelines', 'memory_timelines.memory_id', 'memories.id')
    .select(['memories.id', 'memories.title', 'memories.created_at'])
    .where('memories.user_id', '=', storytellerId)
    .where('memory_timelines.timeline_id', '=', timelineId)
    .orderBy('memories.created_at', 'desc')
    .orderBy('memories.id', 'desc')
    .limit(limit)
    .execute();
}

/** Of `userIds`, the storytellers who no longer have a storytellers row (their timeline is gone). */
export async function storytellersWithoutTimeline(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', userIds)
    .where('users.is_storyteller', '=', flag(true))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('storytellers').select('storytellers.user_id').whereRef('storytellers.user_id', '=', 'users.id'))))
    .execute();
}

/** Whether any memory they told is left (on any timeline). */
export async function hasStories(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('memories').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}
