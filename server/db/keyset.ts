// Long lists read a batch at a time (issue 19 "Memory and size"): each batch is one statement
// that seeks past the last row of the one before, in (created_at, id) order, so a list of any
// length holds one batch in memory at once and no statement reads more than a batch. Plain
// comparisons that both databases run alike (instants are UTC ISO text on SQLite and
// timestamptz on PostgreSQL, each ordered as time is).
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A place in a list ordered by (created_at, id): the last row a batch or a page gave. */
export interface ListPosition {
  createdAt: string;
  id: string;
}

/** The rows a list is made of: every such list is ordered by when, then by id. */
export interface ListRow {
  created_at: string;
  id: string;
}

export const positionOf = (row: ListRow): ListPosition => ({ createdAt: row.created_at, id: row.id });

/**
 * Rows a batch reads. A memory's text is mostly its notes and transcription, MEMORY_TEXT_MAX
 * characters each, so a batch of full ones is some tens of MB and a usual one far less, while
 * a list of thousands still takes few statements.
 */
export const LIST_BATCH_ROWS = 100;

/**
 * A condition on `table`: the row comes after `after` in the list's order (newest first for
 * 'desc'). The first comparison alone lets the database seek into its (created_at) index.
 */
export function comesAfter(table: 'memories' | 'comments', after: ListPosition, order: 'asc' | 'desc'): RawBuilder<SqlBool> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const past = sql.raw(order === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${createdAt} ${past}= ${after.createdAt} and (${createdAt} ${past} ${after.createdAt} or ${id} ${past} ${after.id}))`;
}

/** Reads at most `limit` rows of a list after `after` (from its start when undefined), in the list's order. */
export type ListReader<Row extends ListRow> = (after: ListPosition | undefined, limit: number) => Promise<Row[]>;

/**
 * The list `read` gives, from after `from`, a batch of `size` rows at a time. Each batch is read
 * only when the one before has been taken, so a reply written as it goes reads no further than
 * its client has taken; a consumer that stops early (a client gone) ends the reading.
 */
export async function* keysetBatches<Row extends ListRow>(read: ListReader<Row>, from?: ListPosition, size = LIST_BATCH_ROWS): AsyncGenerator<Row[]> {
  let after = from;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = positionOf(rows.at(-1)!);
  }
}
