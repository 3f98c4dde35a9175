// Who may read media bytes (DESIGN "Who may do what" → Media bytes), as batch queries in
// the style of checkAccess: given keys, return the ones the user may use. Backs the
// permission 'media.read' of requireAccess; a memory's bytes follow the memory-view rule of
// queries.ts (memoriesViewableBy), audience included.
import type { Db } from '../db/index.js';
import { memoriesViewableBy } from './queries.js';

/**
 * The storage keys, out of `keys`, whose bytes `userId` may read:
 * - an avatar: any signed-in user (avatars appear beside every member and comment);
 * - media of a memory, the memory's own voice note, a spoken follow-up answer (its media
 *   row, kind 'audio', names the memory), a comment's voice note: whoever may view that memory;
 * - anything not attached to a memory yet (a direct upload, a media row without memory):
 *   its uploader only.
 * A key matching none of these is refused, and the caller answers 404 either way, so a
 * key never reveals whether it exists.
 */
export async function mediaReadableBy(db: Db, userId: string, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const allowed = new Set<string>();
  /** key → the memories whose viewers may read it. */
  const viaMemory = new Map<string, string[]>();
  const addMemory = (key: string, memoryId: string) => viaMemory.set(key, [...(viaMemory.get(key) ?? []), memoryId]);

  const [media, memoryAudio, commentAudio, uploads] = await Promise.all([
    db.selectFrom('media').select(['storage_key', 'kind', 'memory_id', 'owner_id']).where('storage_key', 'in', unique).execute(),
    db.selectFrom('memories').select(['id', 'audio_key']).where('audio_key', 'in', unique).execute(),
    db.selectFrom('comments').select(['memory_id', 'audio_key']).where('audio_key', 'in', unique).execute(),
    db
      .selectFrom('uploads')
      .select('storage_key')
      .where('storage_key', 'in', unique)
      .where('owner_id', '=', userId)
      .where('attached_at', 'is', null)
      .execute(),
  ]);

  for (const row of media) {
    if (row.kind === 'avatar') allowed.add(row.storage_key);
    else if (row.memory_id) addMemory(row.storage_key, row.memory_id);
    else if (row.owner_id === userId) allowed.add(row.storage_key);
  }
  for (const row of memoryAudio) if (row.audio_key) addMemory(row.audio_key, row.id);
  for (const row of commentAudio) if (row.audio_key) addMemory(row.audio_key, row.memory_id);
  for (const row of uploads) allowed.add(row.storage_key);

  const viewable = new Set(await memoriesViewableBy(db, userId, [...viaMemory.values()].flat()));
  for (const [key, memoryIds] of viaMemory) if (memoryIds.some((id) => viewable.has(id))) allowed.add(key);
  return unique.filter((key) => allowed.has(key));
}
