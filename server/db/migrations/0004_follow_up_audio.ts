// DESIGN "Voice is never dropped": a spoken follow-up answer keeps its recording
// (follow_up_responses.audio_key). The recording also has a media row (kind 'audio', beside
// the memory's own recording), which carries its duration, its size and its memory for the
// access checks, deletions and archives that go by media rows.
//
// GET /uploads/{key} looks a key up by memories.audio_key and comments.audio_key on every
// request; these indexes keep that a lookup instead of a scan as the family's archive grows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('follow_up_responses').addColumn('audio_key', 'text').execute();
  await db.schema.createIndex('memories_audio_key_idx').on('memories').column('audio_key').execute();
  await db.schema.createIndex('comments_audio_key_idx').on('comments').column('audio_key').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
