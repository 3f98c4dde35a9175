// SQL of direct uploads: the `uploads` rows of files sent before their memory exists.
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { UploadsTable } from '../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
}

export async function findUpload(db: Db, storageKey: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('storage_key', '=', storageKey).executeTakeFirst();
}

/** Up to `limit` keys of uploads never attached and created before `before`. */
export async function staleUploadKeys(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('storage_key')
    .where('attached_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Deletes those of `keys` still unattached and stale; returns the keys it deleted. The
 * conditions are checked again here, so a memory attaching one in between keeps it, and
 * of two instances sweeping at once only one gets each key back.
 */
export async function deleteStaleUploads(db: Db, keys: string[], before: string): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .deleteFrom('uploads')
    .where('storage_key', 'in', keys)
    .where('attached_at', 'is', null)
    .where('created_at', '<', before)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
