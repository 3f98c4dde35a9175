// SQL of the sweep of stored files that no row holds: which keys of a batch some row names.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { MEDIA_KEY_COLUMNS, type MediaKeyColumn } from '../db/media-key-columns.js';

function keysNamedIn(db: Db, { table, column }: MediaKeyColumn, keys: string[]) {
  return db
    .selectFrom(table)
    .select(sql.ref<string>(column).as('key'))
    .where(sql.ref(column), 'in', keys);
}

/**
 * The keys out of `keys` that some row names. One statement over every column, so all of
 * them are read at one instant on both dialects: an upload attached to its memory between
 * two separate reads could otherwise be found in neither table and its file deleted.
 */
export async function keysHeldByRows(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [first, ...rest] = MEDIA_KEY_COLUMNS.map((column) => keysNamedIn(db, column, keys));
  const query = rest.reduce((union, next) => union.unionAll(next), first!);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.key));
}
