// SQL of direct uploads: the `uploads` rows of files sent before their memory exists.
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { UploadsTable } from '../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insertInto('uploads').values(row).execute();
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
 * A memory takes the uploads `keys` of `ownerId`, inside its transaction: their rows go, only
 * those still open, and the answer is how many went, so a second memory racing for the same
 * upload finds fewer than it asked for. The memory holds its videos under keys of its own
 * (memories/direct-videos.ts), so a row naming the address's key is spent: its address is
 * refused from now on, and whatever is still sent there is named by no row, readable by no
 * one, and swept as an orphan (issue 19).
 */
export async function attach(db: Db, ownerId: string, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const result = await db
    .deleteFrom('uploads')
    .where('owner_id', '=', ownerId)
    .where('storage_key', 'in', keys)
    .where('attached_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Lists of keys are sent in slices, far below either dialect's limit on bound parameters. */
const SLICE = 500;

/**
 * Forgets the uploads of `keys`, whatever their state, inside the caller's transaction: the
 * files of a memory (or a timeline's memories) being deleted, or a video an edit removes.
 */
export async function forget(db: Db, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += SLICE) {
    await db.deleteFrom('uploads').where('storage_key', 'in', unique.slice(start, start + SLICE)).execute();
  }
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
