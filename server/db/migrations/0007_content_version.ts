// The content version (db/content-version.ts): one number the database itself raises in
// every transaction that changes a table an answer kept in memory is made of (a timeline
// page, a signed-in session; db/kept.ts), so a kept answer is known to be current by reading
// one row. Kept by triggers, not by the services: a write no one thought of still moves it.
//
// SQLite: a trigger per table and kind of write, each adding one. Writers take turns there,
// so the shared row costs nothing.
//
// PostgreSQL: a constraint trigger deferred to commit, so the row is locked only while the
// transaction commits, after its other locks are taken (locked at the first write, two
// writers could each wait for a row the other holds). A transaction raises it once: the
// first call marks the transaction (a setting local to it) and later calls return at once.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

/**
 * The tables, at the time of this migration, whose rows a timeline page shows or that decide
 * who sees one, and the sessions a request is signed in by.
 */
const KEPT_TABLES = [
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
  if (isPostgres(db)) await versionRow(db, postgresTriggers);
  else await db.transaction().execute((trx) => versionRow(trx, sqliteTriggers));
}

async function versionRow(db: Kysely<any>, addTriggers: (db: Kysely<any>) => Promise<void>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull())
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
  await addTriggers(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const table of KEPT_TABLES) {
    for (const write of ['insert', 'update', 'delete'] as const) {
      await sql`create trigger ${sql.id(`${table}_content_${write}`)} after ${sql.raw(write)} on ${sql.id(table)} begin
        update content_version set version = version + 1 where id = 1;
      end`.execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // Named with the schema, so the trigger finds its row whatever search_path a writer has.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const row = sql`${sql.id(rows[0]!.schema)}.content_version`;
  // "or replace": a PostgreSQL restore drops the tables and migrates again, and the function outlives them.
  await sql`create or replace function raise_content_version() returns trigger language plpgsql as $$
    begin
      if current_setting('heirloom.content_version_raised', true) is distinct from 'yes' then
        perform set_config('heirloom.content_version_raised', 'yes', true);
        update ${row} set version = version + 1 where id = 1;
      end if;
      return null;
    end
  $$`.execute(db);
  for (const table of KEPT_TABLES) {
    await sql`create constraint trigger ${sql.id(`${table}_content_version`)} after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred for each row execute function raise_content_version()`.execute(db);
  }
}
