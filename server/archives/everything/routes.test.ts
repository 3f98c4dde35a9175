// The archive of everything's calls (issue 25; DESIGN "Yours to keep"): asking for one (one at a
// time, row and job together), the list and the archive as the API speaks them, the zip with
// Range so a dropped download resumes (206, If-Range, 416), 409 before it is ready, deleting,
// and everyone but the requester hearing 404; then the same download from an S3 bucket (s3rver).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../common/messages.js';
import { postMemory } from '../../books/test-support.js';
import { imageOf } from '../../media/test-support.js';
import { imageFile, memoryFields } from '../../memories/test-support.js';
import { startS3Peer, type S3Peer } from '../../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../../test/factories.js';
import { utf8FileName } from '../test-support.js';
import { EVERYTHING_ARCHIVE_KIND, everythingArchiveKey } from './job.js';
import { archiveCalls, archiveJobs, archiveRow, archiveRowsOf, archiveRunner, makeReadyArchive, manifestLines, readBag, sha256Hex, STAND_IN_ZIP } from './test-support.js';

const today = (t: TestApp) => t.ctx.now().toISOString().slice(0, 10);

describe.each(dialects)('the archive of everything over HTTP on %s', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof archiveCalls>;
  /** Rose asks for archives; Ben shares her timeline; Stranger shares nothing with her. */
  let rose: MadeUser, ben: MadeUser, stranger: MadeUser;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = archiveCalls(t);
    [rose, ben, stranger] = await Promise.all([makeUser(t.ctx, { displayName: 'Grandma Rose' }), makeUser(t.ctx, { displayName: 'Ben' }), makeUser(t.ctx)]);
    await makeTimeline(t.ctx, rose.user, { name: 'Family', members: [ben.user] });
  });
  afterAll(() => t.close());

  describe('POST /api/archives/everything', () => {
    it("answers 202 {id, status: 'queued'} with its row and job; asked again before it is made, the same one and no second job", async () => {
      const first = await calls.create(ben);
      expect(first.statusCode).toBe(202);
      const { id } = first.json<{ id: string }>();
      expect(first.json()).toEqual({ id, status: 'queued' });
      expect(await archiveRow(t, id)).toMatchObject({ requested_by: ben.user.id, status: 'queued', progress: 0, file_key: null, bytes: null, counts: null, error: null });
      const again = await calls.create(ben);
      expect([again.statusCode, again.json()]).toEqual([202, { id, status: 'queued' }]);
      const jobs = (await archiveJobs(t)).filter((job) => job.payload.archiveId === id);
      expect(jobs.map((job) => [job.kind, job.state])).toEqual([[EVERYTHING_ARCHIVE_KIND, 'queued']]);
      expect((await archiveRowsOf(t, ben.user.id)).length).toBe(1);
      // Made (an empty one: Ben has nothing), the next ask is a new archive.
      await archiveRunner(t).settle();
      expect((await archiveRow(t, id))!.status).toBe('ready');
      const next = await calls.create(ben);
      expect(next.json<{ id: string }>().id).not.toBe(id);
      expect((await calls.create()).statusCode).toBe(401);
    });

    it('makes one archive of twenty asks sent at the same moment (on PostgreSQL they take turns on the requester)', async () => {
      const eager = await makeUser(t.ctx);
      const answers = await Promise.all(Array.from({ length: 20 }, () => calls.create(eager)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(202));
      expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
      expect((await archiveRowsOf(t, eager.user.id)).length).toBe(1);
    });

    it('writes the archive and its job in one transaction: a job that cannot be stored leaves no archive', async () => {
      const before = (await archiveRowsOf(t, stranger.user.id)).length;
      if (dialect === 'sqlite') {
        await sql`create trigger no_archive_jobs before insert on jobs when new.kind = 'archive.everything' begin select raise(abort, 'no jobs today'); end`.execute(t.ctx.db);
      } else {
        await sql`create function no_archive_jobs() returns trigger language plpgsql as $$ begin raise exception 'no jobs today'; end $$`.execute(t.ctx.db);
        await sql`create trigger no_archive_jobs before insert on jobs for each row when (new.kind = 'archive.everything') execute function no_archive_jobs()`.execute(t.ctx.db);
      }
      try {
        expect((await calls.create(stranger)).statusCode).toBe(500);
      } finally {
        await sql`drop trigger no_archive_jobs${dialect === 'postgres' ? sql` on jobs` : sql``}`.execute(t.ctx.db);
        if (dialect === 'postgres') await sql`drop function no_archive_jobs()`.execute(t.ctx.db);
      }
      expect((await archiveRowsOf(t, stranger.user.id)).length).toBe(before);
    });
  });

  describe('reading', () => {
    it("lists the caller's own archives newest first, and no one else's", async () => {
      const older = await makeReadyArchive(t, rose);
      t.advance(1000);
      const newer = await makeReadyArchive(t, rose);
      const list = await calls.list(rose);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ archives: { id: string }[] }>().archives.map((archive) => archive.id).slice(0, 2)).toEqual([newer.id, older.id]);
      const theirs = (await calls.list(stranger)).json<{ archives: { id: string }[] }>().archives.map((archive) => archive.id);
      expect(theirs).not.toContain(newer.id);
      expect((await calls.list()).statusCode).toBe(401);
    });

    it('shows a ready archive as the API speaks it to its requester, and 404 to everyone else', async () => {
      const { id } = await makeReadyArchive(t, rose);
      const own = await calls.get(id, rose);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({
        id,
        status: 'ready',
        progress: 100,
        bytes: STAND_IN_ZIP.length,
        counts: null,
        fileName: `heirloom-grandma-rose-${today(t)}.zip`,
        error: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      for (const who of [ben, stranger]) {
        const refused = await calls.get(id, who);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.everythingArchiveNotFound }]);
      }
      expect((await calls.get(id)).statusCode).toBe(401);
      expect((await calls.get('no-such-archive', rose)).statusCode).toBe(404);
    });
  });

  describe('GET /api/archives/{id}/file', () => {
    it("answers 409 'still being made' before it is ready", async () => {
      const { id } = (await calls.create(stranger)).json<{ id: string }>();
      const early = await calls.file(id, stranger);
      expect([early.statusCode, early.json()]).toEqual([409, { message: messages.everythingArchiveNotReady }]);
    });

    it('sends the whole zip as an attachment named for its owner, kept by no cache, to its requester only', async () => {
      const { id } = await makeReadyArchive(t, rose);
      const whole = await calls.file(id, rose);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(STAND_IN_ZIP)).toBe(true);
      expect(whole.headers).toMatchObject({
        'content-type': 'application/zip',
        'cache-control': 'private, no-store',
        'accept-ranges': 'bytes',
        'content-length': String(STAND_IN_ZIP.length),
        etag: expect.stringMatching(/^"[A-Za-z0-9_-]+"$/),
      });
      expect(utf8FileName(String(whole.headers['content-disposition']))).toBe(`heirloom-grandma-rose-${today(t)}.zip`);
      expect(String(whole.headers['content-disposition'])).toMatch(/^attachment;/);
      for (const who of [ben, stranger]) {
        const refused = await calls.file(id, who, { range: 'bytes=0-9' });
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.everythingArchiveNotFound }]);
      }
      expect((await calls.file(id)).statusCode).toBe(401);
    });

    it('answers a Range with 206 and those bytes, so a dropped download resumes from where it stopped', async () => {
      const { id } = await makeReadyArchive(t, rose);
      const part = await calls.file(id, rose, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${STAND_IN_ZIP.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.rawPayload.equals(STAND_IN_ZIP.subarray(100, 200))).toBe(true);

      // The connection dropped after 1234 bytes; the browser asks for the rest, if the zip is still the same.
      const first = (await calls.file(id, rose)).rawPayload.subarray(0, 1234);
      const etag = String(part.headers.etag);
      const rest = await calls.file(id, rose, { range: 'bytes=1234-', 'if-range': etag });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes 1234-${STAND_IN_ZIP.length - 1}/${STAND_IN_ZIP.length}`);
      expect(Buffer.concat([first, rest.rawPayload]).equals(STAND_IN_ZIP)).toBe(true);

      // A different zip (a newer archive, another id) under an older validator: the whole, 200.
      const stale = await calls.file(id, rose, { range: 'bytes=1234-', 'if-range': '"an-older-archive"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(STAND_IN_ZIP)).toBe(true);

      const past = await calls.file(id, rose, { range: `bytes=${STAND_IN_ZIP.length}-` });
      expect([past.statusCode, past.headers['content-range'], past.json()]).toEqual([416, `bytes */${STAND_IN_ZIP.length}`, { message: messages.rangeNotSatisfiable }]);
    });
  });

  describe('DELETE /api/archives/{id}', () => {
    it('deletes the row and its file for its requester; anyone else hears 404 and nothing changes', async () => {
      const { id } = await makeReadyArchive(t, rose);
      for (const who of [ben, stranger]) {
        const refused = await calls.remove(id, who);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.everythingArchiveNotFound }]);
      }
      expect((await calls.remove(id)).statusCode).toBe(401);
      expect([(await archiveRow(t, id)) !== undefined, await t.ctx.media.exists(everythingArchiveKey(id))]).toEqual([true, true]);

      expect((await calls.remove(id, rose)).statusCode).toBe(204);
      expect([await archiveRow(t, id), await t.ctx.media.exists(everythingArchiveKey(id))]).toEqual([undefined, false]);
      expect((await calls.get(id, rose)).statusCode).toBe(404);
      expect((await calls.remove(id, rose)).statusCode).toBe(404);
    });
  });

  it('stores the zip where no /uploads address serves it: only GET /api/archives/{id}/file does', async () => {
    const { id } = await makeReadyArchive(t, rose);
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/${everythingArchiveKey(id)}`, headers: { cookie: rose.cookie } });
    expect(direct.statusCode).toBe(404);
  });
});

describe.each(dialects)('the archive of everything with S3 storage (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  let rose: MadeUser;
  let photo: Buffer;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    rose = await makeUser(t.ctx, { displayName: 'Rose' });
    const timeline = await makeTimeline(t.ctx, rose.user, { name: 'Family' });
    photo = await imageOf('png', 64, 48);
    await postMemory(t, rose, [...memoryFields({ title: 'From the bucket', timelineIds: [timeline.id], sharedWith: [rose.user.id] }), imageFile(photo)]);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('writes the bag into the bucket and sends it through the app, whole or from an offset', async () => {
    const calls = archiveCalls(t);
    const { id } = (await calls.create(rose)).json<{ id: string }>();
    await archiveRunner(t).settle();
    expect((await archiveRow(t, id))!.status).toBe('ready');
    const whole = await calls.file(id, rose);
    expect([whole.statusCode, whole.headers['content-type']]).toEqual([200, 'application/zip']);
    const zip = whole.rawPayload;
    expect(whole.headers['content-length']).toBe(String(zip.length));
    const bag = await readBag(zip);
    for (const [sha, path] of manifestLines(bag.text('manifest-sha256.txt'))) expect(sha256Hex(bag.files.get(path)!)).toBe(sha);
    expect(bag.files.get(`data/media/${sha256Hex(photo)}.png`)?.equals(photo)).toBe(true);

    const offset = Math.floor(zip.length / 3);
    const rest = await calls.file(id, rose, { range: `bytes=${offset}-`, 'if-range': String(whole.headers.etag) });
    expect([rest.statusCode, rest.headers['content-range']]).toEqual([206, `bytes ${offset}-${zip.length - 1}/${zip.length}`]);
    expect(Buffer.concat([zip.subarray(0, offset), rest.rawPayload]).equals(zip)).toBe(true);
  });
});
