// The job that makes a book (issue 24; DESIGN "Work that outlives a request"): gathers what the
// requester may view now, has the renderer (a child process, server/books/render) write the
// PDF in a folder of its own, stores it at books/{id}.pdf and marks the book ready with its
// notice in one transaction. Every attempt starts over from nothing, so a retry or a second
// run after a crash is as good as the first; a book deleted meanwhile ends its job quietly and
// leaves no file behind.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import { madeForARow, progressWriter, type JobHandler, type JobLog } from '../jobs/index.js';
import { gatherBook } from './gather.js';
import * as queries from './queries.js';
import { renderBook } from './render/index.js';

export const BOOK_RENDER_KIND = 'book.render';

/** Where a book's PDF is kept: one per book, so a retry writes over its own and a delete knows it. */
export const bookFileKey = (bookId: string) => `books/${bookId}.pdf`;

/** A render takes the machine (photos decoded, Typst compiling): a few attempts, far apart, are enough. */
const MAX_ATTEMPTS = 3;

/** Thrown into the render when the book's row is gone: the work is thrown away. */
class BookGone extends Error {
  constructor() {
    super('The book was deleted while it was being made');
  }
}

export interface BookJobOptions {
  /** The renderer; tests hand in one that fails or waits. */
  render?: typeof renderBook;
  /** Where a progress write that failed is told (the app's log). */
  log?: Pick<JobLog, 'warn'>;
}

const quietLog: Pick<JobLog, 'warn'> = { warn: () => undefined };

/** The handler of 'book.render' jobs (payload {bookId}), for app.ts. */
export function bookRenderHandler(ctx: AppContext, { render = renderBook, log = quietLog }: BookJobOptions = {}): JobHandler {
  return madeForARow({
    maxAttempts: MAX_ATTEMPTS,
    idOf: (payload) => String(payload.bookId),
    make: (bookId, signal) => makeBook(ctx, bookId, signal, render, log),
    markWaiting: (bookId) => queries.markWaiting(ctx.db, bookId, iso(ctx.now())),
    markFailed: (bookId) => queries.markFailed(ctx.db, bookId, messages.bookFailed, iso(ctx.now())),
  });
}

async function makeBook(ctx: AppContext, bookId: string, jobSignal: AbortSignal, render: typeof renderBook, log: Pick<JobLog, 'warn'>): Promise<void> {
  const book = await queries.beginRendering(ctx.db, bookId, iso(ctx.now()));
  // Deleted before its turn, or made already by an earlier run: nothing to do.
  if (!book) return;

  // The render stops when the runner says so (this instance stopping) or when the book goes.
  const stop = new AbortController();
  const onJobAbort = () => stop.abort(jobSignal.reason);
  jobSignal.addEventListener('abort', onJobAbort, { once: true });
  const progress = progressWriter({
    now: () => ctx.now(),
    write: (percent) => queries.setProgress(ctx.db, bookId, percent, iso(ctx.now())),
    onGone: () => stop.abort(new BookGone()),
    log,
    about: { bookId },
  });
  const workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-'));
  const fileKey = bookFileKey(bookId);
  try {
    const gathered = await gatherBook(ctx, book, stop.signal);
    // The requester's account is gone (the book goes with it by cascade).
    if (!gathered) return;
    const rendered = await render(gathered.document, { media: ctx.media, workDir, onProgress: progress.report, signal: stop.signal });
    await progress.settled();
    if (stop.signal.aborted) throw stop.signal.reason;
    const { size } = await ctx.media.put(fileKey, createReadStream(rendered.pdfPath), { contentType: 'application/pdf' });
    const at = iso(ctx.now());
    const ready = await ctx.db.transaction().execute(async (trx) => {
      const marked = await queries.markReady(trx, bookId, { pages: rendered.pages, bytes: size, memories: gathered.memoryIds.length, fileKey, at });
      if (marked) await ctx.events.emit('book.ready', { bookId, title: book.title, requestedBy: book.requested_by, at }, trx);
      return marked;
    });
    // Deleted between the render and now: its delete may have looked for the file before it was stored.
    if (!ready) await ctx.media.delete(fileKey);
  } catch (error) {
    if (stop.signal.reason instanceof BookGone || !(await queries.findBook(ctx.db, bookId))) {
      await ctx.media.delete(fileKey);
      return;
    }
    throw error;
  } finally {
    jobSignal.removeEventListener('abort', onJobAbort);
    await rm(workDir, { recursive: true, force: true });
  }
}
