// SQL of the media feature: the media rows behind stored files.
import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { MediaTable } from '../db/schema.js';

/** The type checked from the bytes when the file was stored, if a media row names the key. */
export async function mimeTypeOf(db: Db, storageKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('media').select('mime_type').where('storage_key', '=', storageKey).executeTakeFirst();
  return row?.mime_type;
}

export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto('media').values(row).execute();
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
