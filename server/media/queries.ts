// SQL of the media feature: the media rows behind stored files.
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { MediaTable } from '../db/schema.js';

/** The type checked from the bytes when the file was stored, if a media row names the key. */
export async function mimeTypeOf(db: Db, storageKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('media').select('mime_type').where('storage_key', '=', storageKey).executeTakeFirst();
  return row?.mime_type;
}

export type NewMedia = Insertable<MediaTable>;

/**
 * The rows of files just stored, inside the caller's transaction: an avatar, a memory's
 * photos, videos and recordings, a voice comment's recording.
 */
export async function recordMedia(db: Db, rows: readonly NewMedia[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('media').values([...rows]).execute();
}

/**
 * Deletes the memory's media rows of `ids` (an edit removing photos or videos). Answers how
 * many went, so an edit racing another that took one first can fail whole.
 */
export async function forgetMemoryMedia(db: Db, memoryId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('media').where('memory_id', '=', memoryId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the media row of a voice comment's recording (the comment is being deleted). */
export async function forgetCommentRecording(db: Db, storageKey: string): Promise<void> {
  await db.deleteFrom('media').where('storage_key', '=', storageKey).where('kind', '=', 'comment_audio').execute();
}

/** Deletes the owner's avatar rows other than `keepKey`; returns the storage keys they named. */
export async function deleteAvatarsExcept(db: Db, ownerId: string, keepKey: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('media')
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'avatar')
    .where('storage_key', '<>', keepKey)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
