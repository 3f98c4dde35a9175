// A sweep: a job that looks for work falling due (the week's question, a members' mail) and
// queues the next of itself. Every run is keyed by the instant it is for, so the chains that
// several instances start, each on its own start, meet at the same key and go on as one; a run
// doubled meanwhile does no harm, since a sweep only queues work keyed by what it is about.
import type { Db } from '../db/index.js';
import { enqueueJob } from './enqueue.js';

/** A sweep runs at least this often, so work set up since its last run waits no longer. */
export const SWEEP_EVERY_MS = 5 * 60_000;
/** Never sooner than this after a run, so a run cannot queue itself over and over at one instant. */
const SWEEP_GAP_MS = 1_000;

/**
 * Queues the next runs of the sweep `kind`: at the next five-minute mark, and at `nextDue` (the
 * earliest work it knows of) when that comes sooner. A sweep calls it before its work too, so a
 * run that fails for good still leaves the chain going.
 */
export async function queueNextSweep(db: Db, kind: string, now: Date, nextDue: Date | null = null): Promise<void> {
  const mark = new Date((Math.floor(now.getTime() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS);
  const runs = [mark];
  if (nextDue && nextDue < mark) runs.push(new Date(Math.max(nextDue.getTime(), now.getTime() + SWEEP_GAP_MS)));
  for (const at of runs) await enqueueJob(db, { kind, payload: {}, runAfter: at, key: at.toISOString() }, now);
}

/** Starts a sweep's chain: a run now (an app starting with mail set up calls it). */
export async function startSweep(db: Db, kind: string, now: Date): Promise<void> {
  await enqueueJob(db, { kind, payload: {}, runAfter: now, key: `start:${kind}` }, now);
}
