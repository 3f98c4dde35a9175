// SQL of archives: reads only. Which memories a range, a month or a timeline holds for the
// caller (always through access/'s memory-view rule), a memory's timelines and the caller's
// family name.
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import { filedOnAny, type MemoryRow } from '../memories/index.js';

export interface MemoryRange {
  /** ISO instants in UTC (the service normalizes them), inclusive. */
  start?: string;
  end?: string;
  /** Only memories filed on this timeline. */
  timelineId?: string;
}

/** The memories `viewerId` may view inside `range`, newest first, unselected. */
function inRange(db: Db, viewerId: string, range: MemoryRange) {
  let query = viewableMemories(db, viewerId);
  if (range.start) query = query.where('memories.created_at', '>=', range.start);
  if (range.end) query = query.where('memories.created_at', '<=', range.end);
  if (range.timelineId) query = query.where(filedOnAny([range.timelineId]));
  return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc');
}

/** At most `limit` of the memories `viewerId` may view inside `range`, newest first, after `after` (the preview, a batch or a page at a time). */
export function viewableInRange(db: Db, viewerId: string, range: MemoryRange, after: ListPosition | undefined, limit: number): Promise<MemoryRow[]> {
  let query = inRange(db, viewerId, range).selectAll('memories');
  if (after) query = query.where(comesAfter('memories', after, 'desc'));
  return query.limit(limit).execute();
}

/**
 * The id and date of every memory `viewerId` may view inside `range`, newest first: what a
 * month archive lists before it reads each memory at its turn (issue 19: no memory's text is
 * held for the whole month).
 */
export function viewableDatesInRange(db: Db, viewerId: string, range: MemoryRange): Promise<{ id: string; created_at: string }[]> {
  return inRange(db, viewerId, range).select(['memories.id', 'memories.created_at']).execute();
}

/** The memory as it is now, if `viewerId` may still view it (a month archive reads each at its turn). */
export function viewableMemory(db: Db, viewerId: string, id: string): Promise<MemoryRow | undefined> {
  return viewableMemories(db, viewerId).selectAll('memories').where('memories.id', '=', id).executeTakeFirst();
}

/** The timelines the memory is filed on, by name. */
export function timelinesOf(db: Db, memoryId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('memory_timelines')
    .innerJoin('timelines', 'timelines.id', 'memory_timelines.timeline_id')
    .select(['timelines.id', 'timelines.name'])
    .where('memory_timelines.memory_id', '=', memoryId)
    .orderBy('timelines.name')
    .orderBy('timelines.id')
    .execute();
}
