// SQL of search (issue 10 "Search"): the memories a viewer may view that pass the search's
// filters and may hold its words. Only a narrowing: service.ts applies the rule itself.
import { sql, type Expression, type SqlBool } from 'kysely';
import { viewableMemories } from '../access/index.js';
import type { Db } from '../db/index.js';
import { comesAfter, type ListPosition } from '../db/keyset.js';
import { indexFindsMoreThan, mayContainWords, type AmongFinds } from '../db/text-search.js';
import { filedOnAny, type MemoryRow } from '../memories/index.js';

export interface SearchFilter {
  /** The search words (common/search.ts searchWords). */
  words: readonly string[];
  /** ISO instants in UTC, inclusive. */
  start?: string;
  end?: string;
  /** Only memories with at least one image. */
  withImages: boolean;
  /** Only memories filed on any of these timelines; none means every timeline. */
  timelineIds: readonly string[];
}

/** One batch of candidates: at most `limit`, after `after` in the list's order (db/keyset.ts). */
export interface CandidateBatch {
  after?: ListPosition;
  limit: number;
}

/**
 * The memories `viewerId` may view (access/viewableMemories, as every list) inside the
 * filter, newest first, a batch at a time (issue 19: a broad word among many memories is read
 * as it is sent), with no help from the text index: for words that give it nothing to look
 * for (db/text-search.ts mayContainWords), the rule decides on every one.
 */
export function searchCandidates(db: Db, viewerId: string, filter: SearchFilter, batch: CandidateBatch): Promise<MemoryRow[]> {
  return searchCandidatesQuery(db, viewerId, filter, batch).execute();
}

/** The query of searchCandidates, unexecuted, so a test can read its plan. */
export function searchCandidatesQuery(db: Db, viewerId: string, filter: SearchFilter, batch: CandidateBatch) {
  let query = filtered(db, viewerId, filter, 'each').selectAll('memories');
  if (batch.after) query = query.where(comesAfter('memories', batch.after, 'desc'));
  return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc').limit(batch.limit);
}

/**
 * The ids of the memories `viewerId` may view inside the filter whose text the database's
 * index says may hold every word, newest first, after `after`: the whole list in one
 * statement, ids only, so the index is asked once however many batches the memories then take
 * (viewableMemoriesByIds), and 100 000 candidates are a few MB of ids, never their texts
 * (issue 19). Undefined when the words give the index nothing to look for.
 */
export async function indexedCandidateIds(db: Db, viewerId: string, filter: SearchFilter, after?: ListPosition): Promise<string[] | undefined> {
  const query = indexedCandidateIdsQuery(db, viewerId, filter, after);
  return query && (await query.execute()).map((row) => row.id);
}

/** The query of indexedCandidateIds, unexecuted, so a test can read its plan. */
export function indexedCandidateIdsQuery(db: Db, viewerId: string, filter: SearchFilter, after?: ListPosition) {
  const text = mayContainWords(db, filter.words, 'lookup', amongFinds(db, filter));
  if (!text) return undefined;
  let query = filtered(db, viewerId, filter).select('memories.id').where(text);
  if (after) query = query.where(comesAfter('memories', after, 'desc'));
  return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc');
}

/**
 * A page's candidates through the index: the memories `viewerId` may view inside the filter
 * whose text the index says may hold every word, newest first, at most `batch.limit` after
 * `batch.after`, read in order and tested against what the index finds (db/text-search.ts
 * IndexUse 'filter'), so reading stops once the page is full. Undefined when the words give
 * the index nothing to look for.
 */
export function indexedCandidatesInOrder(db: Db, viewerId: string, filter: SearchFilter, batch: CandidateBatch): Promise<MemoryRow[]> | undefined {
  return indexedCandidatesInOrderQuery(db, viewerId, filter, batch)?.execute();
}

/** The query of indexedCandidatesInOrder, unexecuted, so a test can read its plan. */
export function indexedCandidatesInOrderQuery(db: Db, viewerId: string, filter: SearchFilter, batch: CandidateBatch) {
  const text = mayContainWords(db, filter.words, 'filter');
  if (!text) return undefined;
  let query = filtered(db, viewerId, filter, 'each').selectAll('memories').where(text);
  if (batch.after) query = query.where(comesAfter('memories', batch.after, 'desc'));
  return query.orderBy('memories.created_at', 'desc').orderBy('memories.id', 'desc').limit(batch.limit);
}

/**
 * Whether the index finds more than `count` memories that may hold the filter's words, among
 * those with an image when the filter asks for them (db/text-search.ts indexFindsMoreThan):
 * what tells a page whether its matches come often enough to read in order of date.
 */
export function indexFindsMoreThanCount(db: Db, filter: SearchFilter, count: number): Promise<boolean> {
  return indexFindsMoreThan(db, filter.words, count, amongFinds(db, filter));
}

/** The filter's images, tested on each of the index's finds by its id before a memory is read (db/text-search.ts AmongFinds). */
function amongFinds(db: Db, filter: SearchFilter): AmongFinds | undefined {
  return filter.withImages ? (memoryId) => hasImage(db, memoryId) : undefined;
}

/** The memory of `memoryId` has at least one image, looked up by its id (the search's "with images"). */
function hasImage(db: Db, memoryId: Expression<string>): Expression<SqlBool> {
  return sql<SqlBool>`exists ${db.selectFrom('media').select('media.memory_id').where('media.memory_id', '=', memoryId).where('media.kind', '=', 'image')}`;
}

/** The memories of `ids` that `viewerId` may still view, newest first: a batch of indexedCandidateIds, never more than `batch.limit`. */
export function viewableMemoriesByIds(db: Db, viewerId: string, ids: readonly string[], batch: CandidateBatch): Promise<MemoryRow[]> {
  return viewableMemories(db, viewerId)
    .selectAll('memories')
    .where('memories.id', 'in', ids)
    .orderBy('memories.created_at', 'desc')
    .orderBy('memories.id', 'desc')
    .limit(batch.limit)
    .execute();
}

/**
 * The viewable memories inside the filter's days, images and timelines (its words aside). With
 * images 'set', the memories with an image are a set each candidate is tested against; with
 * 'each', each memory is looked up as it is read, so a read in order of time stays one: as a
 * set, SQLite read every memory with an image and sorted them (47 ms for a batch of 100 among
 * 100 000 memories, against under 1 ms).
 */
function filtered(db: Db, viewerId: string, filter: SearchFilter, images: 'set' | 'each' = 'set') {
  let query = viewableMemories(db, viewerId);
  if (filter.start) query = query.where('memories.created_at', '>=', filter.start);
  if (filter.end) query = query.where('memories.created_at', '<=', filter.end);
  if (filter.withImages) {
    // A set to test candidates against, not a lookup per candidate: SQLite checks a broad
    // word's thousands of matches against it with a Bloom filter before reading their rows
    // (37 ms → 14 ms for "harbour" among 100 000 memories, bench/search.ts).
    query =
      images === 'set'
        ? query.where('memories.id', 'in', (eb) => eb.selectFrom('media').select('media.memory_id').where('media.kind', '=', 'image'))
        : query.where(hasImage(db, sql.ref('memories.id')));
  }
  if (filter.timelineIds.length > 0) query = query.where(filedOnAny(filter.timelineIds));
  return query;
}
