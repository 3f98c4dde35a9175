// The calls each user made to the operator's AI services (issue 19: per-user limits, counted
// in the database so that every instance behind a balancer agrees; server/ai-limits). Rows
// older than their kind's window are removed as new calls come in.
import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('ai_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // common/limits.ts AiCallKind: transcription, followUp, promptRefresh.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('called_at', time, (c) => c.notNull())
    .execute();
  // Every count and sweep reads one user's calls of one kind in a window.
  await db.schema.createIndex('ai_calls_user_kind_idx').on('ai_calls').columns(['user_id', 'kind', 'called_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
