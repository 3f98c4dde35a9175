// SQL of the Idempotency-Keys: one `idempotency_keys` row per key whose create committed.
import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { IdempotencyKeysTable } from '../db/schema.js';

export type KeyRow = Selectable<IdempotencyKeysTable>;

/** The caller's row for `key`, if it was written after `since`. */
export function findKey(db: Db, caller: string, key: string, since: string): Promise<KeyRow | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('caller', '=', caller).where('key', '=', key).where('created_at', '>', since).executeTakeFirst();
}

/**
 * Writes the row unless the caller's key has one. On PostgreSQL a row another transaction
 * has written and not yet committed makes this wait for that transaction: its commit
 * answers false, its rollback lets this one write. Answers whether the row is this one's.
 */
export async function insertKey(db: Db, row: KeyRow): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((conflict) => conflict.columns(['caller', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets the caller's keys written at or before `since`. */
export async function deleteKeysBefore(db: Db, caller: string, since: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('caller', '=', caller).where('created_at', '<=', since).execute();
}
