// SQL of memories. Multi-row writes take the transaction they run in; the same code runs
// on SQLite and PostgreSQL (times are ISO strings, sizes numbers).
import { expressionBuilder, type Expression, type Insertable, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { WORDS_ON_THEIR_WAY, type TranscriptionStatus } from '../../common/audio.js';
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import type { Database, FollowUpResponsesTable, MediaTable, MemoriesTable } from '../db/schema.js';
import { memberColumns, type MemberRow } from '../people/index.js';
import * as uploads from '../uploads/index.js';


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
/** A media row as media/ records it (recordMedia). */
export type { NewMedia } from '../media/index.js';
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

export async function insertFollowUps(db: Db, rows: NewFollowUp[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('follow_up_responses').values(rows).execute();
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
  followUps: { memory_id: string; question: string; answer: string; audio_key: string | null; transcription_status: TranscriptionStatus }[];
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
        .select(['memory_id', 'question', 'answer', 'audio_key', 'transcription_status'])
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

/** Memory ids, as a subquery each statement of a deletion runs again. */
type MemoryIds = SelectQueryBuilder<any, any, { memory_id: string }>;

/** The memory `id`, if it exists. */
function theMemory(db: Db, id: string): MemoryIds {
  return db.selectFrom('memories').select('memories.id as memory_id').where('memories.id', '=', id);
}

/** The memories filed on timeline `timelineId` and on no other. */
function memoriesOnlyOn(db: Db, timelineId: string): MemoryIds {
  return db
    .selectFrom('memory_timelines as here')
    .select('here.memory_id')
    .where('here.timeline_id', '=', timelineId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memory_timelines as elsewhere')
            .select('elsewhere.memory_id')
            .whereRef('elsewhere.memory_id', '=', 'here.memory_id')
            .where('elsewhere.timeline_id', '!=', timelineId),
        ),
      ),
    );
}

/**
 * Deletes the memories `ids`; their timelines, shares, tags, media rows, follow-ups and
 * comments go by cascade, their notifications keep no link. The direct uploads they held
 * are forgotten too (uploads/). Answers the storage keys whose files to remove once this has
 * committed: every media row's (photos in every size, videos and their thumbnails,
 * recordings), and those the memories, their spoken answers and their comments name.
 */
async function deleteMemories(db: Db, ids: MemoryIds): Promise<string[]> {
  const [media, memories, followUps, comments] = await Promise.all([
    db.selectFrom('media').select('storage_key').where('memory_id', 'in', ids).execute(),
    db.selectFrom('memories').select('audio_key').where('id', 'in', ids).where('audio_key', 'is not', null).execute(),
    db.selectFrom('follow_up_responses').select('audio_key').where('memory_id', 'in', ids).where('audio_key', 'is not', null).execute(),
    db.selectFrom('comments').select('audio_key').where('memory_id', 'in', ids).where('audio_key', 'is not', null).execute(),
  ]);
  const keys = [
    ...media.map((row) => row.storage_key),
    ...memories.map((row) => row.audio_key),
    ...followUps.map((row) => row.audio_key),
    ...comments.map((row) => row.audio_key),
  ];
  const unique = [...new Set(keys.filter((key): key is string => Boolean(key)))];
  await uploads.forget(db, unique);
  await db.deleteFrom('memories').where('id', 'in', ids).execute();
  return unique;
}

/** Deletes the memory (memories §7 DELETE); answers the keys of its files, as deleteMemories. */
export function deleteMemory(db: Db, id: string): Promise<string[]> {
  return deleteMemories(db, theMemory(db, id));
}

/**
 * DESIGN "Who may do what" (Timeline): a timeline being deleted takes with it the memories
 * filed only on it (timelines/ calls this in its transaction, before the timeline goes); a
 * memory also filed elsewhere stays. Answers the keys of their files, as deleteMemories.
 */
export function deleteMemoriesFiledOnlyOn(db: Db, timelineId: string): Promise<string[]> {
  return deleteMemories(db, memoriesOnlyOn(db, timelineId));
}

// ---- Words of recordings (issue 22): written by a job only while their status says it owns them.

const onTheirWay = [...WORDS_ON_THEIR_WAY];

/** The memory's recording, marked 'working', while its words are a job's to write; undefined otherwise. */
export async function beginMemoryWords(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('memories')
    .set({ transcription_status: 'working' })
    .where('id', '=', id)
    .where('transcription_status', 'in', onTheirWay)
    .where('audio_key', 'is not', null)
    .returning('audio_key')
    .executeTakeFirst();
  return row?.audio_key ?? undefined;
}

/** The memory's words and how they stand, only while a job still owns them (a person's edit has set 'done'). */
export async function settleMemoryWords(db: Db, id: string, { words, status }: { words?: string; status: 'done' | 'failed' }): Promise<void> {
  await db
    .updateTable('memories')
    .set({ transcription_status: status, ...(words === undefined ? {} : { transcription: words }) })
    .where('id', '=', id)
    .where('transcription_status', 'in', onTheirWay)
    .execute();
}

/** A spoken answer's recording, marked 'working', while its words are a job's to write; undefined otherwise. */
export async function beginAnswerWords(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('follow_up_responses')
    .set({ transcription_status: 'working' })
    .where('id', '=', id)
    .where('transcription_status', 'in', onTheirWay)
    .where('audio_key', 'is not', null)
    .returning('audio_key')
    .executeTakeFirst();
  return row?.audio_key ?? undefined;
}

/** A spoken answer as saved: where its block stands in the notes. */
export function spokenAnswer(db: Db, id: string): Promise<{ memory_id: string; question: string; answer: string } | undefined> {
  return db.selectFrom('follow_up_responses').select(['memory_id', 'question', 'answer']).where('id', '=', id).executeTakeFirst();
}

/**
 * The answer's words in place of its placeholder, or only its status, while a job still owns
 * them. Answers whether it wrote.
 */
export async function settleAnswerWords(db: Db, id: string, { words, status }: { words?: string; status: 'done' | 'failed' }): Promise<boolean> {
  const result = await db
    .updateTable('follow_up_responses')
    .set({ transcription_status: status, ...(words === undefined ? {} : { answer: words }) })
    .where('id', '=', id)
    .where('transcription_status', 'in', onTheirWay)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The memories and spoken answers whose recordings no engine has written words for yet (transcribe:missing). */
export async function recordingsWithoutWords(db: Db): Promise<{ memories: string[]; answers: string[] }> {
  const [memories, answers] = await Promise.all([
    db.selectFrom('memories').select('id').where('audio_key', 'is not', null).where('transcription_status', '=', 'none').execute(),
    db.selectFrom('follow_up_responses').select('id').where('audio_key', 'is not', null).where('transcription_status', '=', 'none').execute(),
  ]);
  return { memories: memories.map((row) => row.id), answers: answers.map((row) => row.id) };
}

/** Marks them queued, in the transaction that queues their jobs. */
export async function markWordsQueued(db: Db, ids: { memories: string[]; answers: string[] }): Promise<void> {
  if (ids.memories.length > 0) await db.updateTable('memories').set({ transcription_status: 'queued' }).where('id', 'in', ids.memories).where('transcription_status', '=', 'none').execute();
  if (ids.answers.length > 0) await db.updateTable('follow_up_responses').set({ transcription_status: 'queued' }).where('id', 'in', ids.answers).where('transcription_status', '=', 'none').execute();
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
