// The family book's calls (issue 24; DESIGN "The family book (PDF)"): asking for a book, its
// defaults and every refusal, "My books", the PDF, and deleting; others' books are 404.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_TITLE_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { newMediaKey } from '../providers/storage/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { BOOK_RENDER_KIND, bookFileKey } from './job.js';
import { bookCalls, bookJobs, bookRow, bookRowsOf, makeReadyBook, TINY_PDF } from './test-support.js';

/** yyyy-MM-dd of `instant` in `timeZone`, as a person there reads their calendar. */
const calendarDay = (instant: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

describe.each(dialects)('the family book on %s', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof bookCalls>;
  /** `owner`'s timeline "The Hendersons" with `member`; `stranger` has `elsewhere`. */
  let owner: MadeUser, member: MadeUser, stranger: MadeUser;
  let timeline: { id: string; name: string }, elsewhere: { id: string };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = bookCalls(t);
    [owner, member, stranger] = await Promise.all([makeUser(t.ctx, { displayName: 'Sam' }), makeUser(t.ctx, { displayName: 'Ada' }), makeUser(t.ctx)]);
    timeline = await makeTimeline(t.ctx, owner.user, { name: 'The Hendersons', members: [member.user] });
    elsewhere = await makeTimeline(t.ctx, stranger.user, { name: 'Elsewhere' });
  });
  afterAll(() => t.close());

  /** A photo (its three media rows, as memories store one) of a new memory; answers the original's id, which the memory JSON calls the image's id. */
  async function photoOf(memoryId: string, ownerId: string, kind: 'image' | 'video' = 'image'): Promise<string> {
    const id = randomUUID();
    const key = newMediaKey(kind === 'image' ? 'images' : 'videos', kind === 'image' ? 'jpg' : 'mp4');
    await t.ctx.db
      .insertInto('media')
      .values({ id, memory_id: memoryId, owner_id: ownerId, kind, storage_key: key, mime_type: kind === 'image' ? 'image/jpeg' : 'video/mp4', size: 10, width: 40, height: 30, duration: null, position: 0, created_at: t.ctx.now().toISOString() })
      .execute();
    return id;
  }

  describe('POST /api/books', () => {
    it("answers 202 {id, status: 'queued'} and stores the book with the last twelve months, the timeline's name and both options on, with its job", async () => {
      const response = await calls.create({ timelineId: timeline.id, tz: 'Pacific/Kiritimati' }, owner);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect(response.json()).toEqual({ id: expect.any(String), status: 'queued' });
      const end = calendarDay(t.ctx.now(), 'Pacific/Kiritimati');
      const yearAgo = new Date(`${end}T00:00:00Z`);
      yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
      yearAgo.setUTCDate(yearAgo.getUTCDate() + 1);
      expect(await bookRow(t, id)).toMatchObject({
        requested_by: owner.user.id,
        timeline_id: timeline.id,
        title: 'The Hendersons',
        start_day: yearAgo.toISOString().slice(0, 10),
        end_day: end,
        tz: 'Pacific/Kiritimati',
        cover_media_id: null,
        status: 'queued',
        progress: 0,
        file_key: null,
      });
      const row = (await bookRow(t, id))!;
      expect([Boolean(row.include_comments), Boolean(row.listen_codes)]).toEqual([true, true]);
      const jobs = (await bookJobs(t)).filter((job) => job.payload.bookId === id);
      expect(jobs.map((job) => [job.kind, job.state, job.payload])).toEqual([[BOOK_RENDER_KIND, 'queued', { bookId: id }]]);
    });

    it('keeps the days, title and options asked for; an end alone starts twelve months before it (29 February steps back to the 28th)', async () => {
      const asked = await calls.create(
        { timelineId: timeline.id, start: '1968-06-01', end: '1969-05-31', tz: 'Europe/London', title: '  Summer of 68  ', includeComments: false, listenCodes: false },
        owner,
      );
      expect(asked.statusCode).toBe(202);
      const row = (await bookRow(t, asked.json<{ id: string }>().id))!;
      expect([row.start_day, row.end_day, row.title, Boolean(row.include_comments), Boolean(row.listen_codes)]).toEqual(['1968-06-01', '1969-05-31', 'Summer of 68', false, false]);

      const leap = await calls.create({ timelineId: timeline.id, end: '2024-02-29' }, owner);
      expect(leap.statusCode).toBe(202);
      const leapRow = (await bookRow(t, leap.json<{ id: string }>().id))!;
      expect([leapRow.start_day, leapRow.end_day, leapRow.tz]).toEqual(['2023-03-01', '2024-02-29', 'UTC']);

      const oneDay = await calls.create({ timelineId: timeline.id, start: '2020-05-05', end: '2020-05-05', title: '' }, owner);
      expect(oneDay.statusCode).toBe(202);
      expect((await bookRow(t, oneDay.json<{ id: string }>().id))!.title).toBe('The Hendersons');
    });

    it('takes a cover that is a photo of a memory on the timeline the caller may view', async () => {
      const memory = await makeMemory(t.ctx, member.user, { timelineIds: [timeline.id], sharedWith: [owner.user] });
      const cover = await photoOf(memory.id, member.user.id);
      const response = await calls.create({ timelineId: timeline.id, coverMediaId: cover }, owner);
      expect(response.statusCode).toBe(202);
      const { id } = response.json<{ id: string }>();
      expect((await bookRow(t, id))!.cover_media_id).toBe(cover);
      // The book says its cover, so "Try again" can ask for the same one.
      expect((await calls.get(id, owner)).json<{ coverMediaId: string | null }>().coverMediaId).toBe(cover);
    });

    it('writes the book and its job in one transaction: a job that cannot be stored leaves no book', async () => {
      const before = (await bookRowsOf(t, owner.user.id)).length;
      // The job's insert refused by the database itself, after the book's row went in.
      if (dialect === 'sqlite') {
        await sql`create trigger no_book_jobs before insert on jobs when new.kind = 'book.render' begin select raise(abort, 'no jobs today'); end`.execute(t.ctx.db);
      } else {
        await sql`create function no_book_jobs() returns trigger language plpgsql as $$ begin raise exception 'no jobs today'; end $$`.execute(t.ctx.db);
        await sql`create trigger no_book_jobs before insert on jobs for each row when (new.kind = 'book.render') execute function no_book_jobs()`.execute(t.ctx.db);
      }
      try {
        const response = await calls.create({ timelineId: timeline.id }, owner);
        expect(response.statusCode).toBe(500);
      } finally {
        await sql`drop trigger no_book_jobs${dialect === 'postgres' ? sql` on jobs` : sql``}`.execute(t.ctx.db);
        if (dialect === 'postgres') await sql`drop function no_book_jobs()`.execute(t.ctx.db);
      }
      expect((await bookRowsOf(t, owner.user.id)).length).toBe(before);
    });

    it('refuses every bad input with its words and stores nothing', async () => {
      const privateOfMember = await makeMemory(t.ctx, member.user, { timelineIds: [timeline.id] });
      const theirs = await photoOf(privateOfMember.id, member.user.id);
      const onElsewhere = await makeMemory(t.ctx, stranger.user, { timelineIds: [elsewhere.id] });
      const elsewherePhoto = await photoOf(onElsewhere.id, stranger.user.id);
      const ownMemory = await makeMemory(t.ctx, owner.user, { timelineIds: [timeline.id] });
      const video = await photoOf(ownMemory.id, owner.user.id, 'video');
      const refusals: [object, number, string][] = [
        [{ timelineId: timeline.id, start: '2026-02-30' }, 400, messages.bookDayInvalid],
        [{ timelineId: timeline.id, end: 'yesterday' }, 400, messages.bookDayInvalid],
        [{ timelineId: timeline.id, start: '2026-05-02', end: '2026-05-01' }, 400, messages.bookRangeInvalid],
        [{ timelineId: timeline.id, start: '1900-01-01', end: '2026-01-01' }, 400, messages.bookRangeTooLong],
        [{ timelineId: timeline.id, title: 'x'.repeat(BOOK_TITLE_MAX + 1) }, 400, messages.bookTitleTooLong],
        [{ timelineId: timeline.id, tz: 'Mars/Olympus' }, 400, messages.timeZoneInvalid],
        [{ timelineId: timeline.id, includeComments: 'yes' }, 400, messages.bookFlagInvalid],
        [{}, 400, messages.bookTimelineRequired],
        [{ timelineId: randomUUID() }, 404, messages.timelineNotFound],
        [{ timelineId: elsewhere.id }, 404, messages.timelineNotFound],
        [{ timelineId: timeline.id, coverMediaId: randomUUID() }, 400, messages.bookCoverInvalid],
        [{ timelineId: timeline.id, coverMediaId: theirs }, 400, messages.bookCoverInvalid],
        [{ timelineId: timeline.id, coverMediaId: elsewherePhoto }, 400, messages.bookCoverInvalid],
        [{ timelineId: timeline.id, coverMediaId: video }, 400, messages.bookCoverInvalid],
      ];
      const before = [(await bookRowsOf(t, owner.user.id)).length, (await bookJobs(t)).length];
      for (const [body, status, message] of refusals) {
        const response = await calls.create(body, owner);
        expect([JSON.stringify(body), response.statusCode, response.json()]).toEqual([JSON.stringify(body), status, { message }]);
      }
      expect([(await bookRowsOf(t, owner.user.id)).length, (await bookJobs(t)).length]).toEqual(before);
      const signedOut = await calls.create({ timelineId: timeline.id });
      expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });

  describe('reading, downloading and deleting', () => {
    it("lists the caller's own books newest first, and no one else's", async () => {
      const first = await calls.create({ timelineId: timeline.id, title: 'First' }, member);
      t.advance(1000);
      const second = await calls.create({ timelineId: timeline.id, title: 'Second' }, member);
      const list = await calls.list(member);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ books: { id: string }[] }>().books.map((book) => book.id)).toEqual([second.json<{ id: string }>().id, first.json<{ id: string }>().id]);
      const strangers = await calls.list(stranger);
      expect([strangers.statusCode, strangers.json()]).toEqual([200, { books: [] }]);
      expect((await calls.list()).statusCode).toBe(401);
    });

    it('shows the book as the API speaks it to its requester, and 404 to everyone else, a fellow member included', async () => {
      const { id } = (await calls.create({ timelineId: timeline.id, start: '2025-01-01', end: '2025-12-31', title: 'Our 2025' }, owner)).json<{ id: string }>();
      const own = await calls.get(id, owner);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        id,
        timelineId: timeline.id,
        title: 'Our 2025',
        start: '2025-01-01',
        end: '2025-12-31',
        tz: 'UTC',
        includeComments: true,
        listenCodes: true,
        coverMediaId: null,
        status: 'queued',
        progress: 0,
        pages: null,
        bytes: null,
        memories: null,
        error: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      for (const who of [member, stranger]) {
        const refused = await calls.get(id, who);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.bookNotFound }]);
      }
      expect((await calls.get(id)).statusCode).toBe(401);
      expect((await calls.get(randomUUID(), owner)).statusCode).toBe(404);
    });

    it("answers 409 'not ready' for the file of a book still being made", async () => {
      const { id } = (await calls.create({ timelineId: timeline.id }, owner)).json<{ id: string }>();
      const early = await calls.file(id, owner);
      expect([early.statusCode, early.json()]).toEqual([409, { message: messages.bookNotReady }]);
    });

    it('sends a ready book as a PDF attachment named for its title, to its requester only', async () => {
      const { id } = await makeReadyBook(t, owner, timeline.id, 'Grandma’s Year / 2026');
      const pdf = await calls.file(id, owner);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Grandma_s Year - 2026.pdf"; filename*=UTF-8''Grandma%E2%80%99s%20Year%20-%202026.pdf`);
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      expect(pdf.rawPayload.equals(TINY_PDF)).toBe(true);
      for (const who of [member, stranger]) {
        const refused = await calls.file(id, who);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.bookNotFound }]);
      }
      expect((await calls.file(id)).statusCode).toBe(401);
    });

    it('deletes the row and its file for its requester; anyone else hears 404 and nothing changes', async () => {
      const { id } = await makeReadyBook(t, owner, timeline.id);
      for (const who of [member, stranger]) {
        const refused = await calls.remove(id, who);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.bookNotFound }]);
      }
      expect((await calls.remove(id)).statusCode).toBe(401);
      expect([await bookRow(t, id) !== undefined, await t.ctx.media.exists(bookFileKey(id))]).toEqual([true, true]);

      const removed = await calls.remove(id, owner);
      expect(removed.statusCode).toBe(204);
      expect([await bookRow(t, id), await t.ctx.media.exists(bookFileKey(id))]).toEqual([undefined, false]);
      expect((await calls.get(id, owner)).statusCode).toBe(404);
      expect((await calls.remove(id, owner)).statusCode).toBe(404);
    });

    it("a deleted timeline takes its books' rows with it; their files are left to the sweep of files no row names", async () => {
      const gone = await makeTimeline(t.ctx, owner.user, { name: 'Short-lived' });
      const { id } = await makeReadyBook(t, owner, gone.id);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/timelines/${gone.id}`, headers: { cookie: owner.cookie } });
      expect(deleted.statusCode).toBe(200);
      expect(await bookRow(t, id)).toBeUndefined();
      const { sweepOrphanMedia } = await import('../media/orphans.js');
      const swept = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() + 60_000) });
      expect(swept).toContain(bookFileKey(id));
      expect(await t.ctx.media.exists(bookFileKey(id))).toBe(false);
    });
  });

  it('stores the PDF where no /uploads address serves it: only GET /api/books/{id}/file does', async () => {
    const { id } = await makeReadyBook(t, owner, timeline.id);
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/${bookFileKey(id)}`, headers: { cookie: owner.cookie } });
    expect(direct.statusCode).toBe(404);
  });
});
