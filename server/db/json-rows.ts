// Children gathered into JSON columns beside their row (issue 21 "One honest fast path": few,
// batched statements), so a page and what each of its rows holds come back in one statement
// instead of one per table. Only this folder knows the two dialects apart: SQLite answers a
// JSON column as text, PostgreSQL's driver parses it itself.
import { sql, type Expression, type RawBuilder } from 'kysely';
import { isPostgres } from './columns.js';
import type { Db } from './index.js';

/**
 * An aggregate: the values of `value` over a subquery's rows as one JSON array ([] for none),
 * in no promised order (sort what needs an order once parsed).
 */
export function jsonArray<T>(db: Db, value: Expression<T>): RawBuilder<T[]> {
  return isPostgres(db) ? sql<T[]>`coalesce(json_agg(${value}), '[]'::json)` : sql<T[]>`json_group_array(${value})`;
}

/**
 * A JSON object of the given columns. Text and numbers come as read; an instant would come as
 * each dialect writes it in JSON, not as the driver parses it, so select none that are shown.
 */
export function jsonObject<O extends Record<string, unknown>>(db: Db, columns: { [K in keyof O]: Expression<O[K]> }): RawBuilder<O> {
  const pairs = Object.entries(columns).flatMap(([key, value]) => [sql.lit(key), value as Expression<unknown>]);
  return isPostgres(db) ? sql<O>`json_build_object(${sql.join(pairs)})` : sql<O>`json_object(${sql.join(pairs)})`;
}

/** A JSON column as its value, whichever dialect read it. */
export function parsedJson<T>(column: T | string): T {
  return typeof column === 'string' ? (JSON.parse(column) as T) : column;
}
