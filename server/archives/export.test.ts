// GET /api/memories/{id}/export (memories §3 "Export metadata file", §5 "Export", §7 "Single
// memory export"): the zip unzipped and compared entry by entry, who may take it home, and a
// file missing from storage left out of an archive that still opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { entryBytes, entryJson, entryNames, FULL_MEMORY_ENTRIES, type FullMemory, keyOf, makeFullMemory, testWithInfoZip, unzip, utf8FileName } from './test-support.js';

/** The clock of the whole file: sessions, memories and the time of export. */
const NOW = '2026-11-20T23:10:00.000Z';

describe.each(dialects)('GET /api/memories/{id}/export on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let lake: { id: string; name: string }, holidays: { id: string; name: string };
  let full: FullMemory;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    t.ctx.now = () => new Date(NOW);
    creator = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    shared = await makeUser(t.ctx, { displayName: 'Ann' });
    member = await makeUser(t.ctx);
    stranger = await makeUser(t.ctx);
    lake = await makeTimeline(t.ctx, creator.user, { name: 'Lake house', members: [shared.user, member.user] });
    // The shared viewer is not on this one: its name is not theirs to read.
    holidays = await makeTimeline(t.ctx, creator.user, { name: 'Holidays' });
    full = await makeFullMemory(t, creator, shared, {
      title: 'Été au lac — 1987!',
      timelineIds: [lake.id, holidays.id],
      sharedWith: [shared.user.id],
      createdAt: '2024-03-05T23:30:00.000Z',
      tags: ['lake', 'family'],
    });
  });
  afterAll(() => t.close());

  const download = (id: string, who?: MadeUser, query = '?tz=Europe/Paris') =>
    t.app.inject({ method: 'GET', url: `/api/memories/${id}/export${query}`, headers: who ? { cookie: who.cookie } : {} });

  const expectedText = (timelines: string) => `Title: Été au lac — 1987!
ID: ${full.memory.id}
Date: March 6, 2024 at 12:30 AM (Europe/Paris)
Creator: Grandma Rose
Timeline: ${timelines}

Transcription:
The water was cold

Notes:
We rowed to the island.

Q: Who was there?
A: All of us.

Comments:
1. Ann, March 6, 2024 at 1:30 AM (Europe/Paris)
Text: What a day that was!

2. Grandma Rose, March 6, 2024 at 2:30 AM (Europe/Paris)
Transcription: Me again
Voice message: media/comment_audio/comment_2.webm

Tags: family, lake
`;

  it("gives the creator the zip of memories §7: its name, every entry stored, media byte for byte, Content-Length exact", async () => {
    const response = await download(full.memory.id, creator);
    expect(response.statusCode).toBe(200);
    const name = `memory_${full.memory.id}__t__au_lac___1987__2026_11_21_0010.zip`;
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(response.headers['cache-control']).toBe('private, no-store');

    const entries = await unzip(response.rawPayload);
    expect(entryNames(entries)).toEqual(FULL_MEMORY_ENTRIES);
    expect(entries.every((entry) => entry.method === 0 && entry.crcMatches)).toBe(true);
    testWithInfoZip(response.rawPayload);
    const { files } = full;
    expect(entryBytes(entries, 'media/images/image_1.png')!.equals(files.png)).toBe(true);
    expect(entryBytes(entries, 'media/images/image_2.gif')!.equals(files.gif)).toBe(true);
    expect(entryBytes(entries, 'media/videos/video_1.mp4')!.equals(files.mp4)).toBe(true);
    expect(entryBytes(entries, 'media/audio/memory_recording.wav')!.equals(files.recording)).toBe(true);
    expect(entryBytes(entries, 'media/audio/follow_up_answer_2.wav')!.equals(files.answer)).toBe(true);
    expect(entryBytes(entries, 'media/comment_audio/comment_2.webm')!.equals(files.voiceComment)).toBe(true);
    expect(entryBytes(entries, 'memory_content.txt')!.toString('utf8')).toBe(expectedText('Holidays, Lake house'));
  });

  it("writes metadata.json with exactly the fields of memories §3 and version '1.0'", async () => {
    const entries = await unzip((await download(full.memory.id, creator)).rawPayload);
    const { memory } = full;
    const comments = (await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/comments`, headers: { cookie: creator.cookie } })).json();
    expect(entryJson(entries, 'metadata.json')).toStrictEqual({
      memory: {
        id: memory.id,
        title: 'Été au lac — 1987!',
        content: memory.content,
        transcription: 'The water was cold',
        tags: ['family', 'lake'],
        createdAt: '2024-03-05T23:30:00.000Z',
        updatedAt: memory.updatedAt,
        userId: creator.user.id,
        familyId: null,
        timeline: { id: holidays.id, name: 'Holidays' },
      },
      media: { images: memory.images, videos: memory.videos, audioUrl: memory.audioUrl },
      comments: [
        {
          id: comments[0].id,
          content: 'What a day that was!',
          transcription: null,
          audioUrl: null,
          createdAt: '2024-03-06T00:30:00.000Z',
          user: { id: shared.user.id, displayName: 'Ann', email: shared.user.email },
        },
        {
          id: comments[1].id,
          content: null,
          transcription: 'Me again',
          audioUrl: comments[1].audioUrl,
          createdAt: '2024-03-06T01:30:00.000Z',
          user: { id: creator.user.id, displayName: 'Grandma Rose', email: creator.user.email },
        },
      ],
      exportedAt: NOW,
      version: '1.0',
    });
  });

  it('lets a viewer it is shared with take it home, naming only the timelines they are on', async () => {
    const response = await download(full.memory.id, shared);
    expect(response.statusCode).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect(entryBytes(entries, 'memory_content.txt')!.toString('utf8')).toBe(expectedText('Lake house'));
    expect((entryJson(entries, 'metadata.json') as { memory: { timeline: unknown } }).memory.timeline).toEqual({ id: lake.id, name: 'Lake house' });
    expect(entries).toHaveLength(8);
  });

  it('answers 404 to a timeline member it is not shared with, a stranger and an unknown id; 401 signed out', async () => {
    for (const who of [member, stranger]) {
      const response = await download(full.memory.id, who);
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.memoryNotFound }]);
    }
    const unknown = await download('00000000-0000-4000-8000-000000000000', creator);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: messages.memoryNotFound }]);
    const signedOut = await download(full.memory.id);
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
  });

  it('names the zip in UTC without tz, and refuses a zone that is not IANA', async () => {
    const utc = await download(full.memory.id, creator, '');
    expect(utf8FileName(utc.headers['content-disposition'] as string)).toBe(`memory_${full.memory.id}__t__au_lac___1987__2026_11_20_2310.zip`);
    const bad = await download(full.memory.id, creator, '?tz=Mars/Olympus');
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: messages.timeZoneInvalid }]);
  });

  it('leaves out a media file missing from storage and still answers a whole, valid archive', async () => {
    const other = await makeFullMemory(t, creator, shared, { title: 'Gone', timelineIds: [lake.id], sharedWith: [shared.user.id], createdAt: '2024-04-01T10:00:00.000Z', tags: [] });
    await t.ctx.media.delete(keyOf(other.memory.images[1]!.originalUrl));
    await t.ctx.media.delete(keyOf(other.memory.videos[0]!.url));
    const response = await download(other.memory.id, creator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    const entries = await unzip(response.rawPayload);
    expect(entryNames(entries)).toEqual([
      'metadata.json',
      'memory_content.txt',
      'media/images/image_1.png',
      'media/audio/memory_recording.wav',
      'media/audio/follow_up_answer_2.wav',
      'media/comment_audio/comment_2.webm',
    ]);
    expect(entryBytes(entries, 'media/images/image_1.png')!.equals(other.files.png)).toBe(true);
  });

  it('writes a memory without media or comments as its two files, the empty sections saying so', async () => {
    const plain = await makeMemory(t.ctx, creator.user, { title: 'Just a title', timelineIds: [lake.id] });
    const entries = await unzip((await download(plain.id, creator, '?tz=UTC')).rawPayload);
    expect(entryNames(entries)).toEqual(['metadata.json', 'memory_content.txt']);
    expect(entryBytes(entries, 'memory_content.txt')!.toString('utf8')).toBe(`Title: Just a title
ID: ${plain.id}
Date: November 20, 2026 at 11:10 PM (UTC)
Creator: Grandma Rose
Timeline: Lake house

Transcription:
(none)

Notes:
(none)

Comments:
(none)

Tags: (none)
`);
  });
});
