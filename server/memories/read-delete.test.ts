import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody, imageOf } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeFamily, makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { audioFile, imageFile, memoryFields, mp4Bytes, videoThumbnailFile, wavBytes } from './test-support.js';

const memoryNotFound = { message: 'Memory not found' };

describe.each(dialects)('reading and deleting memories on %s', (dialect) => {
  let t: TestApp;
  /** A memory with every kind of media, by `creator`, shared with `shared` but not `member`, both on its timeline. */
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let memory: { id: string; images: { url: string; thumbnailUrl: string; originalUrl: string }[]; audioUrl: string; videos: { url: string; thumbnailUrl: string | null }[] };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] });
    const video = await makeDirectUpload(t.ctx, creator.user, mp4Bytes());
    const { payload, headers } = await formBody([
      ...memoryFields({ timelineIds: [timeline.id], sharedWith: [shared.user.id], directVideoUrls: [video.url] }),
      imageFile(await imageOf('png')),
      audioFile(wavBytes()),
      videoThumbnailFile(await imageOf('jpeg', 320, 180)),
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(created.statusCode).toBe(201);
    memory = created.json();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'DELETE', url: string, who?: MadeUser) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
  const mediaUrls = () => [memory.images[0]!.url, memory.images[0]!.thumbnailUrl, memory.images[0]!.originalUrl, memory.audioUrl, memory.videos[0]!.url, memory.videos[0]!.thumbnailUrl!];

  describe('who may view a memory (DESIGN "Memory view": its creator and sharedWith; being on the timeline is not enough)', () => {
    it.each([
      ['its creator', () => creator, true],
      ['a member it is shared with', () => shared, false],
    ])('shows it to %s, in the list and alone, with its media bytes', async (_, who, isCreator) => {
      const one = await call('GET', `/api/memories/${memory.id}`, who());
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual({ ...memory, abilities: { canEdit: isCreator, canDelete: isCreator, canShare: isCreator } });
      const list = await call('GET', '/api/memories', who());
      expect(list.json().map((item: { id: string }) => item.id)).toContain(memory.id);
      for (const url of mediaUrls()) expect((await call('GET', url, who())).statusCode).toBe(200);
    });

    it.each([
      ['a member of its timeline it is not shared with', () => member],
      ['a stranger', () => stranger],
    ])('hides it from %s: 404, absent from the list, media 404', async (_, who) => {
      const one = await call('GET', `/api/memories/${memory.id}`, who());
      expect([one.statusCode, one.json()]).toEqual([404, memoryNotFound]);
      const list = await call('GET', '/api/memories', who());
      expect(list.statusCode).toBe(200);
      expect(list.json().map((item: { id: string }) => item.id)).not.toContain(memory.id);
      for (const url of mediaUrls()) expect((await call('GET', url, who())).statusCode).toBe(404);
    });

    it('answers 401 signed out, and 404 for its media', async () => {
      for (const url of [`/api/memories/${memory.id}`, '/api/memories']) {
        const response = await call('GET', url);
        expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
      }
      for (const url of mediaUrls()) expect((await call('GET', url)).statusCode).toBe(404);
    });

    it('lists only what the caller may view, newest first', async () => {
      const reader = await makeUser(t.ctx);
      const writer = await makeUser(t.ctx);
      const older = await makeMemory(t.ctx, writer.user, { title: 'Older', sharedWith: [reader.user] });
      t.advance(60_000);
      await makeMemory(t.ctx, writer.user, { title: 'Not shared' });
      t.advance(60_000);
      const own = await makeMemory(t.ctx, reader.user, { title: 'Mine' });
      t.advance(60_000);
      const newer = await makeMemory(t.ctx, writer.user, { title: 'Newer', sharedWith: [reader.user] });
      const list = await call('GET', '/api/memories', reader);
      expect(list.json().map((item: { id: string; title: string }) => [item.id, item.title])).toEqual([
        [newer.id, 'Newer'],
        [own.id, 'Mine'],
        [older.id, 'Older'],
      ]);
      expect(list.json()[0]).toMatchObject({ userId: writer.user.id, creator: { id: writer.user.id }, abilities: { canEdit: false, canDelete: false }, images: [], videos: [], audioUrl: null });
    });
  });

  describe('DELETE /api/memories/:id (DESIGN "Who may do what": the creator only)', () => {
    it('refuses a viewer with 403, a member it is not shared with and a stranger with 404, and the signed out with 401', async () => {
      const byViewer = await call('DELETE', `/api/memories/${memory.id}`, shared);
      expect([byViewer.statusCode, byViewer.json()]).toEqual([403, { message: messages.memoryCreatorOnly }]);
      for (const who of [member, stranger]) {
        const response = await call('DELETE', `/api/memories/${memory.id}`, who);
        expect([response.statusCode, response.json()]).toEqual([404, memoryNotFound]);
      }
      expect((await call('DELETE', `/api/memories/${memory.id}`)).statusCode).toBe(401);
      expect((await call('GET', `/api/memories/${memory.id}`, creator)).statusCode).toBe(200);
    });

    it('lets the creator delete it: its rows and every file go', async () => {
      const keys = mediaUrls().map((url) => url.slice('/uploads/'.length));
      for (const key of keys) expect(await t.ctx.media.exists(key)).toBe(true);
      const response = await call('DELETE', `/api/memories/${memory.id}`, creator);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);

      expect((await call('GET', `/api/memories/${memory.id}`, creator)).statusCode).toBe(404);
      for (const key of keys) expect(await t.ctx.media.exists(key)).toBe(false);
      for (const table of ['memory_timelines', 'memory_shares', 'media'] as const) {
        expect(await t.ctx.db.selectFrom(table).select('memory_id').where('memory_id', '=', memory.id).execute()).toEqual([]);
      }
      expect(await t.ctx.db.selectFrom('uploads').select('storage_key').where('storage_key', 'in', keys).execute()).toEqual([]);
      expect((await call('DELETE', `/api/memories/${memory.id}`, creator)).statusCode).toBe(404);
    });
  });

  describe('GET /api/users/:id (DESIGN "Edge decisions": who may read whom)', () => {
    const person = (who: MadeUser) => ({ id: who.user.id, displayName: 'Test Person', firstName: null, lastName: null, email: who.user.email, profileImageUrl: null, isStoryteller: false });

    it('answers for oneself, a timeline co-member, a family member and the creator of a memory one may view', async () => {
      const [caller, coMember, relative, author] = await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)));
      await makeTimeline(t.ctx, coMember!.user, { members: [caller!.user] });
      await makeFamily(t.ctx, relative!.user, { members: [caller!.user] });
      await makeMemory(t.ctx, author!.user, { sharedWith: [caller!.user] });
      for (const who of [caller!, coMember!, relative!, author!]) {
        const response = await call('GET', `/api/users/${who.user.id}`, caller);
        expect([response.statusCode, response.json()]).toEqual([200, person(who)]);
      }
    });

    it('answers 404 for anyone else, whether or not they exist, and 401 signed out', async () => {
      const [caller, other, author] = await Promise.all([1, 2, 3].map(() => makeUser(t.ctx)));
      await makeMemory(t.ctx, author!.user, { sharedWith: [] });
      for (const id of [other!.user.id, author!.user.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await call('GET', `/api/users/${id}`, caller);
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'User not found' }]);
      }
      expect((await call('GET', `/api/users/${other!.user.id}`)).statusCode).toBe(401);
    });
  });
});
