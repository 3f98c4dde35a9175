// PLACEHOLDER (helper H2 replaces this file): the sweep of stored files that no row holds.
import type { Db } from '../db/index.js';
import type { MediaStore } from '../providers/storage/index.js';

export interface OrphanSweepOptions {
  /** Only files written before this instant are candidates (a file younger may be a request's in flight). */
  writtenBefore: Date;
}

/** Removes every stored media file written before `writtenBefore` that no row refers to; returns their keys. */
export async function sweepOrphanMedia(_db: Db, _media: MediaStore, _options: OrphanSweepOptions): Promise<string[]> {
  throw new Error('not implemented yet');
}
