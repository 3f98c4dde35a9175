// issue 25 "Yours to keep" (DESIGN "Yours to keep"): a person's archive of everything they may
// view, a BagIt bag in a zip made by a job and kept in the media store (archives/{id}.zip)
// until a newer one of theirs is ready or they delete it. Served with Range, so a large
// download resumes after a dropped connection.
import { type Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addArchives(db);
  else await db.transaction().execute((trx) => addArchives(trx));
}

async function addArchives(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('archives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // An archive is its requester's alone: others' are 404.
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // queued → working → ready | failed (common/everything-archive.ts).
    .addColumn('status', 'text', (c) => c.notNull())
    // 0–100 while working.
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    // The zip's size once ready (a 20 GB family outgrows 32 bits).
    .addColumn('bytes', 'bigint')
    // What it holds once ready: JSON of common/archive-format.ts archiveCounts.
    .addColumn('counts', 'text')
    // The zip in the media store (archives/{id}.zip); null until ready.
    .addColumn('file_key', 'text')
    // Why it failed, in words for the person (a message of common/messages.ts).
    .addColumn('error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archives_requester_idx').on('archives').columns(['requested_by', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
