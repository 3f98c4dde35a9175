// A job that makes one row's file (the family book, the archive of everything). Two halves:
// madeForARow is the handler, whose row says it waits between attempts (not that it is stuck
// at 60 %) and, once the last attempt failed or its instance died, says so in words, never a
// stack trace; makeRowFile is one attempt, which starts over from nothing, so a retry or a
// second run after a crash is as good as the first, and which ends quietly, leaving no file
// behind, when the row is deleted while its file is being made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaStore } from '../providers/storage/types.js';
import type { JobPayload } from './enqueue.js';
import { progressWriter, type ProgressRow } from './progress.js';
import type { JobHandler } from './runner.js';

export interface MadeForARow {
  maxAttempts: number;
  /** The row's id in the payload. */
  idOf(payload: JobPayload): string;
  make(id: string, signal: AbortSignal): Promise<void>;
  markWaiting(id: string): Promise<unknown>;
  markFailed(id: string): Promise<unknown>;
}

export function madeForARow({ maxAttempts, idOf, make, markWaiting, markFailed }: MadeForARow): JobHandler {
  return {
    maxAttempts,
    run: async (payload, job) => {
      const id = idOf(payload);
      try {
        await make(id, job.signal);
      } catch (error) {
        // Another attempt follows after a pause; a stopping instance gives the job back instead.
        if (job.attempt < maxAttempts && !job.signal.aborted) await markWaiting(id);
        throw error;
      }
    },
    failed: async (payload) => {
      await markFailed(idOf(payload));
    },
  };
}

/** Thrown into the work when a progress write finds the row gone: what was made is thrown away. */
class RowGone extends Error {
  constructor() {
    super('The row was deleted while its file was being made');
  }
}

/** What the work of one attempt is handed. */
export interface RowFileWork {
  /** A folder of the attempt's own, removed once it ends however it ends. */
  workDir: string;
  /** Aborted when the job's instance stops or the row is found gone. */
  signal: AbortSignal;
  /** 0–1, written to the row (progress.ts); its promise settles once that write is done. */
  onProgress(fraction: number): Promise<void>;
}

export interface RowFile<Made> {
  media: MediaStore;
  /** Where the file is stored: one per row, so a retry writes over its own and a delete knows it. */
  fileKey: string;
  /** The start of the work folder's name, to tell it in the temporary folder. */
  workDirPrefix: string;
  /** The job's signal (the runner aborts it when this instance stops). */
  jobSignal: AbortSignal;
  /** How the row's progress is written (progressWriter; the row found gone aborts the work). */
  progress: Omit<ProgressRow, 'onGone'>;
  /**
   * Makes the file, stored at `fileKey` by the time it answers or by `commit`; null when there
   * is nothing to make (its requester's account went, and the row with it by cascade).
   */
  produce(work: RowFileWork): Promise<Made | null>;
  /** Marks the row ready (in one transaction with what goes with it); false when the row is gone. */
  commit(made: Made): Promise<boolean>;
  /** Whether the row is still there, asked when the work failed. */
  rowExists(): Promise<boolean>;
}

/**
 * One attempt at a row's file. A row deleted meanwhile ends it without an error: its file, if
 * one was stored, is removed, since the delete may have looked for it before it was there. Any
 * other failure is thrown for the runner to retry.
 */
export async function makeRowFile<Made>({ media, fileKey, workDirPrefix, jobSignal, progress: row, produce, commit, rowExists }: RowFile<Made>): Promise<void> {
  const stop = new AbortController();
  const onJobAbort = () => stop.abort(jobSignal.reason);
  jobSignal.addEventListener('abort', onJobAbort, { once: true });
  const progress = progressWriter({ ...row, onGone: () => stop.abort(new RowGone()) });
  const workDir = await mkdtemp(join(tmpdir(), workDirPrefix));
  try {
    const made = await produce({ workDir, signal: stop.signal, onProgress: progress.report });
    if (made === null) return;
    await progress.settled();
    if (stop.signal.aborted) throw stop.signal.reason;
    if (!(await commit(made))) await media.delete(fileKey);
  } catch (error) {
    if (stop.signal.reason instanceof RowGone || !(await rowExists())) {
      await media.delete(fileKey);
      return;
    }
    throw error;
  } finally {
    jobSignal.removeEventListener('abort', onJobAbort);
    await rm(workDir, { recursive: true, force: true });
  }
}
