// issue 23 "Forgot password?" (DESIGN "E-mail (optional)"): a reset link is one hour and one
// use. Only the SHA-256 of its token is kept, as for sessions, so a copy of the database (a
// backup) holds no link that works. Written by auth/ only.
import { type Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addPasswordResets(db);
  else await db.transaction().execute((trx) => addPasswordResets(trx));
}

async function addPasswordResets(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    // Set when the link is used, or when another of the account's links was: one use, and the newest password wins.
    .addColumn('used_at', time)
    .execute();
  // The per-account limit counts an account's recent links.
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').columns(['user_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
