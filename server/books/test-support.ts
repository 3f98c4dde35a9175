// What the books' tests share: the calls of the book routes, a memory made through the
// product's own form, a book made ready straight in the database (tests may write any table),
// a job runner with a renderer of the test's choosing, and a PDF read back as text.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { formBody, type FormPart } from '../media/test-support.js';
import { JobRunner, jobsOf } from '../jobs/index.js';
import { keptLog } from '../jobs/test-support.js';
import type { TestApp } from '../test/app.js';
import type { MadeUser } from '../test/factories.js';
import type { BookDocument } from './document.js';
import { BOOK_RENDER_KIND, bookFileKey, bookRenderHandler } from './job.js';
import type { renderBook } from './render/index.js';

/** The smallest file a PDF reader opens: what a stand-in renderer writes. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 432 648]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export function bookCalls(t: TestApp) {
  const headers = (who?: MadeUser) => (who ? { cookie: who.cookie } : {});
  return {
    create: (body: object, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'POST', url: '/api/books', payload: body, headers: headers(who) }),
    list: (who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: '/api/books', headers: headers(who) }),
    get: (id: string, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: headers(who) }),
    file: (id: string, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: `/api/books/${id}/file`, headers: headers(who) }),
    remove: (id: string, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'DELETE', url: `/api/books/${id}`, headers: headers(who) }),
  };
}

export const bookRowsOf = (t: TestApp, userId: string) => t.ctx.db.selectFrom('books').selectAll().where('requested_by', '=', userId).execute();
export const bookRow = (t: TestApp, id: string) => t.ctx.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
export const bookJobs = async (t: TestApp) => jobsOf(t.ctx.db, { kind: BOOK_RENDER_KIND });

/** A memory saved through POST /api/memories, as the capture wizard saves one; answers its id. */
export async function postMemory(t: TestApp, who: MadeUser, parts: FormPart[]): Promise<string> {
  const { payload, headers } = await formBody(parts);
  const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: who.cookie } });
  if (response.statusCode !== 201) throw new Error(`The memory was not saved: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

export async function postComment(t: TestApp, who: MadeUser, memoryId: string, content: string): Promise<void> {
  const { payload, headers } = await formBody([{ name: 'content', value: content }]);
  const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload, headers: { ...headers, cookie: who.cookie } });
  if (response.statusCode !== 201) throw new Error(`The comment was not saved: ${response.statusCode} ${response.body}`);
}

/** A book of `owner`'s, ready, its PDF in the store, as its job would have left it. */
export async function makeReadyBook(t: TestApp, owner: MadeUser, timelineId: string, title = 'Our Year'): Promise<{ id: string }> {
  const id = randomUUID();
  const at = t.ctx.now().toISOString();
  const fileKey = bookFileKey(id);
  await t.ctx.media.put(fileKey, Readable.from([TINY_PDF]), { contentType: 'application/pdf' });
  await t.ctx.db
    .insertInto('books')
    .values({
      id,
      requested_by: owner.user.id,
      timeline_id: timelineId,
      title,
      start_day: '2026-01-01',
      end_day: '2026-12-31',
      tz: 'UTC',
      include_comments: 1,
      listen_codes: 1,
      cover_media_id: null,
      status: 'ready',
      progress: 100,
      pages: 1,
      bytes: TINY_PDF.length,
      memories: 0,
      file_key: fileKey,
      error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id };
}

/**
 * A stand-in renderer that keeps the documents it was given and writes TINY_PDF; `during`
 * runs before it writes (to report progress, wait, or throw).
 */
export function standInRenderer(during?: (doc: BookDocument, options: Parameters<typeof renderBook>[1]) => Promise<void>) {
  const documents: BookDocument[] = [];
  const render: typeof renderBook = async (doc, options) => {
    documents.push(doc);
    await during?.(doc, options);
    const pdfPath = join(options.workDir, 'book.pdf');
    await writeFile(pdfPath, TINY_PDF);
    return { pdfPath, pages: 1 };
  };
  return { render, documents };
}

/**
 * A runner of book jobs alone, with `render`, on the app's clock; `settle` runs them to their
 * end, moving the clock past each back-off, as t.settleJobs does for the app's own runner.
 */
export function bookRunner(t: TestApp, render: typeof renderBook) {
  const runner = new JobRunner({ db: t.ctx.db, log: keptLog(), handlers: { [BOOK_RENDER_KIND]: bookRenderHandler(t.ctx, { render }) }, now: () => t.ctx.now() });
  return {
    runner,
    async settle() {
      for (let round = 0; round < 10; round++) {
        await runner.drain();
        if ((await jobsOf(t.ctx.db, { kind: BOOK_RENDER_KIND, state: 'queued' })).length === 0) return;
        t.advance(60 * 60_000);
      }
      throw new Error('Book jobs still queued after 10 rounds');
    },
  };
}

/** The words of a PDF, as poppler's pdftotext reads them (layout kept, so a line holds its words). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-book-test-'));
  try {
    const path = join(dir, 'book.pdf');
    writeFileSync(path, pdf);
    return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdfinfo's Pages line. */
export function pdfPages(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-book-test-'));
  try {
    const path = join(dir, 'book.pdf');
    writeFileSync(path, pdf);
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
