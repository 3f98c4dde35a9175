// issue 24 "The family book" (DESIGN "The family book (PDF)"): a book is a PDF made by a job
// from the memories its requester may view, kept in the media store until deleted. A listen
// code is a memory's one live token (256 bits, only its SHA-256 kept for the lookup, the token
// itself sealed so every later book prints the same code); stopping the codes deletes the
// memory's rows, so every code printed so far answers 404, and a book made afterwards mints a
// new one. A memory may hold more than one live code: when the server's secret changed, the
// old token cannot be shown again, so the next book mints another and the old one keeps playing.
import { type Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addBooks(db);
  else await db.transaction().execute((trx) => addBooks(trx));
}

async function addBooks(db: Kysely<any>): Promise<void> {
  const { time, flag, flagDefault } = columnTypes(db);
  await db.schema
    .createTable('books')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A book is its requester's alone: others' books are 404.
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // Days (yyyy-MM-dd) in tz, both inclusive.
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('end_day', 'text', (c) => c.notNull())
    .addColumn('tz', 'text', (c) => c.notNull())
    .addColumn('include_comments', flag, (c) => c.notNull().defaultTo(flagDefault(true)))
    .addColumn('listen_codes', flag, (c) => c.notNull().defaultTo(flagDefault(true)))
    // The cover's photo (a media row of kind 'image'); null: the first photo in the book.
    .addColumn('cover_media_id', 'text', (c) => c.references('media.id').onDelete('set null'))
    // queued → rendering → ready | failed (common/books.ts bookStatuses).
    .addColumn('status', 'text', (c) => c.notNull())
    // 0–100 while rendering.
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('memories', 'integer')
    // The PDF in the media store (books/{id}.pdf); null until ready.
    .addColumn('file_key', 'text')
    // Why it failed, in words for the person (a message of common/messages.ts).
    .addColumn('error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // "My books": a person's books, newest first.
  await db.schema.createIndex('books_requester_idx').on('books').columns(['requested_by', 'created_at']).execute();

  await db.schema
    .createTable('listen_links')
    // The code's own id: an archive carries it with its hash, so a printed book keeps working after a move.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    // SHA-256 (hex) of the token: the lookup.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The token sealed with the server's secret (server/sealing.ts), so the next book prints the
    // same code; null when the secret changed since (the code still plays, found by its hash).
    .addColumn('token_sealed', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listen_links_memory_idx').on('listen_links').column('memory_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
