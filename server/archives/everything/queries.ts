// SQL of the archive of everything (issue 25): the one writer of `archives`. What an archive
// holds is read by gather.ts; this is the row's life, queued → working → ready | failed.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import { lockingRows } from '../../db/skip-locked.js';
import type { ArchivesTable, UserRow } from '../../db/schema.js';

export type ArchiveRow = Selectable<ArchivesTable>;

export async function insertArchive(db: Db, row: Insertable<ArchivesTable>): Promise<void> {
  await db.insertInto('archives').values(row).execute();
}

export function findArchive(db: Db, id: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The person's own, newest first (the index archives_requester_idx). */
export function archivesOf(db: Db, userId: string): Promise<ArchiveRow[]> {
  return db.selectFrom('archives').selectAll().where('requested_by', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Holds the requester's own row until the transaction ends (PostgreSQL), so two requests for an
 * archive at the same moment take turns: the second then finds the first's archive waiting.
 */
export async function takeRequesterTurn(db: Db, userId: string): Promise<void> {
  await lockingRows(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute();
}

/** The person's archive still waiting or being made, if any (the newest). */
export function unfinishedArchiveOf(db: Db, userId: string): Promise<ArchiveRow | undefined> {
  return db
    .selectFrom('archives')
    .selectAll()
    .where('requested_by', '=', userId)
    .where('status', 'in', ['queued', 'working'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Answers the file the row named, if the row was there to delete. */
export function deleteArchive(db: Db, id: string): Promise<{ file_key: string | null } | undefined> {
  return db.deleteFrom('archives').where('id', '=', id).returning('file_key').executeTakeFirst();
}

/**
 * The person's ready archives other than `keptId`, deleted (one is kept per person: an archive
 * may be 20 GB); answers their files, to remove once this commits.
 */
export async function deleteOtherReady(db: Db, userId: string, keptId: string): Promise<{ id: string; file_key: string | null }[]> {
  return db.deleteFrom('archives').where('requested_by', '=', userId).where('status', '=', 'ready').where('id', '!=', keptId).returning(['id', 'file_key']).execute();
}

/**
 * A job's attempt takes the archive in hand: 'working' from 0 %, whatever an earlier attempt
 * left. One already ready (its job ran again after it ended well) or gone is not taken.
 */
export function beginWorking(db: Db, id: string, at: string): Promise<ArchiveRow | undefined> {
  return db
    .updateTable('archives')
    .set({ status: 'working', progress: 0, error: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '!=', 'ready')
    .returningAll()
    .executeTakeFirst();
}

/** Answers whether the row is still there (a deleted archive's job stops at the next step). */
export async function setProgress(db: Db, id: string, progress: number, at: string): Promise<boolean> {
  const result = await db.updateTable('archives').set({ progress, updated_at: at }).where('id', '=', id).where('status', '=', 'working').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markReady(db: Db, id: string, done: { bytes: number; counts: string; fileKey: string; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('archives')
    .set({ status: 'ready', progress: 100, bytes: done.bytes, counts: done.counts, file_key: done.fileKey, error: null, updated_at: done.at })
    .where('id', '=', id)
    .where('status', '=', 'working')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Between attempts: queued again, from 0 %. */
export async function markWaiting(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('archives').set({ status: 'queued', progress: 0, updated_at: at }).where('id', '=', id).where('status', '=', 'working').execute();
}

export async function markFailed(db: Db, id: string, error: string, at: string): Promise<void> {
  await db.updateTable('archives').set({ status: 'failed', error, updated_at: at }).where('id', '=', id).where('status', '!=', 'ready').execute();
}

export function userById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
