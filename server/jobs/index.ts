// The product's one way of doing work after the answer (issue 22; DESIGN "Work that outlives a
// request"; ARCHITECTURE "Jobs"): jobs stored in the database, claimed by any instance, retried
// with back-off, reclaimed after a crash, kept with their error when they fail for good. A
// kernel module: it knows no feature; features enqueue jobs and hand their handlers to app.ts.
import type { Db } from '../db/index.js';
import type { JobState } from '../db/schema.js';
import type { JobPayload } from './enqueue.js';
import { storedJobs, type StoredJob } from './queries.js';

export { enqueueJob, type JobPayload, type NewJob } from './enqueue.js';
export { JobRunner, type JobHandler, type JobLog, type JobRunnerOptions } from './runner.js';
export { progressWriter, type ProgressWriter } from './progress.js';
export { madeForARow, makeRowFile } from './made-for-a-row.js';
export type { JobState } from '../db/schema.js';

/** A stored job with its payload read back. */
export type JobRow = Omit<StoredJob, 'payload'> & { payload: JobPayload };

/** The jobs of a kind or in a state, oldest first: for tests, scripts and the operator. */
export async function jobsOf(db: Db, filter: { kind?: string; state?: JobState } = {}): Promise<JobRow[]> {
  const rows = await storedJobs(db, filter);
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as JobPayload }));
}
