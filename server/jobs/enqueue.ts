// Storing a job. The caller passes its own transaction, so the job exists exactly when the row
// it is about does (a memory saved with its recording and the recording's transcription).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { insertJob, liveJobId } from './queries.js';

/** A job's input: JSON, since it is stored as text and read back by whichever instance runs it. */
export type JobPayload = Record<string, unknown>;

export interface NewJob {
  kind: string;
  payload: JobPayload;
  /** Not run before this instant (default: now). */
  runAfter?: Date;
  /** Overrides the handler's own (default 5). */
  maxAttempts?: number;
  /** Dedupe: while a job of this kind and key is queued or running, enqueueing again answers its id. */
  key?: string;
}

/** Told of each job stored in this process, so a runner here starts it at once rather than at its next poll. */
const enqueueListeners = new Set<() => void>();

export function onJobEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** Stores a job; pass the caller's transaction so the job exists iff the row it is about does. Answers its id. */
export async function enqueueJob(db: Db, { kind, payload, runAfter, maxAttempts, key }: NewJob, now = new Date()): Promise<string> {
  const at = now.toISOString();
  // A live job may end between a refused insert and the read of its id (then the key is free): try again.
  for (let tries = 0; ; tries++) {
    const id = randomUUID();
    const stored = await insertJob(db, {
      id,
      kind,
      key: key ?? null,
      payload: JSON.stringify(payload),
      state: 'queued',
      max_attempts: maxAttempts ?? null,
      run_after: (runAfter ?? now).toISOString(),
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    });
    const jobId = stored ? id : await liveJobId(db, kind, key!);
    if (jobId) {
      if (stored) for (const listener of enqueueListeners) listener();
      return jobId;
    }
    if (tries >= 3) throw new Error(`Could not enqueue a ${kind} job with key ${key}`);
  }
}
