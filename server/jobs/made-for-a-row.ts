// The handler of a job that makes one row's file (the family book, the archive of everything):
// between attempts the row says it waits (not that it is stuck at 60 %), and once the last
// attempt failed, or its instance died, the row says so in words, never a stack trace.
import type { JobPayload } from './enqueue.js';
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
