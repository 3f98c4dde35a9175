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
 * How many memories, newest first, the rule tests as they come before the index is asked
 * (issue 21 "Search for every query"). A word in one memory of a few dozen fills a page from
 * them, where the index would first gather each of its thousands of candidates (the first page
 * of "Ro", among 100 000 memories, 0.5 s); a rarer word reads these few and then asks the index
 * for the rest, which is cheap for it. Few, since each costs some microseconds to read and test:
 * bench/search.ts measures the two ways together (bench/README.md).
 */
export const WALK_ROWS = 400;

/**
 * Past the walk, a page looks up each memory the index finds when it finds at most this many
 * (some microseconds each), and otherwise reads the memories in date order, testing each against
 * what it finds, which costs about the same however many it finds (db/text-search.ts IndexUse).
 */
const LOOKUPS_AT_MOST = 1000;

/** The two counts that choose a search's ways (above); the tests that hold every way to the rule set their own. */
export interface SearchWays {
  walkRows: number;
  lookupsAtMost: number;
}
const SEARCH_WAYS: SearchWays = { walkRows: WALK_ROWS, lookupsAtMost: LOOKUPS_AT_MOST };

/**
 * GET /api/memories/search: the memories newest first, each tested by the rule; the first
 * WALK_ROWS as they come, the rest narrowed by the index (server/db/text-search.ts) to those
 * that may hold the words. The rule decides every one, so the answer is the rule's on the full
 * visible list, whatever the database folds differently. Read and sent a batch at a time; with
 * `limit`, one page of matches (common/pages.ts).
 */
export function searchMemories(ctx: AppContext, viewer: UserRow, query: SearchQuery, ways = SEARCH_WAYS): Promise<ListReply<Memory>> {
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
      read: candidates(ctx.db, viewer.id, filter, ways, query.limit !== undefined),
      keep: (memory) => matchesSearch(memory, words),
      present: (rows) => presentMemoriesFor(ctx, viewer, rows),
    },
    query,
  );
}

/**
 * The candidates, a batch at a time, as listReply reads them (each read after the last row of
 * the one before). Until `walkRows` have been read, every viewable memory inside the filter, in
 * order (a whole batch, even past the count: only the list's end may give fewer than asked).
 * After them, when the words give the index something to look for: for a page of words it
 * finds more than `lookupsAtMost` times (only its finds with an image counting when images are
 * asked for, since those are what the page is made of: "harbour" with images, in 145 of 100 000
 * memories, was read in order through 14 000 of them), the memories read in order and tested
 * against its finds, a batch at a time; otherwise it is asked once, for the ids of every candidate after
 * the last row walked, and each batch reads its memories by id (issue 21: asked again for every
 * batch of a whole list, a word in thousands of memories cost a whole match per batch, so its
 * time grew with the square of its matches). With nothing to look for, the walk goes on.
 */
function candidates(db: Db, viewerId: string, filter: queries.SearchFilter, { walkRows, lookupsAtMost }: SearchWays, page: boolean): ListReader<MemoryRow> {
  let walked = 0;
  let manyFinds: Promise<boolean> | undefined;
  let indexed: Promise<string[] | undefined> | undefined;
  return async (after, limit) => {
    if (walked < walkRows) {
      const rows = await queries.searchCandidates(db, viewerId, filter, { after, limit });
      walked += rows.length;
      return rows;
    }
    // A page of a word the index finds often needs only its first matches: read in order, tested against what it finds.
    if (page && (await (manyFinds ??= queries.indexFindsMoreThanCount(db, filter, lookupsAtMost)))) {
      return (await queries.indexedCandidatesInOrder(db, viewerId, filter, { after, limit })) ?? queries.searchCandidates(db, viewerId, filter, { after, limit });
    }
    // The first read past the walk starts where it ended; every later one where the last left off.
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
