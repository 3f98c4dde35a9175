// GET /api/bulk-download/memories and GET /api/bulk-download/archive (memories §3, §5 "Bulk
// download", §7 "Bulk export"; DESIGN "Archives", "Edge decisions"): the preview, the month
// taken on the caller's clock, one inner zip per memory with the bulk metadata, and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryArchiveName } from '../../common/archives.js';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { entryBytes, entryJson, entryNames, FULL_MEMORY_ENTRIES, type FullMemory, makeFullMemory, testWithInfoZip, unzip, utf8FileName } from './test-support.js';

const NOW = '2026-11-20T23:10:00.000Z';

describe.each(dialects)('bulk download on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let lake: { id: string }, holidays: { id: string };
  /** Shared with `shared`; 1 March 00:30 in Paris, 29 February in UTC. */
  let leapNight: FullMemory;
  /** Private; 1 March in both zones. */
  let firstOfMarch: { id: string; title: string };
  /** Shared; 31 March in UTC, 1 April in Paris. */
  let lastNight: { id: string; title: string };
  /** Shared, on the holidays timeline only; 15 March. */
  let midMarch: { id: string; title: string };

  const setDate = (id: string, at: string) => t.ctx.db.updateTable('memories').set({ created_at: at }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    t.ctx.now = () => new Date(NOW);
    creator = await makeUser(t.ctx, { displayName: 'Grandma Rose', lastName: 'Rose' });
    shared = await makeUser(t.ctx, { displayName: 'Ann' });
    member = await makeUser(t.ctx);
    stranger = await makeUser(t.ctx);
    await makeFamily(t.ctx, creator.user, { name: 'Rosé Family', members: [shared.user] });
    lake = await makeTimeline(t.ctx, creator.user, { name: 'Lake house', members: [shared.user, member.user] });
    holidays = await makeTimeline(t.ctx, creator.user, { name: 'Holidays', members: [shared.user] });
    leapNight = await makeFullMemory(t, creator, shared, {
      title: 'Leap night',
      timelineIds: [lake.id],
      sharedWith: [shared.user.id],
      createdAt: '2024-02-29T23:30:00.000Z',
      tags: ['night'],
    });
    firstOfMarch = await makeMemory(t.ctx, creator.user, { title: 'First of March', timelineIds: [lake.id] });
    await setDate(firstOfMarch.id, '2024-03-01T00:30:00.000Z');
    lastNight = await makeMemory(t.ctx, creator.user, { title: 'Last night', timelineIds: [lake.id], sharedWith: [shared.user] });
    await setDate(lastNight.id, '2024-03-31T22:30:00.000Z');
    midMarch = await makeMemory(t.ctx, creator.user, { title: 'Mid March', timelineIds: [holidays.id], sharedWith: [shared.user] });
    await setDate(midMarch.id, '2024-03-15T12:00:00.000Z');
  });
  afterAll(() => t.close());

  const get = (url: string, who?: MadeUser) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const month = (query: string, who?: MadeUser) => get(`/api/bulk-download/archive?${query}`, who);
  const memoryJson = async (id: string): Promise<Memory> => (await get(`/api/memories/${id}`, creator)).json();

  describe('GET /api/bulk-download/memories (the preview)', () => {
    const range = 'start=2024-03-01T00:00:00%2B01:00&end=2024-03-31T23:59:59.999%2B02:00';

    it('lists every memory the caller may view in the range, newest first, as the memory JSON', async () => {
      const response = await get(`/api/bulk-download/memories?${range}`, creator);
      expect(response.statusCode).toBe(200);
      const ids = [midMarch.id, firstOfMarch.id, leapNight.memory.id];
      expect(response.json()).toEqual(await Promise.all(ids.map(memoryJson)));
    });

    it('shows a viewer only what is shared with them, others nothing, and answers 401 signed out', async () => {
      const listed = (who: MadeUser) => get(`/api/bulk-download/memories?${range}`, who).then((response) => response.json().map((each: Memory) => each.id));
      expect(await listed(shared)).toEqual([midMarch.id, leapNight.memory.id]);
      expect(await listed(member)).toEqual([]);
      expect(await listed(stranger)).toEqual([]);
      const signedOut = await get(`/api/bulk-download/memories?${range}`);
      expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
    });

    it('refuses a missing or malformed start or end, and a start after the end, in words', async () => {
      const cases: [string, string][] = [
        ['end=2024-03-31T00:00:00Z', messages.archiveRangeInvalid('start')],
        ['start=2024-03-01&end=2024-03-31T00:00:00Z', messages.archiveRangeInvalid('start')],
        ['start=2024-03-01T00:00:00Z&end=yesterday', messages.archiveRangeInvalid('end')],
        ['start=2024-03-31T00:00:00Z&end=2024-03-01T00:00:00Z', messages.bulkStartAfterEnd],
      ];
      for (const [query, message] of cases) {
        const response = await get(`/api/bulk-download/memories?${query}`, creator);
        expect([query, response.statusCode, response.json()]).toEqual([query, 400, { message }]);
      }
    });
  });

  describe('GET /api/bulk-download/archive (one month)', () => {
    it('holds the month on the clock of tz, newest first, one stored inner zip per memory, named for the family', async () => {
      const response = await month('month=2024-03&tz=Europe/Paris', creator);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(utf8FileName(response.headers['content-disposition'] as string)).toBe('ros__family_memories_2024_03_March_2024.zip');
      const outer = await unzip(response.rawPayload);
      const at = new Date(NOW);
      expect(entryNames(outer)).toEqual([
        memoryArchiveName(midMarch.id, 'Mid March', at, 'Europe/Paris'),
        memoryArchiveName(firstOfMarch.id, 'First of March', at, 'Europe/Paris'),
        memoryArchiveName(leapNight.memory.id, 'Leap night', at, 'Europe/Paris'),
      ]);
      expect(entryNames(outer)[2]).toBe(`memory_${leapNight.memory.id}_leap_night_2026_11_21_0010.zip`);
      expect(outer.every((entry) => entry.method === 0 && entry.crcMatches)).toBe(true);
      testWithInfoZip(response.rawPayload);

      const inner = await unzip(outer[2]!.bytes);
      expect(entryNames(inner)).toEqual(FULL_MEMORY_ENTRIES);
      expect(inner.every((entry) => entry.method === 0 && entry.crcMatches)).toBe(true);
      testWithInfoZip(outer[2]!.bytes);
      expect(entryBytes(inner, 'media/videos/video_1.mp4')!.equals(leapNight.files.mp4)).toBe(true);
      expect(entryBytes(inner, 'media/comment_audio/comment_2.webm')!.equals(leapNight.files.voiceComment)).toBe(true);
      expect(entryBytes(inner, 'memory_content.txt')!.toString('utf8')).toContain('Date: March 1, 2024 at 12:30 AM (Europe/Paris)\nCreator: Grandma Rose\nTimeline: Lake house\n');
    });

    it('writes the bulk metadata of memories §3: the full comment list and the creator record, no version', async () => {
      const outer = await unzip((await month('month=2024-03&tz=Europe/Paris', creator)).rawPayload);
      const inner = await unzip(outer[2]!.bytes);
      const { memory } = leapNight;
      const comments = (await get(`/api/memories/${memory.id}/comments`, creator)).json();
      expect(entryJson(inner, 'metadata.json')).toStrictEqual({
        memory: {
          id: memory.id,
          title: 'Leap night',
          content: memory.content,
          transcription: memory.transcription,
          tags: ['night'],
          createdAt: '2024-02-29T23:30:00.000Z',
          updatedAt: memory.updatedAt,
          userId: creator.user.id,
          familyId: memory.familyId,
          timeline: { id: lake.id, name: 'Lake house' },
        },
        media: { images: memory.images, videos: memory.videos, audioUrl: memory.audioUrl },
        comments: comments.map(({ id, userId, content, transcription, audioUrl, createdAt, user }: Record<string, unknown>) => ({ id, userId, content, transcription, audioUrl, createdAt, user })),
        creator: memory.creator,
        exportedAt: NOW,
      });
      expect(comments[0].user).toEqual({ id: shared.user.id, displayName: 'Ann', firstName: null, lastName: null, email: shared.user.email, profileImageUrl: null, isStoryteller: false });
    });

    it('takes the month in UTC without tz, inside start and end when given, on the timeline when given', async () => {
      const names = async (query: string, who = creator) => entryNames(await unzip((await month(query, who)).rawPayload));
      const inner = (id: string, title: string, tz = 'UTC') => memoryArchiveName(id, title, new Date(NOW), tz);
      expect(await names('month=2024-03')).toEqual([inner(lastNight.id, 'Last night'), inner(midMarch.id, 'Mid March'), inner(firstOfMarch.id, 'First of March')]);
      expect(await names('month=2024-03&start=2024-03-01T12:00:00Z&end=2024-03-20T00:00:00Z')).toEqual([inner(midMarch.id, 'Mid March')]);
      expect(await names(`month=2024-03&timelineId=${lake.id}`)).toEqual([inner(lastNight.id, 'Last night'), inner(firstOfMarch.id, 'First of March')]);
      expect(await names('month=2024-02')).toEqual([inner(leapNight.memory.id, 'Leap night')]);
    });

    it('gives a viewer only the memories shared with them; a member not shared with, a stranger: empty month; signed out: 401', async () => {
      const inner = (id: string, title: string) => memoryArchiveName(id, title, new Date(NOW), 'UTC');
      const sharedMonth = await month('month=2024-03', shared);
      expect(utf8FileName(sharedMonth.headers['content-disposition'] as string)).toBe('ros__family_memories_2024_03_March_2024.zip');
      expect(entryNames(await unzip(sharedMonth.rawPayload))).toEqual([inner(lastNight.id, 'Last night'), inner(midMarch.id, 'Mid March')]);
      for (const who of [member, stranger]) {
        const response = await month('month=2024-03', who);
        expect([response.statusCode, response.json()]).toEqual([404, { message: messages.archiveMonthEmpty }]);
      }
      const signedOut = await month('month=2024-03');
      expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
    });

    it("names the archive 'family' for a caller without one, and answers 404 for a timeline they are not on", async () => {
      const loner = await makeUser(t.ctx);
      const own = await makeTimeline(t.ctx, loner.user);
      const memory = await makeMemory(t.ctx, loner.user, { timelineIds: [own.id] });
      await setDate(memory.id, '2024-03-10T10:00:00.000Z');
      const response = await month('month=2024-03', loner);
      expect(utf8FileName(response.headers['content-disposition'] as string)).toBe('family_memories_2024_03_March_2024.zip');
      const notMine = await month(`month=2024-03&timelineId=${own.id}`, stranger);
      expect([notMine.statusCode, notMine.json()]).toEqual([404, { message: messages.timelineNotFound }]);
    });

    it('answers an empty month 404 with its message', async () => {
      const response = await month('month=2023-03', creator);
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.archiveMonthEmpty }]);
    });

    it('refuses a bad month, zone, start or end, or a start after the end, in words', async () => {
      const cases: [string, string][] = [
        ['', messages.archiveMonthInvalid],
        ['month=2024-13', messages.archiveMonthInvalid],
        ['month=2024-3', messages.archiveMonthInvalid],
        ['month=March', messages.archiveMonthInvalid],
        ['month=2024-03&tz=Not/AZone', messages.timeZoneInvalid],
        ['month=2024-03&start=soon', messages.archiveRangeInvalid('start')],
        ['month=2024-03&end=2024-03-31', messages.archiveRangeInvalid('end')],
        ['month=2024-03&start=2024-03-31T00:00:00Z&end=2024-03-01T00:00:00Z', messages.bulkStartAfterEnd],
      ];
      for (const [query, message] of cases) {
        const response = await month(query, creator);
        expect([query, response.statusCode, response.json()]).toEqual([query, 400, { message }]);
      }
    });
  });
});
