// Indexes for browsing a timeline (DESIGN "API": GET /api/timelines/{id}/memories pages by
// (created_at desc, id desc)): a page walks memories in that order and checks each row's
// timeline and viewer by primary key, so it reads only its own rows however long the
// timeline is. The covering (timeline_id, memory_id) index serves the calendar's days and
// the deletion of a timeline; it supersedes the index on timeline_id alone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('memories_created_idx').on('memories').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('memory_timelines_timeline_memory_idx').on('memory_timelines').columns(['timeline_id', 'memory_id']).execute();
  await db.schema.dropIndex('memory_timelines_timeline_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
