// The one dialect difference of a claim (server/jobs): which rows a statement may take when
// several instances ask at once.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { isPostgres } from './columns.js';

/**
 * On PostgreSQL the chosen rows are locked and rows another transaction holds are passed
 * over (FOR UPDATE SKIP LOCKED), so N instances claiming at once each take a different row
 * and none waits. SQLite runs one writing statement at a time across every connection and
 * process, so an UPDATE around this subquery is already alone (and SQLite has no FOR UPDATE).
 */
export function skippingLockedRows<DB, TB extends keyof DB, O>(db: Kysely<any>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate().skipLocked() : query;
}

/**
 * The chosen rows locked until the transaction ends (FOR UPDATE) on PostgreSQL, so a second
 * transaction asking for them waits for the first to commit: a check-then-insert (one archive
 * of a person's being made at a time) holds across concurrent requests. SQLite's transactions
 * of one process already run one at a time, and it has no FOR UPDATE.
 */
export function lockingRows<DB, TB extends keyof DB, O>(db: Kysely<any>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate() : query;
}
