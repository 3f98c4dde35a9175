// SQL of memories. Multi-row writes take the transaction they run in; the same code runs
// on SQLite and PostgreSQL (times are ISO strings, sizes numbers).
import { expressionBuilder, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import type { Database, FollowUpResponsesTable, MediaTable, MemoriesTable } from '../db/schema.js';
import { memberColumns, type MemberRow } from '../people/index.js';


/**
 * A condition on `memories`: filed on any of `timelineIds`. The one timeline filter of a
 * timeline's pages, search and the month archives.
 */
export function filedOnAny(timelineIds: readonly string[]): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'memories'>();
  return eb.exists(
    eb
      .selectFrom('memory_timelines')
      .select('memory_timelines.memory_id')
      .whereRef('memory_timelines.memory_id', '=', 'memories.id')
      .where('memory_timelines.timeline_id', 'in', [...timelineIds]),
  );
}

export type MemoryRow = Selectable<MemoriesTable>;
export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
export type NewFollowUp = Insertable<FollowUpResponsesTable>;

/** Lists of ids are sent in slices, far below either dialect's limit on bound parameters. */
const SLICE = 500;

async function inSlices<T>(ids: string[], load: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const results: T[] = [];
  for (let start = 0; start < unique.length; start += SLICE) results.push(...(await load(unique.slice(start, start + SLICE))));
  return results;
}

/** The memory with its timelines and its sharedWith (which holds the creator). */
export async function insertMemory(db: Db, row: MemoryRow, timelineIds: string[], sharedWith: string[]): Promise<void> {
  await db.insertInto('memories').values(row).execute();
  await db
    .insertInto('memory_timelines')
    .values(timelineIds.map((timelineId) => ({ memory_id: row.id, timeline_id: timelineId })))
    .execute();
  await db
    .insertInto('memory_shares')
    .values(sharedWith.map((userId) => ({ memory_id: row.id, user_id: userId })))
    .execute();
}

export async function insertMedia(db: Db, rows: NewMedia[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('media').values(rows).execute();
}

export async function insertFollowUps(db: Db, rows: NewFollowUp[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('follow_up_responses').values(rows).execute();
}

/** The direct uploads, out of `keys`, that `ownerId` sent and no memory holds yet. */
export async function openUploads(db: Db, ownerId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('uploads')
    .select('storage_key')
    .where('owner_id', '=', ownerId)
    .where('storage_key', 'in', keys)
    .where('attached_at', 'is', null)
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Removes the uploads' rows, only those still open: answers how many it removed, so a second
 * memory racing for the same upload finds fewer than it asked for. The memory holds its
 * videos under keys of its own (direct-videos.ts), so a row naming the address's key is spent:
 * its address is refused from now on, and whatever is still sent there is named by no row,
 * readable by no one, and swept as an orphan (issue 19).
 */
export async function spendUploads(db: Db, ownerId: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db
    .deleteFrom('uploads')
    .where('owner_id', '=', ownerId)
    .where('storage_key', 'in', keys)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * At most `limit` of the memories `userId` may view, newest first, after `after` (memories §7
 * GET /api/memories, read a batch or a page at a time). The view rule row by row
 * (access/viewableMemories), so a batch walks memories_created_idx and stops at its limit.
 */
export function viewableMemoriesAfter(db: Db, userId: string, after: ListPosition | undefined, limit: number): Promise<MemoryRow[]> {
  let query = viewableMemories(db, userId).selectAll('memories');
  if (after) query = query.where(comesAfter('memories', after, 'desc'));
  return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc').limit(limit).execute();
}

export function findMemory(db: Db, id: string): Promise<MemoryRow | undefined> {
  return db.selectFrom('memories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a memory's JSON is made of besides its row, for many memories in one query per table. */
export interface MemoryChildren {
  timelines: { memory_id: string; timeline_id: string }[];
  shares: { memory_id: string; user_id: string }[];
  /** For the 'timeline' memories only: the members now of the timelines each is filed on. */
  members: { memory_id: string; user_id: string }[];
  tags: { memory_id: string; tag: string }[];
  media: MediaRow[];
  followUps: { memory_id: string; question: string; answer: string; audio_key: string | null }[];
  creators: MemberRow[];
}

export async function childrenOf(db: Db, memories: MemoryRow[]): Promise<MemoryChildren> {
  const ids = memories.map((memory) => memory.id);
  const forEveryone = memories.filter((memory) => memory.audience === 'timeline').map((memory) => memory.id);
  const [timelines, shares, members, tags, media, followUps, creators] = await Promise.all([
    inSlices(ids, (slice) => db.selectFrom('memory_timelines').select(['memory_id', 'timeline_id']).where('memory_id', 'in', slice).execute()),
    inSlices(ids, (slice) => db.selectFrom('memory_shares').select(['memory_id', 'user_id']).where('memory_id', 'in', slice).execute()),
    inSlices(forEveryone, (slice) =>
      db
        .selectFrom('memory_timelines')
        .innerJoin('timeline_members', 'timeline_members.timeline_id', 'memory_timelines.timeline_id')
        .select(['memory_timelines.memory_id', 'timeline_members.user_id'])
        .distinct()
        .where('memory_timelines.memory_id', 'in', slice)
        .execute(),
    ),
    inSlices(ids, (slice) => db.selectFrom('memory_tags').select(['memory_id', 'tag']).where('memory_id', 'in', slice).orderBy('tag').execute()),
    inSlices(ids, (slice) =>
      db
        .selectFrom('media')
        .selectAll()
        .where('memory_id', 'in', slice)
        // 'audio': the memory's own recording and the spoken answers, for their durations.
        .where('kind', 'in', ['image', 'video', 'video_thumbnail', 'audio'])
        .orderBy('position')
        .orderBy('storage_key')
        .execute(),
    ),
    inSlices(ids, (slice) =>
      db
        .selectFrom('follow_up_responses')
        .select(['memory_id', 'question', 'answer', 'audio_key'])
        .where('memory_id', 'in', slice)
        .orderBy('memory_id')
        .orderBy('position')
        .execute(),
    ),
    inSlices(
      memories.map((memory) => memory.user_id),
      (slice) => db.selectFrom('users').select(memberColumns).where('users.id', 'in', slice).execute(),
    ),
  ]);
  return { timelines, shares, members, tags, media, followUps, creators };
}

/**
 * Deletes the memory; its timelines, shares, tags, media rows, follow-ups and comments go by
 * cascade, its notifications keep no link. The direct uploads it held are forgotten too.
 * Answers the storage keys whose files to remove once this has committed: every media row's,
 * and those the memory, its spoken answers and its comments name.
 */
export async function deleteMemory(db: Db, id: string): Promise<string[]> {
  const [media, memory, followUps, comments] = await Promise.all([
    db.selectFrom('media').select('storage_key').where('memory_id', '=', id).execute(),
    db.selectFrom('memories').select('audio_key').where('id', '=', id).executeTakeFirst(),
    db.selectFrom('follow_up_responses').select('audio_key').where('memory_id', '=', id).where('audio_key', 'is not', null).execute(),
    db.selectFrom('comments').select('audio_key').where('memory_id', '=', id).where('audio_key', 'is not', null).execute(),
  ]);
  const keys = [
    ...media.map((row) => row.storage_key),
    memory?.audio_key,
    ...followUps.map((row) => row.audio_key),
    ...comments.map((row) => row.audio_key),
  ];
  const unique = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  await inSlices(unique, async (slice) => {
    await db.deleteFrom('uploads').where('storage_key', 'in', slice).execute();
    return [];
  });
  await db.deleteFrom('memories').where('id', '=', id).execute();
  return unique;
}

/**
 * The answer's words, in place of its placeholder: only while the answer is still that
 * placeholder. Answers whether it changed the row.
 */
export async function setFollowUpAnswer(db: Db, id: string, placeholder: string, answer: string): Promise<boolean> {
  const result = await db.updateTable('follow_up_responses').set({ answer }).where('id', '=', id).where('answer', '=', placeholder).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The memory's notes, or undefined once it is gone. */
export async function contentOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('memories').select('content').where('id', '=', id).executeTakeFirst())?.content;
}

/**
 * Writes `next` as the memory's notes only if they still read `expected`, so an edit saved
 * meanwhile is never overwritten. Answers whether it wrote.
 */
export async function replaceContent(db: Db, id: string, expected: string, next: string): Promise<boolean> {
  const result = await db.updateTable('memories').set({ content: next }).where('id', '=', id).where('content', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
