// The column types that differ between the dialects, for migrations.
import { PostgresAdapter, sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';

export interface ColumnTypes {
  /** An instant: timestamptz on PostgreSQL, ISO-8601 text on SQLite (sorts as time does). */
  time: ColumnDataType;
  /** A yes/no flag: boolean on PostgreSQL, 0/1 integer on SQLite. */
  flag: ColumnDataType;
  flagDefault(value: boolean): Expression<unknown> | boolean | number;
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function columnTypes(db: Kysely<any>): ColumnTypes {
  if (isPostgres(db)) {
    return { time: 'timestamptz', flag: 'boolean', flagDefault: (value) => sql.lit(value) };
  }
  return { time: 'text', flag: 'integer', flagDefault: (value) => (value ? 1 : 0) };
}
