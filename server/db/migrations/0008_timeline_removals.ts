// issue 19 ("Sharing must hold through every path"): a member removed from a timeline walked
// back in with an invite made before the removal. Each removal is recorded (the last one per
// person and timeline), and an invite made at or before it does not admit that person again
// (access/: requireTimelineInviteAcceptance). Read only when accepting an invite, so no kept
// answer is made of it (db/content-version.ts: UNKEPT_TABLES).
import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('timeline_removals')
    .addColumn('timeline_id', 'text', (c) => c.notNull().references('timelines.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('removed_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('timeline_removals_pk', ['timeline_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
