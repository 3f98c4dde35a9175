// The rules of the family book (issue 24; DESIGN "The family book (PDF)"): a member asks for a
// book of a timeline of theirs; the job makes it; the book, its progress and its PDF are the
// requester's alone (server/access 'book.read', 'book.delete': everyone else hears 404).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Book, CreatedBook, createBookBody } from '../../common/books.js';
import { messages } from '../../common/messages.js';
import { checkAccess, requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import { flag, isSet } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { enqueueJob } from '../jobs/index.js';
import { BOOK_RENDER_KIND, bookFileKey } from './job.js';
import * as queries from './queries.js';
import { bookRange } from './range.js';

export function presentBook(row: queries.BookRow): Book {
  return {
    id: row.id,
    timelineId: row.timeline_id,
    title: row.title,
    start: row.start_day,
    end: row.end_day,
    tz: row.tz,
    includeComments: isSet(row.include_comments),
    listenCodes: isSet(row.listen_codes),
    coverMediaId: row.cover_media_id,
    status: row.status,
    progress: row.progress,
    pages: row.pages,
    bytes: row.bytes,
    memories: row.memories,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * POST /api/books → 202: a timeline the caller is a member of (404 otherwise, as for any
 * unseen one), the range with its defaults, the title (default the timeline's name), and a
 * cover that is a photo on that timeline the caller may view (400 otherwise). The row and its
 * job are written in one transaction: no book waits for a job that was never stored.
 */
export async function requestBook(ctx: AppContext, requester: UserRow, body: z.output<typeof createBookBody>): Promise<CreatedBook> {
  await requireAccess(ctx.db, requester, 'timeline.read', [body.timelineId]);
  const { tz } = body;
  const range = bookRange({ start: body.start, end: body.end, tz }, ctx.now());
  const timelineName = await queries.timelineName(ctx.db, body.timelineId);
  if (timelineName === undefined) throw notFound(messages.timelineNotFound);
  const coverMediaId = body.coverMediaId ?? null;
  if (coverMediaId !== null) await requireCover(ctx, requester, coverMediaId, body.timelineId);

  const id = randomUUID();
  const at = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    await queries.insertBook(trx, {
      id,
      requested_by: requester.id,
      timeline_id: body.timelineId,
      title: body.title?.trim() || timelineName,
      start_day: range.start,
      end_day: range.end,
      tz,
      include_comments: flag(body.includeComments),
      listen_codes: flag(body.listenCodes),
      cover_media_id: coverMediaId,
      status: 'queued',
      progress: 0,
      pages: null,
      bytes: null,
      memories: null,
      file_key: null,
      error: null,
      created_at: at,
      updated_at: at,
    });
    await enqueueJob(trx, { kind: BOOK_RENDER_KIND, payload: { bookId: id } }, ctx.now());
  });
  return { id, status: 'queued' };
}

/** A photo (media of kind 'image') of a memory on the timeline that the requester may view. */
async function requireCover(ctx: AppContext, requester: UserRow, mediaId: string, timelineId: string): Promise<void> {
  const photo = await queries.photoOnTimeline(ctx.db, mediaId, timelineId);
  const viewable = photo ? await checkAccess(ctx.db, requester, 'memory.read', [photo.memory_id]) : new Set<string>();
  if (!photo || !viewable.has(photo.memory_id)) throw badRequest(messages.bookCoverInvalid);
}

/** GET /api/books: the caller's, newest first. */
export async function listBooks(ctx: AppContext, requester: UserRow): Promise<Book[]> {
  return (await queries.booksOf(ctx.db, requester.id)).map(presentBook);
}

/** GET /api/books/{id}: the requester's only. */
export async function getBook(ctx: AppContext, requester: UserRow, id: string): Promise<Book> {
  return presentBook(await ownBook(ctx, requester, id));
}

async function ownBook(ctx: AppContext, requester: UserRow, id: string): Promise<queries.BookRow> {
  await requireAccess(ctx.db, requester, 'book.read', [id]);
  const row = await queries.findBook(ctx.db, id);
  if (!row) throw notFound(messages.bookNotFound);
  return row;
}

export interface BookDownload {
  fileName: string;
  size: number;
  stream: Readable;
}

/** GET /api/books/{id}/file: the PDF once ready (409 before), named for its title. */
export async function bookFile(ctx: AppContext, requester: UserRow, id: string): Promise<BookDownload> {
  const row = await ownBook(ctx, requester, id);
  if (row.status !== 'ready' || !row.file_key) throw conflict(messages.bookNotReady);
  const stored = await ctx.media.get(row.file_key);
  if (!stored) throw notFound(messages.bookNotFound);
  // A slash in a title is a name's, not a folder's: the download helper would keep only what follows it.
  return { fileName: `${row.title.replace(/[/\\]/g, '-')}.pdf`, size: stored.size, stream: stored.body };
}

/*
 * A timeline deleted takes its books' rows by cascade (migration 0019), and their PDFs are left
 * to the sweep of files no row names (media/orphans.ts, run by main.ts at every start; books/ is
 * a media folder and books.file_key one of db/media-key-columns.ts). Not a timeline.deleted
 * listener: that event is raised after the timeline's rows are gone, the books' with them, so
 * a listener would find no key to remove, and a PDF no row names is served by nothing
 * (GET …/file reads the row; /uploads refuses a key no media row holds) until the sweep frees it.
 */

/**
 * DELETE /api/books/{id}: the row, then its file. A book still being made has no file_key yet;
 * its file's key is its own, so it is removed whatever the row said, and the job, finding the
 * row gone, throws its work away (job.ts).
 */
export async function deleteBook(ctx: AppContext, requester: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, requester, 'book.delete', [id]);
  const deleted = await queries.deleteBook(ctx.db, id);
  const keys = new Set([bookFileKey(id), ...(deleted?.file_key ? [deleted.file_key] : [])]);
  for (const key of keys) await ctx.media.delete(key);
}
