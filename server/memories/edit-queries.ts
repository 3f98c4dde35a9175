// SQL of editing a memory (memories §7 PATCH /api/memories/{id}). Writes take the
// transaction they run in; the media rows and direct uploads an edit adds or removes are
// written by their owners (media/, uploads/).
import { sql, type RawBuilder, type Updateable } from 'kysely';
import type { TranscriptionStatus } from '../../common/audio.js';
import type { Db } from '../db/index.js';
import type { MemoriesTable } from '../db/schema.js';
import type { MediaRow } from './queries.js';

/** The memory's photos (three rows each), videos and video thumbnails, in position order. */
export function visualMediaOf(db: Db, memoryId: string): Promise<MediaRow[]> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('memory_id', '=', memoryId)
    .where('kind', 'in', ['image', 'video', 'video_thumbnail'])
    .orderBy('position')
    .orderBy('storage_key')
    .execute();
}

/**
 * The words' status once an edit sends `transcription` (issue 22): words a person changed are
 * theirs ('done'), and a job that finishes later leaves them be; the same words sent back
 * unchanged (the whole form is sent) leave a job waiting on them at work.
 */
export function wordsSetBy(transcription: string): RawBuilder<TranscriptionStatus> {
  return sql<TranscriptionStatus>`case when transcription = ${transcription} then transcription_status else 'done' end`;
}

/** Answers how many rows it changed: 0 when the memory went meanwhile. */
export async function updateMemory(
  db: Db,
  id: string,
  changes: Omit<Updateable<MemoriesTable>, 'transcription_status'> & { transcription_status?: RawBuilder<TranscriptionStatus> },
): Promise<number> {
  const result = await db.updateTable('memories').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function replaceTags(db: Db, memoryId: string, tags: string[]): Promise<void> {
  await db.deleteFrom('memory_tags').where('memory_id', '=', memoryId).execute();
  if (tags.length > 0) await db.insertInto('memory_tags').values(tags.map((tag) => ({ memory_id: memoryId, tag }))).execute();
}

/** How many photos (distinct positions) and videos the memory holds, as its transaction sees them. */
export async function countVisualMedia(db: Db, memoryId: string): Promise<{ images: number; videos: number }> {
  const rows = await db.selectFrom('media').select(['kind', 'position']).where('memory_id', '=', memoryId).where('kind', 'in', ['image', 'video']).execute();
  return {
    images: new Set(rows.filter((row) => row.kind === 'image').map((row) => row.position)).size,
    videos: rows.filter((row) => row.kind === 'video').length,
  };
}
