// The sweep of stored files that no row holds (DESIGN "Security and durability"): files are
// stored before the rows naming them commit, and removed after the rows naming them are
// deleted, so a request cut off between the two (a crash, a kill) leaves a file that nothing
// names. Nothing can serve such a file (access/media.ts finds no row for it); this frees its
// space. server/main.ts runs it at every start.
import type { Db } from '../db/index.js';
import type { ListedObject, MediaStore } from '../providers/storage/index.js';
import { keysHeldByRows } from './orphan-queries.js';

/**
 * Keys looked up per query: 100 000 stored files are 200 queries, and the statement's
 * parameters (one per key and column) stay far below either dialect's limit.
 */
const KEYS_PER_QUERY = 500;
/** Removals in flight at once: a bucket answers each in a round trip, a disk at once. */
const REMOVALS_AT_ONCE = 16;

export interface OrphanSweepOptions {
  /** Only files written before this instant are candidates (a file younger may be a request's in flight). */
  writtenBefore: Date;
  /** Keys per lookup; tests make it small to see batches without thousands of files. */
  batchSize?: number;
}

/** Removes every stored media file written before `writtenBefore` that no row refers to; returns their keys. */
export async function sweepOrphanMedia(db: Db, media: MediaStore, { writtenBefore, batchSize = KEYS_PER_QUERY }: OrphanSweepOptions): Promise<string[]> {
  const removed: string[] = [];
  const failures: unknown[] = [];
  const sweep = async (batch: ListedObject[]) => {
    const held = await keysHeldByRows(
      db,
      batch.map((object) => object.key),
    );
    const orphans = batch.filter((object) => !held.has(object.key)).map((object) => object.key);
    for (let start = 0; start < orphans.length; start += REMOVALS_AT_ONCE) {
      const removals = orphans.slice(start, start + REMOVALS_AT_ONCE).map(async (key) => {
        try {
          await media.delete(key);
          removed.push(key);
        } catch (error) {
          // One file the store will not remove must not keep every other leftover.
          failures.push(error);
        }
      });
      await Promise.all(removals);
    }
  };

  let batch: ListedObject[] = [];
  for await (const object of media.list()) {
    if (object.modifiedAt.getTime() >= writtenBefore.getTime()) continue;
    batch.push(object);
    if (batch.length >= batchSize) {
      await sweep(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await sweep(batch);

  if (failures.length > 0) {
    throw new AggregateError(failures, `Removed ${removed.length} files no row holds, but ${failures.length} could not be removed`);
  }
  return removed;
}
