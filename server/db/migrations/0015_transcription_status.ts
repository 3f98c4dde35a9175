// issue 22 "Every recording gets its words" (DESIGN "Words for every voice"): each recording
// (a memory's voice, a spoken follow-up answer, a voice comment) carries where its words stand:
// 'none' (no engine wrote them), 'queued', 'working', 'done' or 'failed'. A job writes them
// (server/jobs), and only while the status says a job still owns them, so a person's edit,
// which sets 'done', is never overwritten.
//
// The rows written before it are classified from what they hold: words beside a recording
// are 'done'; a recording without words is 'none', which `npm run transcribe:missing` (and a
// start with an engine configured) queues. A spoken answer without words holds one of the
// wizard's two placeholders (memories §8), copied here because a migration is frozen history
// and never imports feature code. Rows without a recording are 'none'.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../columns.js';

const STATUSES = sql`('none', 'queued', 'working', 'done', 'failed')`;
const PLACEHOLDERS = ['Audio response (no transcription available)', 'Audio response (transcription failed)'];

export async function up(db: Kysely<any>): Promise<void> {
  // The SQLite migrator runs without a transaction: a failure halfway must leave nothing behind.
  if (isPostgres(db)) await addStatus(db);
  else await db.transaction().execute((trx) => addStatus(trx));
}

async function addStatus(db: Kysely<any>): Promise<void> {
  for (const table of ['memories', 'follow_up_responses', 'comments']) {
    await db.schema
      .alterTable(table)
      .addColumn('transcription_status', 'text', (column) => column.notNull().defaultTo('none').check(sql`transcription_status in ${STATUSES}`))
      .execute();
  }
  await sql`update memories set transcription_status = 'done' where audio_key is not null and transcription <> ''`.execute(db);
  await sql`update follow_up_responses set transcription_status = 'done'
    where audio_key is not null and answer not in (${sql.join(PLACEHOLDERS)})`.execute(db);
  await sql`update comments set transcription_status = 'done' where audio_key is not null and transcription is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
