// SQL of the archive of everything (issue 25): reads only. Which memories the requester may
// view always comes from access/'s one memory-view rule (viewableMemories, viewableMemoryIds);
// everything else hangs off those memories or off the requester's own timelines.
import type { Selectable } from 'kysely';
import { viewableMemories, viewableMemoryIds } from '../../access/index.js';
import type { Db } from '../../db/index.js';
import { comesAfter, type ListPosition } from '../../db/keyset.js';
import type { MediaTable, MemoriesTable } from '../../db/schema.js';

export type MemoryRow = Selectable<MemoriesTable>;
export type MediaRow = Selectable<MediaTable>;

/** "Originals only" (issue 25): a memory's photos, videos and recordings, never a video's poster. */
export const MEMORY_FILE_KINDS = ['image', 'video', 'audio'] as const;

/** SQLite's bound-parameter ceiling is far above this; lists of ids go in slices of it. */
const IN_SLICE = 500;

async function inSlices<T>(ids: readonly string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let at = 0; at < ids.length; at += IN_SLICE) rows.push(...(await read(ids.slice(at, at + IN_SLICE))));
  return rows;
}

export async function userById(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'family_id']).where('id', '=', id).executeTakeFirst();
}

/** The memories `userId` may view, oldest first ((created_at, id)), at most `limit` after `after`. */
export function viewableMemoryBatch(db: Db, userId: string, after: ListPosition | undefined, limit: number): Promise<MemoryRow[]> {
  let query = viewableMemories(db, userId).selectAll('memories');
  if (after) query = query.where(comesAfter('memories', after, 'asc'));
  return query.orderBy('memories.created_at', 'asc').orderBy('memories.id', 'asc').limit(limit).execute();
}

export async function viewableMemoryCount(db: Db, userId: string): Promise<number> {
  const row = await viewableMemories(db, userId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- The children of a batch of memories (each one statement for the whole batch).

export function timelinesFiled(db: Db, memoryIds: string[]) {
  return db.selectFrom('memory_timelines').select(['memory_id', 'timeline_id']).where('memory_id', 'in', memoryIds).orderBy('timeline_id').execute();
}

export function sharesOf(db: Db, memoryIds: string[]) {
  return db.selectFrom('memory_shares').select(['memory_id', 'user_id']).where('memory_id', 'in', memoryIds).orderBy('user_id').execute();
}

export function tagsOf(db: Db, memoryIds: string[]) {
  return db.selectFrom('memory_tags').select(['memory_id', 'tag']).where('memory_id', 'in', memoryIds).orderBy('tag').execute();
}

export function followUpsOf(db: Db, memoryIds: string[]) {
  return db
    .selectFrom('follow_up_responses')
    .select(['id', 'memory_id', 'question', 'answer', 'audio_key', 'position'])
    .where('memory_id', 'in', memoryIds)
    .orderBy('memory_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A listen code's id and hash; its sealed token is a secret and is never selected. */
export function listenCodesOf(db: Db, memoryIds: string[]) {
  return db
    .selectFrom('listen_links')
    .select(['id', 'memory_id', 'token_hash', 'created_by', 'created_at'])
    .where('memory_id', 'in', memoryIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function memoryFilesOf(db: Db, memoryIds: string[]): Promise<MediaRow[]> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('memory_id', 'in', memoryIds)
    .where('kind', 'in', [...MEMORY_FILE_KINDS])
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every comment on the memories, oldest first: whoever may view a memory sees all its comments. */
export function commentsOf(db: Db, memoryIds: string[]) {
  return db
    .selectFrom('comments')
    .select(['id', 'memory_id', 'user_id', 'content', 'transcription', 'audio_key', 'created_at'])
    .where('memory_id', 'in', memoryIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The media rows of `kind` naming `keys` (a voice comment's, an avatar's). */
export function mediaByKeys(db: Db, kind: 'comment_audio' | 'avatar', keys: string[]): Promise<MediaRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return inSlices(keys, (slice) => db.selectFrom('media').selectAll().where('kind', '=', kind).where('storage_key', 'in', slice).execute());
}

// ---- The small lists, whole.

export function timelinesOfMember(db: Db, userId: string) {
  return db
    .selectFrom('timelines')
    .innerJoin('timeline_members', 'timeline_members.timeline_id', 'timelines.id')
    .select(['timelines.id', 'timelines.name', 'timelines.description', 'timelines.color', 'timelines.icon', 'timelines.is_default', 'timelines.user_id', 'timelines.created_at'])
    .where('timeline_members.user_id', '=', userId)
    .orderBy('timelines.created_at')
    .orderBy('timelines.id')
    .execute();
}

export function membersOf(db: Db, timelineIds: string[]) {
  if (timelineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('timeline_members')
    .select(['timeline_id', 'user_id', 'joined_at'])
    .where('timeline_id', 'in', timelineIds)
    .orderBy('timeline_id')
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

export function familyById(db: Db, familyId: string) {
  return db.selectFrom('families').select(['id', 'name', 'created_by', 'created_at']).where('id', '=', familyId).executeTakeFirst();
}

export function questionsOf(db: Db, timelineIds: string[]) {
  if (timelineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('questions')
    .select(['id', 'timeline_id', 'asked_by', 'for_user_id', 'text', 'answered_memory_id', 'created_at'])
    .where('timeline_id', 'in', timelineIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A storyteller's row without its sealed link (a secret); its hash is handed out only to those who manage them. */
export function storytellersOf(db: Db, timelineIds: string[]) {
  if (timelineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('storytellers')
    .select([
      'user_id',
      'timeline_id',
      'created_by',
      'email',
      'link_hash',
      'reminder_weekday',
      'reminder_time',
      'reminder_tz',
      'reminders_stopped',
      'created_at',
      'updated_at',
    ])
    .where('timeline_id', 'in', timelineIds)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

/** A person as the archive names them: never a password hash, a setting or a session. */
export function peopleByIds(db: Db, ids: string[]) {
  return inSlices(ids, (slice) =>
    db
      .selectFrom('users')
      .select(['id', 'display_name', 'first_name', 'last_name', 'email', 'profile_image_key', 'is_storyteller', 'family_id', 'created_at'])
      .where('id', 'in', slice)
      .execute(),
  );
}

// ---- Whole-archive questions asked before the first batch: who the memories name, and sizes.

/**
 * Everyone the viewable memories name: their authors, the people they are shared with, their
 * comments' authors, their listen codes' makers and their files' owners; and apart, the
 * comments' authors, whose card the app shows beside each comment.
 */
export async function peopleNamedByMemories(db: Db, userId: string): Promise<{ named: string[]; commenters: string[] }> {
  const viewable = () => viewableMemoryIds(db, userId);
  const lists = await Promise.all([
    db.selectFrom('memories').select('user_id as id').distinct().where('id', 'in', viewable()).execute(),
    db.selectFrom('memory_shares').select('user_id as id').distinct().where('memory_id', 'in', viewable()).execute(),
    db.selectFrom('comments').select('user_id as id').distinct().where('memory_id', 'in', viewable()).execute(),
    db.selectFrom('listen_links').select('created_by as id').distinct().where('memory_id', 'in', viewable()).where('created_by', 'is not', null).execute(),
    db
      .selectFrom('media')
      .select('owner_id as id')
      .distinct()
      .where('memory_id', 'in', viewable())
      .where('kind', 'in', [...MEMORY_FILE_KINDS, 'comment_audio'])
      .execute(),
  ]);
  const ids = (rows: { id: string | null }[]) => [...new Set(rows.flatMap((row) => (row.id ? [row.id] : [])))];
  return { named: ids(lists.flat()), commenters: ids(lists[2]) };
}

/**
 * The kind, key and size of every media row the memories' records may name: the memories' own
 * files (the caller keeps a photo's original only) and their comments' voices (found by the
 * comment's key, as the records find them). A row is a few dozen bytes, for the total's sake.
 */
export async function viewableMediaSizes(db: Db, userId: string): Promise<{ kind: string; storage_key: string; size: number }[]> {
  const [own, voices] = await Promise.all([
    db
      .selectFrom('media')
      .select(['kind', 'storage_key', 'size'])
      .where('memory_id', 'in', viewableMemoryIds(db, userId))
      .where('kind', 'in', [...MEMORY_FILE_KINDS])
      .execute(),
    db
      .selectFrom('comments')
      .innerJoin('media', (join) => join.onRef('media.storage_key', '=', 'comments.audio_key').on('media.kind', '=', 'comment_audio'))
      .select(['media.kind', 'media.storage_key', 'media.size'])
      .where('comments.memory_id', 'in', viewableMemoryIds(db, userId))
      .execute(),
  ]);
  return [...own, ...voices];
}

/**
 * Keys of recordings with no media row (old data, before rows were written for them) on the
 * viewable memories: a memory's voice or a spoken answer with no 'audio' row of that memory,
 * a voice comment with no 'comment_audio' row. Their sizes come from storage.
 */
export async function viewableKeysWithoutRows(db: Db, userId: string): Promise<string[]> {
  const lists = await Promise.all([
    db
      .selectFrom('memories')
      .select('memories.audio_key as key')
      .where('memories.id', 'in', viewableMemoryIds(db, userId))
      .where('memories.audio_key', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('media')
              .select('media.id')
              .whereRef('media.storage_key', '=', 'memories.audio_key')
              .whereRef('media.memory_id', '=', 'memories.id')
              .where('media.kind', '=', 'audio'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('follow_up_responses as answer')
      .select('answer.audio_key as key')
      .where('answer.memory_id', 'in', viewableMemoryIds(db, userId))
      .where('answer.audio_key', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('media')
              .select('media.id')
              .whereRef('media.storage_key', '=', 'answer.audio_key')
              .whereRef('media.memory_id', '=', 'answer.memory_id')
              .where('media.kind', '=', 'audio'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('comments')
      .select('comments.audio_key as key')
      .where('comments.memory_id', 'in', viewableMemoryIds(db, userId))
      .where('comments.audio_key', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('media').select('media.id').whereRef('media.storage_key', '=', 'comments.audio_key').where('media.kind', '=', 'comment_audio'))),
      )
      .execute(),
  ]);
  return [...new Set(lists.flat().flatMap((row) => (row.key ? [row.key] : [])))];
}
