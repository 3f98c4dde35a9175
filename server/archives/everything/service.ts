// The rules of the archive of everything (issue 25; DESIGN "Yours to keep"): a person asks for
// an archive of everything they may view; the job makes it; the archive, its progress and its
// zip are the requester's alone (server/access 'archive.read', 'archive.delete': everyone else
// hears 404). One is made at a time, and one ready archive is kept per person.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { archiveCounts } from '../../../common/archive-format.js';
import type { CreatedEverythingArchive, EverythingArchive } from '../../../common/everything-archive.js';
import { messages } from '../../../common/messages.js';
import { requireAccess } from '../../access/index.js';
import { iso, type AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/index.js';
import { etagOf, parseRange, rangeStillApplies } from '../../media/index.js';
import { everythingArchiveName } from './bag.js';
import { archiveOwnerName, EVERYTHING_ARCHIVE_KIND, everythingArchiveKey } from './job.js';
import * as queries from './queries.js';

/** The row as the API speaks it; `fileName` is the one its bag's folder was named from. */
export function presentArchive(row: queries.ArchiveRow, ownerName: string | null): EverythingArchive {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    bytes: ready ? row.bytes : null,
    counts: ready && row.counts ? archiveCounts.parse(JSON.parse(row.counts)) : null,
    fileName: ready ? everythingArchiveName(ownerName, new Date(row.created_at)) : null,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * POST /api/archives/everything → 202. While one of the caller's is queued or being made, the
 * answer is that one: no second job reads the family's every file beside it. The row and its
 * job are written in one transaction: no archive waits for a job that was never stored.
 */
export async function requestEverythingArchive(ctx: AppContext, requester: UserRow): Promise<CreatedEverythingArchive> {
  return ctx.db.transaction().execute(async (trx) => {
    await queries.takeRequesterTurn(trx, requester.id);
    const unfinished = await queries.unfinishedArchiveOf(trx, requester.id);
    if (unfinished) return { id: unfinished.id, status: unfinished.status };
    const id = randomUUID();
    const at = iso(ctx.now());
    await queries.insertArchive(trx, {
      id,
      requested_by: requester.id,
      status: 'queued',
      progress: 0,
      bytes: null,
      counts: null,
      file_key: null,
      error: null,
      created_at: at,
      updated_at: at,
    });
    await enqueueJob(trx, { kind: EVERYTHING_ARCHIVE_KIND, payload: { archiveId: id } }, ctx.now());
    return { id, status: 'queued' as const };
  });
}

/** GET /api/archives: the caller's, newest first. */
export async function listArchives(ctx: AppContext, requester: UserRow): Promise<EverythingArchive[]> {
  const [rows, owner] = await Promise.all([queries.archivesOf(ctx.db, requester.id), archiveOwnerName(ctx, requester)]);
  return rows.map((row) => presentArchive(row, owner));
}

/** GET /api/archives/{id}: the requester's only. */
export async function getArchive(ctx: AppContext, requester: UserRow, id: string): Promise<EverythingArchive> {
  return presentArchive(await ownArchive(ctx, requester, id), await archiveOwnerName(ctx, requester));
}

async function ownArchive(ctx: AppContext, requester: UserRow, id: string): Promise<queries.ArchiveRow> {
  await requireAccess(ctx.db, requester, 'archive.read', [id]);
  const row = await queries.findArchive(ctx.db, id);
  if (!row) throw notFound(messages.everythingArchiveNotFound);
  return row;
}

export interface ArchiveFileConditions {
  range?: string;
  ifRange?: string;
}

export interface ArchiveFileReply {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** Null for 416. */
  body: Readable | null;
  fileName: string;
}

/**
 * GET /api/archives/{id}/file: the zip once ready (409 before), with Range (RFC 9110 §14), so
 * a 20 GB download dropped part way resumes where it stopped: the ETag names the stored zip
 * (a newer archive has a new id, so a new key), and If-Range with an older one gets the whole.
 * The bytes go through the app on either store, so the access check is the app's on every part.
 */
export async function archiveFile(ctx: AppContext, requester: UserRow, id: string, conditions: ArchiveFileConditions): Promise<ArchiveFileReply> {
  const row = await ownArchive(ctx, requester, id);
  if (row.status !== 'ready' || !row.file_key) throw conflict(messages.everythingArchiveNotReady);
  const stat = await ctx.media.stat(row.file_key);
  if (!stat) throw notFound(messages.everythingArchiveNotFound);
  const fileName = everythingArchiveName(await archiveOwnerName(ctx, requester), new Date(row.created_at));
  const etag = etagOf(row.file_key, stat.size);
  const headers: Record<string, string> = { etag, 'accept-ranges': 'bytes' };

  const wanted = rangeStillApplies(conditions.ifRange, etag) ? parseRange(conditions.range, stat.size) : { kind: 'whole' as const };
  if (wanted.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` }, body: null, fileName };
  const range = wanted.kind === 'part' ? wanted.range : undefined;
  const object = await ctx.media.get(row.file_key, range);
  if (!object) throw notFound(messages.everythingArchiveNotFound);
  if (!range) return { status: 200, headers: { ...headers, 'content-length': String(object.size) }, body: object.body, fileName };
  return {
    status: 206,
    headers: { ...headers, 'content-length': String(range.end - range.start + 1), 'content-range': `bytes ${range.start}-${range.end}/${object.size}` },
    body: object.body,
    fileName,
  };
}

/**
 * DELETE /api/archives/{id}: the row, then its file. An archive still being made has no
 * file_key yet; its file's key is its own, so it is removed whatever the row said, and the
 * job, finding the row gone, throws its work away (job.ts).
 */
export async function deleteArchive(ctx: AppContext, requester: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, requester, 'archive.delete', [id]);
  const deleted = await queries.deleteArchive(ctx.db, id);
  const keys = new Set([everythingArchiveKey(id), ...(deleted?.file_key ? [deleted.file_key] : [])]);
  for (const key of keys) await ctx.media.delete(key);
}
