// SQL of browsing memories: a timeline's memories page by page, the days that hold them, and
// one at random (DESIGN "API": GET /api/timelines/{id}/memories, memory-days, spotlight).
// Every list keeps to the memory-view rule of access/ (viewableMemories, viewableMemoryIds).
import { viewableMemories, viewableMemoryIds } from '../access/index.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import { filedOnAny, type MemoryRow } from './queries.js';


export interface TimelineMemoriesFilter {
  /** ISO instants in UTC (the service normalizes them), inclusive. */
  start?: string;
  end?: string;
  /** Only memories after this one in the order (created_at desc, id desc). */
  after?: ListPosition;
  /** At most this many rows; none reads them all (the spec's plain list). */
  limit?: number;
}

/** The timeline's memories `viewerId` may view, newest first, with keyset pagination. */
export function timelineMemories(db: Db, viewerId: string, timelineId: string, filter: TimelineMemoriesFilter): Promise<MemoryRow[]> {
  return timelineMemoriesQuery(db, viewerId, timelineId, filter).execute();
}

/**
 * The query of timelineMemories, unexecuted, so a test can read its plan. The view rule is
 * access/viewableMemories, checked row by row, so a page walks memories_created_idx and
 * stops after `limit` rows.
 */
export function timelineMemoriesQuery(db: Db, viewerId: string, timelineId: string, filter: TimelineMemoriesFilter) {
  let query = viewableMemories(db, viewerId)
    .selectAll('memories')
    .where(filedOnAny([timelineId]));
  if (filter.start) query = query.where('memories.created_at', '>=', filter.start);
  if (filter.end) query = query.where('memories.created_at', '<=', filter.end);
  if (filter.after) query = query.where(comesAfter('memories', filter.after, 'desc'));
  query = query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query;
}

/** The dates of the timeline's memories `viewerId` may view (one per memory; days are made in the caller's zone). */
export async function timelineMemoryDates(db: Db, viewerId: string, timelineId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memories')
    .innerJoin('memory_timelines', 'memory_timelines.memory_id', 'memories.id')
    .select('memories.created_at')
    .where('memory_timelines.timeline_id', '=', timelineId)
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .execute();
  return rows.map((row) => row.created_at);
}

export async function countViewable(db: Db, viewerId: string): Promise<number> {
  const row = await db
    .selectFrom('memories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The `index`-th memory `viewerId` may view, in id order (the spotlight draws `index` at random). */
export function viewableAt(db: Db, viewerId: string, index: number): Promise<MemoryRow | undefined> {
  return db
    .selectFrom('memories')
    .selectAll()
    .where('memories.id', 'in', viewableMemoryIds(db, viewerId))
    .orderBy('memories.id')
    .limit(1)
    .offset(index)
    .executeTakeFirst();
}
