// SQL of the family book (issue 24). Only this feature writes `books`; what a book holds is
// read from the other features' tables here, each read narrowed by server/access's memory-view
// rule, never by a rule written again.
import type { Insertable, Selectable } from 'kysely';
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import type { BooksTable, UserRow } from '../db/schema.js';
import { filedOnAny, type MemoryRow } from '../memories/index.js';

export type BookRow = Selectable<BooksTable>;

export async function insertBook(db: Db, row: Insertable<BooksTable>): Promise<void> {
  await db.insertInto('books').values(row).execute();
}

export function findBook(db: Db, id: string): Promise<BookRow | undefined> {
  return db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
}

/** "My books": the person's own, newest first (the index books_requester_idx). */
export function booksOf(db: Db, userId: string): Promise<BookRow[]> {
  return db.selectFrom('books').selectAll().where('requested_by', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Answers the file the row named, if the row was there to delete. */
export async function deleteBook(db: Db, id: string): Promise<{ file_key: string | null } | undefined> {
  return db.deleteFrom('books').where('id', '=', id).returning('file_key').executeTakeFirst();
}

/**
 * A job's attempt takes the book in hand: 'rendering' from 0 %, whatever an earlier attempt
 * left. A book already ready (its job ran again after it ended well) or gone is not taken.
 */
export function beginRendering(db: Db, id: string, at: string): Promise<BookRow | undefined> {
  return db
    .updateTable('books')
    .set({ status: 'rendering', progress: 0, error: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'ready')
    .returningAll()
    .executeTakeFirst();
}

/** Answers whether the row is still there (a deleted book's job stops at the next step). */
export async function setProgress(db: Db, id: string, progress: number, at: string): Promise<boolean> {
  const result = await db.updateTable('books').set({ progress, updated_at: at }).where('id', '=', id).where('status', '=', 'rendering').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markReady(db: Db, id: string, done: { pages: number; bytes: number; memories: number; fileKey: string; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('books')
    .set({ status: 'ready', progress: 100, pages: done.pages, bytes: done.bytes, memories: done.memories, file_key: done.fileKey, error: null, updated_at: done.at })
    .where('id', '=', id)
    .where('status', '=', 'rendering')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Between attempts: queued again, from 0 %. */
export async function markWaiting(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('books').set({ status: 'queued', progress: 0, updated_at: at }).where('id', '=', id).where('status', '=', 'rendering').execute();
}

export async function markFailed(db: Db, id: string, error: string, at: string): Promise<void> {
  await db.updateTable('books').set({ status: 'failed', error, updated_at: at }).where('id', '=', id).where('status', '!=', 'ready').execute();
}

/** The timeline's name (a book's default title), or undefined when there is no such timeline. */
export async function timelineName(db: Db, timelineId: string): Promise<string | undefined> {
  const row = await db.selectFrom('timelines').select('name').where('id', '=', timelineId).executeTakeFirst();
  return row?.name;
}

/** A photo (media of kind 'image') of a memory filed on the timeline: where it sits, for the access check. */
export function photoOnTimeline(db: Db, mediaId: string, timelineId: string): Promise<{ memory_id: string } | undefined> {
  return db
    .selectFrom('media')
    .innerJoin('memory_timelines', 'memory_timelines.memory_id', 'media.memory_id')
    .select('memory_timelines.memory_id')
    .where('media.id', '=', mediaId)
    .where('media.kind', '=', 'image')
    .where('memory_timelines.timeline_id', '=', timelineId)
    .executeTakeFirst();
}

export function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}


/**
 * The memories of the book: filed on `timelineId`, dated within [start, end] (ISO instants,
 * inclusive), and viewable by `viewerId` now (access/'s rule, audience included); oldest first.
 */
export function memoriesOfBook(db: Db, viewerId: string, range: { timelineId: string; start: string; end: string }): Promise<MemoryRow[]> {
  return viewableMemories(db, viewerId)
    .selectAll('memories')
    .where(filedOnAny([range.timelineId]))
    .where('memories.created_at', '>=', range.start)
    .where('memories.created_at', '<=', range.end)
    .orderBy('memories.created_at')
    .orderBy('memories.id')
    .execute();
}
