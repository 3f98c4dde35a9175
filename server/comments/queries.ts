// SQL of comments (memories §3 "Comment"): rows of one memory, their authors, and the one
// media row a voice comment's recording has (kind comment_audio, so /uploads and the
// memory's deletion find it), which media/ writes in the comment's transaction.
import type { Insertable, Selectable } from 'kysely';
import { WORDS_ON_THEIR_WAY } from '../../common/audio.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import type { CommentsTable } from '../db/schema.js';
import * as media from '../media/index.js';
import { memberColumns, type MemberRow } from '../people/index.js';

export type CommentRow = Selectable<CommentsTable>;
export type NewComment = Insertable<CommentsTable>;

/** The comments of `memoryId`, oldest first (memories §2: the list reads as a conversation). */
export function listComments(db: Db, memoryId: string): Promise<CommentRow[]> {
  return db.selectFrom('comments').selectAll().where('memory_id', '=', memoryId).orderBy('created_at').orderBy('id').execute();
}

/** At most `limit` of them after `after`, in the same order: the list read a batch or a page at a time (db/keyset.ts). */
export function commentsAfter(db: Db, memoryId: string, after: ListPosition | undefined, limit: number): Promise<CommentRow[]> {
  let query = db.selectFrom('comments').selectAll().where('memory_id', '=', memoryId);
  if (after) query = query.where(comesAfter('comments', after, 'asc'));
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

export function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The authors of `userIds`, in one query however long the conversation. */
export function authors(db: Db, userIds: string[]): Promise<MemberRow[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(memberColumns).where('users.id', 'in', unique).execute();
}

export async function insertComment(db: Db, comment: NewComment, recording: media.NewMedia | null): Promise<void> {
  await db.insertInto('comments').values(comment).execute();
  if (recording) await media.recordMedia(db, [recording]);
}

/** Deletes the comment and its recording's media row; answers the recording's key, if any. */
export async function deleteComment(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('comments').select('audio_key').where('id', '=', id).executeTakeFirst();
  if (row?.audio_key) await media.forgetCommentRecording(db, row.audio_key);
  await db.deleteFrom('comments').where('id', '=', id).execute();
  return row?.audio_key ?? null;
}

/**
 * A voice comment's recording, marked 'working', while its words are still a job's to write
 * (issue 22); undefined when the comment is gone or its words are settled.
 */
export async function beginWords(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .updateTable('comments')
    .set({ transcription_status: 'working' })
    .where('id', '=', id)
    .where('transcription_status', 'in', WORDS_ON_THEIR_WAY)
    .where('audio_key', 'is not', null)
    .returning('audio_key')
    .executeTakeFirst();
  return row?.audio_key ?? undefined;
}

/** The comment's words and how they stand, only while a job still owns them (never over a settled comment). */
export async function settleWords(db: Db, id: string, { words, status }: { words?: string; status: 'done' | 'failed' }): Promise<void> {
  await db
    .updateTable('comments')
    .set({ transcription_status: status, ...(words === undefined ? {} : { transcription: words }) })
    .where('id', '=', id)
    .where('transcription_status', 'in', WORDS_ON_THEIR_WAY)
    .execute();
}

/** The voice comments no engine has written words for yet (issue 22: transcribe:missing). */
export async function commentsWithoutWords(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('comments').select('id').where('audio_key', 'is not', null).where('transcription_status', '=', 'none').execute();
  return rows.map((row) => row.id);
}

/** Marks them queued, in the transaction that queues their jobs. */
export async function markQueued(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('comments').set({ transcription_status: 'queued' }).where('id', 'in', ids).where('transcription_status', '=', 'none').execute();
}
