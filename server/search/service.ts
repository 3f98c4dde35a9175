// The rule of search (memories §5 "Search"; issue 10; DESIGN "API"): exactly the memories
// the caller may view that common/search.ts matchesSearch keeps, inside the day range in the
// caller's zone, with images if asked, on any of the chosen timelines; newest first.
import type { Memory } from '../../common/memories.js';
import { matchesSearch, searchWords, type SearchQuery } from '../../common/search.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { ListReader } from '../db/keyset.js';
import type { UserRow } from '../db/schema.js';
import { listReply, type ListReply } from '../http/json-list.js';
import { presentMemoriesFor, type MemoryRow } from '../memories/index.js';
import * as queries from './queries.js';
import { endOfDayIn, startOfDayIn } from '../../common/zone-days.js';

/**
 * A day at the calendar's far edges may begin or end, in some zones, where neither database
 * follows: past 9999 toISOString writes a six-digit year that no longer sorts as text
 * (SQLite), and PostgreSQL has no year 0. Every memory's date lies well inside (memories §5:
 * from 1900), so the range keeps the same memories when held to it.
 */
const FIRST = Date.parse('0001-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');
const storedInstant = (instant: Date) => new Date(Math.min(Math.max(instant.getTime(), FIRST), LAST)).toISOString();

/**
 * GET /api/memories/search: the index (server/db/text-search.ts) narrows the viewable
 * memories to those that may hold the words; the rule, applied to those, decides. So the
 * answer is the rule's on the full visible list, whatever the index folds differently. Read
 * and sent a batch at a time; with `limit`, one page of matches (common/pages.ts).
 */
export function searchMemories(ctx: AppContext, viewer: UserRow, query: SearchQuery): Promise<ListReply<Memory>> {
  const words = searchWords(query.q);
  const filter: queries.SearchFilter = {
    words,
    start: query.start === undefined ? undefined : storedInstant(startOfDayIn(query.start, query.tz)),
    end: query.end === undefined ? undefined : storedInstant(endOfDayIn(query.end, query.tz)),
    withImages: query.withImages,
    timelineIds: query.timelineIds,
  };
  return listReply(
    {
      read: candidates(ctx.db, viewer.id, filter),
      keep: (memory) => matchesSearch(memory, words),
      present: (rows) => presentMemoriesFor(ctx, viewer, rows),
    },
    query,
  );
}

/**
 * The candidates, a batch at a time, as listReply reads them (each read after the last row
 * of the one before). When the words give the index something to look for, it is asked once,
 * for the ids of every candidate after the cursor, and each batch reads its memories by id
 * (issue 21: asked again for every batch of 100, a word in thousands of memories cost a whole
 * match per batch, so its time grew with the square of its matches: "laughed", 4 620 of
 * 10 000 memories, took 0.5 s). Otherwise each batch walks the viewable memories newest first.
 */
function candidates(db: Db, viewerId: string, filter: queries.SearchFilter): ListReader<MemoryRow> {
  let indexed: Promise<string[] | undefined> | undefined;
  return async (after, limit) => {
    // The first read starts at the cursor; every later one takes up where the last left off.
    const ids = await (indexed ??= queries.indexedCandidateIds(db, viewerId, filter, after));
    if (!ids) return queries.searchCandidates(db, viewerId, filter, { after, limit });
    // A memory no longer viewable since the ids were read is left out; the batch is filled from the next ones.
    const rows: MemoryRow[] = [];
    while (rows.length < limit && ids.length > 0) {
      const batch = { limit: limit - rows.length };
      rows.push(...(await queries.viewableMemoriesByIds(db, viewerId, ids.splice(0, batch.limit), batch)));
    }
    return rows;
  };
}
