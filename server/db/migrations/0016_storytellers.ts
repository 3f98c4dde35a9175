// issue 23 "Storytellers: a link, a question, a voice" (DESIGN "Storytellers (no account)"):
// a storyteller is a users row with no password, marked `is_storyteller`, whose credential is
// a link. Its sign-in e-mail is a reserved address no one can own (`{id}@storytellers.invalid`,
// RFC 2606), because users.email is the unique sign-in name: the e-mail a family gives for
// reminders is contact, kept here, and never stops that person signing up for themselves.
// Questions are what the family asks; a story sent with a question's id answers it.
import { type Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addStorytellers(db);
  else await db.transaction().execute((trx) => addStorytellers(trx));
}

async function addStorytellers(db: Kysely<any>): Promise<void> {
  const { time, flag, flagDefault } = columnTypes(db);
  await db.schema
    .alterTable('users')
    .addColumn('is_storyteller', flag, (c) => c.notNull().defaultTo(flagDefault(false)))
    .execute();

  await db.schema
    .createTable('storytellers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The one timeline the link files stories on.
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    // The member who added them; with the timeline's owner, the one who manages them.
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // Contact only, for the week's question; null without one.
    .addColumn('email', 'text')
    // SHA-256 (hex) of the link's token: the lookup. Null while no link is active.
    .addColumn('link_hash', 'text', (c) => c.unique())
    // The token sealed with the server's secret (AES-256-GCM), so "Copy link" and the reminder
    // can show it again; null with link_hash.
    .addColumn('link_sealed', 'text')
    // The week's question: weekday 0–6 (0 = Sunday), 'HH:mm', an IANA zone; all null for none.
    .addColumn('reminder_weekday', 'integer')
    .addColumn('reminder_time', 'text')
    .addColumn('reminder_tz', 'text')
    // Set by the one-click unsubscribe; a family's new reminder choice clears it.
    .addColumn('reminders_stopped', flag, (c) => c.notNull().defaultTo(flagDefault(false)))
    // The question last e-mailed, so a story answering it stops the reminder until the next.
    .addColumn('reminded_question_id', 'text')
    .addColumn('reminded_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storytellers_timeline_idx').on('storytellers').column('timeline_id').execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addColumn('asked_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: for anyone on the timeline who tells stories by link.
    .addColumn('for_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    // The story that answered it; a deleted story leaves the question to be asked again.
    .addColumn('answered_memory_id', 'text', (c) => c.references('memories.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  // Oldest first, per timeline: the family's list and the storyteller's next question.
  await db.schema.createIndex('questions_timeline_idx').on('questions').columns(['timeline_id', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
