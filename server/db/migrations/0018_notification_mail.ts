// issue 23 "Members hear about their family by e-mail": each notification about a memory goes
// into at most one e-mail. `mailed_at` is when the members' mail (server/notifications/
// mail-*.ts) took it: into a mail, or passed over (notifications or that kind turned off since,
// a storyteller, the memory no longer theirs to see). Notifications written before this
// migration count as taken, so turning mail on never sends a person their whole history.
import { sql, type Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addMailedAt(db);
  else await db.transaction().execute((trx) => addMailedAt(trx));
}

async function addMailedAt(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema.alterTable('notifications').addColumn('mailed_at', time).execute();
  await sql`update notifications set mailed_at = created_at`.execute(db);
  // The mail's sweep asks who has notices waiting: only those rows, however long the bell's list grows.
  await sql`create index notifications_unmailed_idx on notifications (user_id, created_at) where mailed_at is null and related_memory_id is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
