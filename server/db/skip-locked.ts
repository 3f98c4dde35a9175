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
