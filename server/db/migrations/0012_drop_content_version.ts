// issue 21 "Retire the answer cache" (DESIGN "One honest fast path"): no answer is kept in
// memory any more, so nothing reads the content version of 0007. Its triggers go with it:
// on PostgreSQL each write transaction on those tables updated one shared row at commit, so
// commits queued behind one another across every instance.
//
// The tables are listed as 0007 made them (a migration is frozen history); `if exists` lets
// a database whose triggers went some other way (a table dropped and made again) pass.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

const TABLES_WITH_TRIGGERS = [
  'users',
  'sessions',
  'families',
  'timelines',
  'timeline_members',
  'memories',
  'memory_timelines',
  'memory_shares',
  'memory_tags',
  'media',
  'follow_up_responses',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await dropPostgres(db);
  else await db.transaction().execute((trx) => dropSqlite(trx));
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

async function dropSqlite(db: Kysely<any>): Promise<void> {
  for (const table of TABLES_WITH_TRIGGERS) {
    for (const write of ['insert', 'update', 'delete'] as const) {
      await sql`drop trigger if exists ${sql.id(`${table}_content_${write}`)}`.execute(db);
    }
  }
  await sql`drop table if exists content_version`.execute(db);
}

async function dropPostgres(db: Kysely<any>): Promise<void> {
  for (const table of TABLES_WITH_TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(`${table}_content_version`)} on ${sql.id(table)}`.execute(db);
  }
  // In the schema 0007 made it in, the first of the search path, as the tables are.
  await sql`drop function if exists raise_content_version()`.execute(db);
  await sql`drop table if exists content_version`.execute(db);
}
