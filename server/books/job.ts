// The job that makes a book (issue 24; DESIGN "Work that outlives a request"): gathers what the
// requester may view now, has the renderer (a child process, server/books/render) write the
// PDF in a folder of its own, stores it at books/{id}.pdf and marks the book ready with its
// notice in one transaction. Each attempt is a row's file as jobs/made-for-a-row.ts makes one:
// from nothing, and thrown away quietly when the book is deleted meanwhile.
import { createReadStream } from 'node:fs';
import { messages } from '../../common/messages.js';
import { iso, type AppContext } from '../context.js';
import { madeForARow, makeRowFile, type JobHandler, type JobLog } from '../jobs/index.js';
import { gatherBook } from './gather.js';
import * as queries from './queries.js';
import { renderBook } from './render/index.js';

export const BOOK_RENDER_KIND = 'book.render';

/** Where a book's PDF is kept: one per book, so a retry writes over its own and a delete knows it. */
export const bookFileKey = (bookId: string) => `books/${bookId}.pdf`;

/** A render takes the machine (photos decoded, Typst compiling): a few attempts, far apart, are enough. */
const MAX_ATTEMPTS = 3;

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
  const fileKey = bookFileKey(bookId);
  await makeRowFile({
    media: ctx.media,
    fileKey,
    workDirPrefix: 'heirloom-book-',
    jobSignal,
    progress: { now: () => ctx.now(), write: (percent) => queries.setProgress(ctx.db, bookId, percent, iso(ctx.now())), log, about: { bookId } },
    produce: async ({ workDir, signal, onProgress }) => {
      const gathered = await gatherBook(ctx, book, signal);
      if (!gathered) return null;
      const rendered = await render(gathered.document, { media: ctx.media, workDir, onProgress, signal });
      return { rendered, memories: gathered.memoryIds.length };
    },
    commit: async ({ rendered, memories }) => {
      const { size } = await ctx.media.put(fileKey, createReadStream(rendered.pdfPath), { contentType: 'application/pdf' });
      const at = iso(ctx.now());
      return ctx.db.transaction().execute(async (trx) => {
        const marked = await queries.markReady(trx, bookId, { pages: rendered.pages, bytes: size, memories, fileKey, at });
        if (marked) await ctx.events.emit('book.ready', { bookId, title: book.title, requestedBy: book.requested_by, at }, trx);
        return marked;
      });
    },
    rowExists: async () => (await queries.findBook(ctx.db, bookId)) !== undefined,
  });
}
