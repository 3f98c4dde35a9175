// The rules of browsing memories (memories §2 "Timeline page", "Home memory spotlight";
// DESIGN "API"): a timeline's memories to its members, only those each may view; the days
// that hold them, in the caller's zone; one viewable memory at random.
import { randomInt } from 'node:crypto';
import type { Memory, MemoryPage, TimelineMemoriesQuery } from '../../common/memories.js';
import { requireAccess } from '../access/index.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { positionOf } from '../db/keyset.js';
import { listReply, type ListReply } from '../http/json-list.js';
import { decodeCursor, encodeCursor } from '../http/page-cursor.js';
import * as browse from './browse-queries.js';
import { presentMemories } from './present.js';
import { presentMemoriesFor } from './service.js';

/** Dates are stored as UTC ISO text (they sort as time does), so filters are made alike. */
const utc = (instant: string | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

/** The query's dates in UTC and its cursor decoded (refused when it is not one of ours). */
const filterOf = (query: Omit<TimelineMemoriesQuery, 'limit'>): browse.TimelineMemoriesFilter => ({
  start: utc(query.start),
  end: utc(query.end),
  after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
});

/**
 * GET /api/timelines/{id}/memories without `limit`: the spec's plain list (memories §7),
 * members only (404 otherwise), newest first, read and sent a batch at a time (issue 19).
 */
export async function timelineMemoryList(ctx: AppContext, viewer: UserRow, timelineId: string, query: Omit<TimelineMemoriesQuery, 'limit'>): Promise<ListReply<Memory>> {
  await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
  const { start, end } = filterOf({ start: query.start, end: query.end });
  return listReply(
    {
      read: (after, limit) => browse.timelineMemories(ctx.db, viewer.id, timelineId, { start, end, after, limit }),
      present: (rows) => presentMemoriesFor(ctx, viewer, rows),
    },
    { cursor: query.cursor },
  );
}

/** GET /api/timelines/{id}/memories?limit=: one page, newest first, and the cursor of the next; members only (404 otherwise). */
export async function timelinePage(ctx: AppContext, viewer: UserRow, timelineId: string, query: TimelineMemoriesQuery & { limit: number }): Promise<MemoryPage> {
  await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
  // One row more than asked tells whether another page follows. One statement reads the
  // rows and what their JSON is made of (browse-queries.ts timelinePageWithChildren).
  const { rows, children } = await browse.timelinePageWithChildren(ctx.db, viewer.id, timelineId, { ...filterOf(query), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    memories: presentMemories(page, children, viewer.id),
    nextCursor: rows.length > query.limit && last ? encodeCursor(positionOf(last)) : null,
  };
}

/** yyyy-MM-dd of `instant` in `timeZone`. */
function dayIn(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (instant) => {
    const parts = format.formatToParts(new Date(instant));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}

/** GET /api/timelines/{id}/memory-days?tz=: members only; the days, in `tz`, holding memories the caller may view. */
export async function memoryDays(ctx: AppContext, viewer: UserRow, timelineId: string, timeZone: string): Promise<{ days: string[] }> {
  await requireAccess(ctx.db, viewer, 'timeline.read', [timelineId]);
  const toDay = dayIn(timeZone);
  const days = new Set((await browse.timelineMemoryDates(ctx.db, viewer.id, timelineId)).map(toDay));
  return { days: [...days].sort() };
}

/**
 * GET /api/memories/spotlight (memories §2 "Home memory spotlight"): one memory the caller
 * may view, at random, or null (204). Counted, then one row read at a random offset, so no
 * request loads every memory.
 */
export async function spotlight(ctx: AppContext, viewer: UserRow): Promise<Memory | null> {
  const count = await browse.countViewable(ctx.db, viewer.id);
  if (count === 0) return null;
  // A memory deleted between the two reads leaves the offset past the end: try once more from the start.
  const row = (await browse.viewableAt(ctx.db, viewer.id, randomInt(count))) ?? (await browse.viewableAt(ctx.db, viewer.id, 0));
  if (!row) return null;
  return (await presentMemoriesFor(ctx, viewer, [row]))[0]!;
}
