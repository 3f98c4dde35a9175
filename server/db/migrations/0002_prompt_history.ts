// Which built-in prompts each user has been served, per timeline and kind, so the engine
// repeats none until its pool is exhausted (DESIGN "AI"). daily_prompts cannot tell: a
// refresh replaces the day's row, and the prompts it replaced would be forgotten.
import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('prompt_history')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // '' stands for "no timeline", as in daily_prompts.
    .addColumn('timeline_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('served_at', time, (c) => c.notNull())
    // One row per prompt per cycle: the cycle starts over by deleting the kind's rows.
    .addPrimaryKeyConstraint('prompt_history_pk', ['user_id', 'timeline_id', 'kind', 'prompt'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
