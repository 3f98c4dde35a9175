// The jobs table's statements (SQL only; the rules are in runner.ts and enqueue.ts). Every
// write of a running job names its lease owner, so an instance that lost its lease (it
// stalled past the expiry and another took the job) changes nothing.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { JobState, JobsTable } from '../db/schema.js';
import { skippingLockedRows } from '../db/skip-locked.js';

export type StoredJob = Selectable<JobsTable>;

const iso = (date: Date) => date.toISOString();

/**
 * jobs_live_key_idx's predicate (migration 0014), written out as literals: a conflict target
 * names a partial index only by repeating its WHERE, and a bound parameter does not match it.
 */
const LIVE_KEY_PREDICATE = sql<boolean>`${sql.ref('key')} is not null and ${sql.ref('state')} in ('queued', 'running')`;

export async function insertJob(db: Db, job: Omit<StoredJob, 'attempts'>): Promise<boolean> {
  const result = await db
    .insertInto('jobs')
    .values(job)
    // A live job of the same kind and key (jobs_live_key_idx) keeps its place; the caller reads its id.
    .onConflict((conflict) => conflict.columns(['kind', 'key']).where(LIVE_KEY_PREDICATE).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function liveJobId(db: Db, kind: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('jobs').select('id').where('kind', '=', kind).where('key', '=', key).where('state', 'in', ['queued', 'running']).executeTakeFirst();
  return row?.id;
}

/**
 * One job of `kind` that is due, or whose lease has expired (its instance died or stalled),
 * taken by `owner` until `leaseExpiresAt` in one statement: the subquery chooses the row
 * (on PostgreSQL skipping rows another claim holds) and the UPDATE takes it.
 */
export async function claimJob(db: Db, { kind, owner, now, leaseExpiresAt }: { kind: string; owner: string; now: Date; leaseExpiresAt: Date }): Promise<StoredJob | undefined> {
  const at = iso(now);
  const next = skippingLockedRows(
    db,
    db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', at)]),
          eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<=', at)]),
        ]),
      )
      .orderBy('run_after')
      .orderBy('created_at')
      .limit(1),
  );
  return db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), lease_owner: owner, lease_expires_at: iso(leaseExpiresAt), updated_at: at }))
    .where('id', '=', next)
    .returningAll()
    .executeTakeFirst();
}

/** Pushes the leases of `ids` still held by `owner` to `expiresAt`; answers the ids renewed. */
export async function renewLeases(db: Db, ids: string[], owner: string, expiresAt: Date, now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('jobs')
    .set({ lease_expires_at: iso(expiresAt), updated_at: iso(now) })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Ends a running job held by `owner`: done, failed for good, or queued again at `runAfter`. Answers whether it was still held. */
export async function settleJob(
  db: Db,
  { id, owner, now, state, error = null, runAfter }: { id: string; owner: string; now: Date; state: Exclude<JobState, 'running'>; error?: string | null; runAfter?: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: iso(now),
      ...(state === 'done' ? {} : { last_error: error }),
      ...(runAfter ? { run_after: iso(runAfter) } : {}),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives the jobs `owner` still holds back to the queue, due at once: an instance stopping
 * interrupted them, which is no fault of theirs, so the attempt is not counted.
 */
export async function releaseLeases(db: Db, ids: string[], owner: string, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), lease_owner: null, lease_expires_at: null, run_after: iso(now), updated_at: iso(now) }))
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes jobs done before `before`; failed ones stay, with their error, for a person to read. */
export async function pruneDoneJobs(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', '=', 'done').where('updated_at', '<', iso(before)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function storedJobs(db: Db, { kind, state }: { kind?: string; state?: JobState }): Promise<StoredJob[]> {
  let query = db.selectFrom('jobs').selectAll();
  if (kind) query = query.where('kind', '=', kind);
  if (state) query = query.where('state', '=', state);
  return query.orderBy('created_at').orderBy('id').execute();
}
