// A real small book, end to end (issue 24 "Tests"): asked for through the API, made by the
// app's own job with the real renderer, downloaded, and read back with poppler's pdfinfo and
// pdftotext: its titles, comments and teller are printed, another member's private memory is
// not, the row says ready with its pages and bytes, and the requester is told.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { imageOf } from '../media/test-support.js';
import { audioFile, imageFile, memoryFields, wavBytes } from '../memories/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { pdfCodes } from './render/test-support.js';
import { bookCalls, bookJobs, pdfPages, pdfText, postComment, postMemory } from './test-support.js';

describe.each(dialects)('a real book on %s', (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof bookCalls>;
  let sam: MadeUser, ada: MadeUser;
  let timeline: { id: string };
  let shared: string;
  let voice: Buffer;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = bookCalls(t);
    [sam, ada] = await Promise.all([makeUser(t.ctx, { displayName: 'Sam Henderson' }), makeUser(t.ctx, { displayName: 'Ada Henderson' })]);
    await makeFamily(t.ctx, sam.user, { name: 'Henderson Family', members: [ada.user] });
    timeline = await makeTimeline(t.ctx, sam.user, { name: 'The Hendersons', members: [ada.user] });
    const both = [sam.user.id, ada.user.id];
    voice = wavBytes();
    shared = await postMemory(t, ada, [
      ...memoryFields({ title: 'Picnic by the weir', content: 'We took the red blanket.', transcription: 'It was the hottest day of the year.', timelineIds: [timeline.id], sharedWith: both }),
      { name: 'audience', value: 'timeline' },
      imageFile(await imageOf('jpeg', 1200, 900), 'picnic.jpg', 'image/jpeg'),
      audioFile(voice),
    ]);
    await postComment(t, sam, shared, 'I still have that blanket.');
    await postMemory(t, sam, [...memoryFields({ title: 'Granny Olive’s bread', content: 'Knead it for ten minutes.', timelineIds: [timeline.id], sharedWith: [sam.user.id] }), { name: 'audience', value: 'private' }]);
    await postMemory(t, ada, [...memoryFields({ title: 'Zebra crossing secret', content: 'Nobody else knows.', timelineIds: [timeline.id], sharedWith: [ada.user.id] }), { name: 'audience', value: 'private' }]);
  });
  afterAll(() => t.close());

  it("makes the requester's book with what he may view, downloadable, and tells him", { timeout: 120_000 }, async () => {
    const asked = await calls.create({ timelineId: timeline.id, title: 'Our Year by the River' }, sam);
    expect(asked.statusCode).toBe(202);
    const { id } = asked.json<{ id: string }>();
    await t.settleJobs();

    const made = (await calls.get(id, sam)).json<{ status: string; progress: number; pages: number; bytes: number; memories: number; error: string | null }>();
    expect(made, JSON.stringify((await bookJobs(t)).map((job) => [job.state, job.last_error]))).toMatchObject({ status: 'ready', progress: 100, memories: 2, error: null });
    const pdf = await calls.file(id, sam);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(made.bytes).toBe(pdf.rawPayload.length);
    expect(made.pages).toBe(pdfPages(pdf.rawPayload));

    // pdftotext joins a title's words as set; spaces collapsed, so a line break reads as one.
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    for (const words of ['Our Year by the River', 'Henderson Family', 'Picnic by the weir', 'Granny Olive’s bread', 'It was the hottest day of the year.', 'I still have that blanket.', 'Ada Henderson']) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('Zebra crossing secret');
    expect(text).not.toContain('Nobody else knows');

    const notices = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: sam.cookie } })).json<{ title: string; message: string }[]>();
    expect(notices).toContainEqual(expect.objectContaining({ title: messages.bookReadyTitle, message: messages.bookReadyMessage('Our Year by the River') }));

    // The printed code, scanned from the page as a phone would, plays the voice to anyone holding
    // the book: no cookie, no account. Its teller stops it, and the same code plays nothing.
    const workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-codes-'));
    try {
      const file = join(workDir, 'book.pdf');
      await writeFile(file, pdf.rawPayload);
      const codes = [...(await pdfCodes(file, workDir)).values()].flat();
      expect(codes).toHaveLength(1);
      const code = new URL(codes[0]!);
      expect(`${code.origin}/`).toBe(new URL('/', t.ctx.config.publicUrl).href);
      expect(code.pathname).toMatch(/^\/listen\/[A-Za-z0-9_-]{43}$/);
      const page = await t.app.inject({ method: 'GET', url: code.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Picnic by the weir');
      const token = code.pathname.split('/').at(-1)!;
      const listen = (await t.app.inject({ method: 'GET', url: `/api/listen/${token}` })).json<{ recordings: { url: string }[] }>();
      expect(listen.recordings).toHaveLength(1);
      const played = await t.app.inject({ method: 'GET', url: listen.recordings[0]!.url });
      expect([played.statusCode, Buffer.compare(played.rawPayload, voice)]).toEqual([200, 0]);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/memories/${shared}/listen-links`, headers: { cookie: ada.cookie } })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: code.pathname })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: listen.recordings[0]!.url })).statusCode).toBe(404);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
