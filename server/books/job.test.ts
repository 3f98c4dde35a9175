// The job that makes a book (issue 24), with a stand-in renderer that keeps what it was given:
// what a book holds for its requester (and what it never holds), the row made ready with its
// notice, progress, a book deleted while it is made, and a render that fails every attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { deferred } from '../jobs/test-support.js';
import { imageOf } from '../media/test-support.js';
import { audioFile, imageFile, memoryFields, wavBytes } from '../memories/test-support.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeFamily, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import type { BookDocument } from './document.js';
import { bookFileKey } from './job.js';
import { bookCalls, bookJobs, bookRow, bookRunner, postComment, postMemory, standInRenderer, TINY_PDF } from './test-support.js';

describe.each(dialects)("the book's job on %s", (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof bookCalls>;
  /** Sam asks for the books; Ada and Ben are on the Hendersons' timeline with him; all three in the family. */
  let sam: MadeUser, ada: MadeUser, ben: MadeUser;
  let timeline: { id: string }, elsewhere: { id: string };
  /** The memories, by what they are. */
  const ids: Record<'picnic' | 'recipe' | 'letters' | 'diary' | 'trip' | 'oldTimes', string> = {} as never;

  const dated = (id: string, createdAt: string) => t.ctx.db.updateTable('memories').set({ created_at: createdAt }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = bookCalls(t);
    [sam, ada, ben] = await Promise.all([
      makeUser(t.ctx, { displayName: 'Sam' }),
      makeUser(t.ctx, { displayName: 'Ada' }),
      makeUser(t.ctx, { displayName: null, firstName: 'Ben', lastName: 'Henderson' }),
    ]);
    await makeFamily(t.ctx, sam.user, { name: 'Henderson Family', members: [ada.user, ben.user] });
    timeline = await makeTimeline(t.ctx, sam.user, { name: 'The Hendersons', members: [ada.user, ben.user] });
    elsewhere = await makeTimeline(t.ctx, sam.user, { name: 'Work' });
    const photo = await imageOf('jpeg', 64, 48);
    const everyone = [sam.user.id, ada.user.id, ben.user.id];

    // Ada's, for the whole timeline: a photo, her voice, a question answered, tags and comments.
    ids.picnic = await postMemory(t, ada, [
      ...memoryFields({
        title: 'Picnic by the weir',
        content: 'We took the red blanket.',
        transcription: 'It was the hottest day of the year.',
        timelineIds: [timeline.id],
        sharedWith: everyone,
        followUpResponses: [{ question: 'Who swam first?', answer: 'Ben, of course.', hasAudio: false }],
      }),
      { name: 'audience', value: 'timeline' },
      imageFile(photo, 'picnic.jpg', 'image/jpeg'),
      audioFile(wavBytes()),
    ]);
    await t.ctx.db.insertInto('memory_tags').values([{ memory_id: ids.picnic, tag: 'summer' }, { memory_id: ids.picnic, tag: 'river' }]).execute();
    await postComment(t, sam, ids.picnic, 'I still have that blanket.');
    t.advance(1000);
    await postComment(t, ada, ids.picnic, 'Of course you do.');
    // Sam's own, seen by him alone: his book holds it.
    ids.recipe = await postMemory(t, sam, [...memoryFields({ title: "Sam's secret recipe", timelineIds: [timeline.id], sharedWith: [sam.user.id] }), { name: 'audience', value: 'private' }]);
    // Ada's, shared with Sam by name, with a photo.
    ids.letters = await postMemory(t, ada, [
      ...memoryFields({ title: 'Letters from Ben', timelineIds: [timeline.id], sharedWith: [ada.user.id, sam.user.id] }),
      { name: 'audience', value: 'people' },
      imageFile(photo, 'letter.jpg', 'image/jpeg'),
    ]);
    // Ada's private diary, on the same timeline, in the range: never in Sam's book.
    ids.diary = await postMemory(t, ada, [...memoryFields({ title: "Ada's private diary", timelineIds: [timeline.id], sharedWith: [ada.user.id] }), { name: 'audience', value: 'private' }]);
    // Sam's on another timeline, and one on this timeline before the range.
    ids.trip = await postMemory(t, sam, [...memoryFields({ title: 'Conference trip', timelineIds: [elsewhere.id], sharedWith: [sam.user.id] })]);
    ids.oldTimes = await postMemory(t, sam, [...memoryFields({ title: 'Old times', timelineIds: [timeline.id], sharedWith: everyone }), { name: 'audience', value: 'timeline' }]);
    await dated(ids.picnic, '2026-02-01T12:00:00.000Z');
    await dated(ids.recipe, '2026-03-10T09:00:00.000Z');
    await dated(ids.letters, '2026-04-01T18:30:00.000Z');
    await dated(ids.diary, '2026-02-15T08:00:00.000Z');
    await dated(ids.trip, '2026-05-05T08:00:00.000Z');
    await dated(ids.oldTimes, '2025-12-31T23:59:59.999Z');
  });
  afterAll(() => t.close());

  async function askForBook(body: object = {}, who = sam): Promise<string> {
    const response = await calls.create({ timelineId: timeline.id, start: '2026-01-01', end: '2026-12-31', tz: 'UTC', ...body }, who);
    expect(response.statusCode).toBe(202);
    return response.json<{ id: string }>().id;
  }

  /** Runs the queued book jobs with `render`; answers the documents it was given. */
  async function runJobs(render = standInRenderer()): Promise<BookDocument[]> {
    await bookRunner(t, render.render).settle();
    return render.documents;
  }

  /** The image id (the original's media id) and the display copy's key of each photo of a memory. */
  async function photosOf(memoryId: string): Promise<{ id: string; displayKey: string }[]> {
    const memory = (await t.app.inject({ method: 'GET', url: `/api/memories/${memoryId}`, headers: { cookie: ada.cookie } })).json<{ images: { id: string; url: string }[] }>();
    return memory.images.map((image) => ({ id: image.id, displayKey: image.url.replace('/uploads/', '') }));
  }

  it("holds the memories on the timeline, in the range, that the requester may view now, oldest first, as he sees them", async () => {
    const id = await askForBook({ title: 'Our 2026' });
    const [doc] = await runJobs();
    const [picnicPhoto] = await photosOf(ids.picnic);
    expect(doc!.memories.map((memory) => memory.title)).toEqual(['Picnic by the weir', "Sam's secret recipe", 'Letters from Ben']);
    expect(JSON.stringify(doc)).not.toContain('private diary');
    expect(doc).toMatchObject({ title: 'Our 2026', familyName: 'Henderson Family', start: '2026-01-01', end: '2026-12-31', tz: 'UTC' });
    expect(doc!.cover).toEqual({ storageKey: picnicPhoto!.displayKey, mimeType: 'image/webp', width: 64, height: 48 });
    expect(doc!.memories[0]).toEqual({
      id: ids.picnic,
      title: 'Picnic by the weir',
      createdAt: '2026-02-01T12:00:00.000Z',
      day: '2026-02-01',
      storyteller: 'Ada',
      photos: [{ storageKey: picnicPhoto!.displayKey, mimeType: 'image/webp', width: 64, height: 48 }],
      transcription: 'It was the hottest day of the year.',
      notes: 'We took the red blanket.',
      followUps: [{ question: 'Who swam first?', answer: 'Ben, of course.' }],
      comments: [
        { author: 'Sam', createdAt: expect.any(String), text: 'I still have that blanket.' },
        { author: 'Ada', createdAt: expect.any(String), text: 'Of course you do.' },
      ],
      tags: expect.arrayContaining(['summer', 'river']),
      listenUrl: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/listen/[A-Za-z0-9_-]{43}$`)),
    });
    // No voice, no code.
    expect(doc!.memories[1]!.listenUrl).toBeNull();
    // The code printed is the memory's own, kept by listen/.
    const codes = await t.ctx.db.selectFrom('listen_links').select('memory_id').execute();
    expect(codes.map((code) => code.memory_id)).toEqual([ids.picnic]);

    const row = await bookRow(t, id);
    expect(row).toMatchObject({ status: 'ready', progress: 100, pages: 1, bytes: TINY_PDF.length, memories: 3, file_key: bookFileKey(id), error: null });
    expect((await t.ctx.media.get(bookFileKey(id)))!.size).toBe(TINY_PDF.length);
    expect((await calls.file(id, sam)).rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await bookJobs(t)).find((job) => job.payload.bookId === id)?.state).toBe('done');

    const notices = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: sam.cookie } })).json<{ type: string; title: string; message: string }[]>();
    expect(notices.filter((notice) => notice.title === messages.bookReadyTitle)).toEqual([
      expect.objectContaining({ type: 'other', title: messages.bookReadyTitle, message: messages.bookReadyMessage('Our 2026'), isRead: false }),
    ]);
  });

  it("holds what another member may view in theirs: Ada's book has her diary and not Sam's recipe", async () => {
    await askForBook({}, ada);
    const [doc] = await runJobs();
    expect(doc!.memories.map((memory) => memory.title)).toEqual(['Picnic by the weir', "Ada's private diary", 'Letters from Ben']);
  });

  it('leaves comments and listen codes out when asked to, and prints the cover picked while it is still in the book', async () => {
    const [, lettersPhoto] = [undefined, (await photosOf(ids.letters))[0]!];
    await askForBook({ includeComments: false, listenCodes: false, coverMediaId: lettersPhoto.id });
    const [doc] = await runJobs();
    expect(doc!.memories.every((memory) => memory.comments.length === 0 && memory.listenUrl === null)).toBe(true);
    expect(doc!.cover?.storageKey).toBe(lettersPhoto.displayKey);

    // The memory of the picked photo narrowed to its creator since: the cover is the book's first photo.
    const narrowed = await askForBook({ coverMediaId: lettersPhoto.id });
    await t.ctx.db.deleteFrom('memory_shares').where('memory_id', '=', ids.letters).where('user_id', '=', sam.user.id).execute();
    try {
      const [later] = await runJobs();
      expect(later!.memories.map((memory) => memory.title)).toEqual(['Picnic by the weir', "Sam's secret recipe"]);
      expect(later!.cover?.storageKey).toBe((await photosOf(ids.picnic))[0]!.displayKey);
      expect((await bookRow(t, narrowed))!.memories).toBe(2);
    } finally {
      await t.ctx.db.insertInto('memory_shares').values({ memory_id: ids.letters, user_id: sam.user.id }).execute();
    }
  });

  it('writes its progress to the row as the renderer reports it, and 100 once ready', async () => {
    const id = await askForBook();
    const reported = deferred();
    const carryOn = deferred();
    const render = standInRenderer(async (_doc, options) => {
      await options.onProgress(0.1);
      await options.onProgress(0.37);
      reported.resolve();
      await carryOn.promise;
    });
    const running = runJobs(render);
    await reported.promise;
    expect(await bookRow(t, id)).toMatchObject({ status: 'rendering', progress: 37 });
    expect((await calls.get(id, sam)).json()).toMatchObject({ status: 'rendering', progress: 37 });
    carryOn.resolve();
    await running;
    expect(await bookRow(t, id)).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('throws its work away when the book is deleted while it is made: no row, no file, the job done', async () => {
    const id = await askForBook();
    const started = deferred();
    const carryOn = deferred();
    const render = standInRenderer(async (_doc, options) => {
      started.resolve();
      await carryOn.promise;
      await options.onProgress(0.9);
    });
    const running = runJobs(render);
    await started.promise;
    expect((await calls.remove(id, sam)).statusCode).toBe(204);
    carryOn.resolve();
    await running;
    expect([await bookRow(t, id), await t.ctx.media.exists(bookFileKey(id))]).toEqual([undefined, false]);
    expect((await bookJobs(t)).find((job) => job.payload.bookId === id)?.state).toBe('done');

    // A book deleted before its job's turn: the job ends quietly, having rendered nothing.
    const early = await askForBook();
    expect((await calls.remove(early, sam)).statusCode).toBe(204);
    expect(await runJobs()).toEqual([]);
    expect((await bookJobs(t)).find((job) => job.payload.bookId === early)?.state).toBe('done');
  });

  it('ends failed with words for the person, never the error, after every attempt failed', async () => {
    const id = await askForBook();
    let attempts = 0;
    const render = standInRenderer(async (_doc, options) => {
      attempts++;
      await options.onProgress(0.5);
      throw new Error('typst: font not found at /internal/path');
    });
    await runJobs(render);
    expect(attempts).toBe(3);
    expect(await bookRow(t, id)).toMatchObject({ status: 'failed', error: messages.bookFailed, file_key: null });
    expect((await calls.get(id, sam)).json()).toMatchObject({ status: 'failed', error: messages.bookFailed });
    expect((await calls.file(id, sam)).statusCode).toBe(409);
    expect((await bookJobs(t)).find((job) => job.payload.bookId === id)?.state).toBe('failed');
    expect(await t.ctx.media.exists(bookFileKey(id))).toBe(false);
  });

  it('starts over on a retry: a first attempt that fails half-way is followed by a whole book', async () => {
    const id = await askForBook();
    let attempts = 0;
    const render = standInRenderer(async (_doc, options) => {
      attempts++;
      if (attempts === 1) {
        await options.onProgress(0.6);
        throw new Error('The child process died');
      }
      // The second attempt begins at 0 %, not where the first stopped.
      expect((await bookRow(t, id))!.progress).toBe(0);
    });
    const { runner, settle } = bookRunner(t, render.render);
    await runner.drain();
    // Between the attempts the book waits again, from 0 %.
    expect(await bookRow(t, id)).toMatchObject({ status: 'queued', progress: 0, error: null });
    await settle();
    const documents = render.documents;
    expect(attempts).toBe(2);
    expect(documents[0]).toEqual(documents[1]);
    expect(await bookRow(t, id)).toMatchObject({ status: 'ready', progress: 100, error: null });
  });
});
