import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody, imageOf } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { imageFile, memoryFields } from './test-support.js';

describe.each(dialects)("a memory's timelines and sharing on %s", (dialect) => {
  let t: TestApp;
  /** `creator` files memories on `home` (with `shared` and `member`) and may use `away` (with `cousin`); `elsewhere` is not theirs. */
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser, cousin: MadeUser;
  let home: { id: string }, away: { id: string }, elsewhere: { id: string };
  let photo: Buffer;
  let memory: { id: string; images: { url: string; thumbnailUrl: string; originalUrl: string }[] };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger, cousin] = (await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(t.ctx, { displayName: 'Grandma Rose' })))) as MadeUser[] as [
      MadeUser,
      MadeUser,
      MadeUser,
      MadeUser,
      MadeUser,
    ];
    home = await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] });
    away = await makeTimeline(t.ctx, creator.user, { members: [cousin.user] });
    elsewhere = await makeTimeline(t.ctx, stranger.user);
    photo = await imageOf('png');
  });
  afterAll(() => t.close());

  /** A fresh memory with a photo, on `home`, shared with `shared`. */
  beforeEach(async () => {
    const { payload, headers } = await formBody([...memoryFields({ title: 'First snow', timelineIds: [home.id], sharedWith: [shared.user.id] }), imageFile(photo)]);
    const created = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(created.statusCode).toBe(201);
    memory = created.json();
  });

  const send = (method: 'PATCH' | 'POST', url: string, who: MadeUser | undefined, payload: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });
  const retime = (who: MadeUser | undefined, payload: unknown) => send('PATCH', `/api/memories/${memory.id}/timelines`, who, payload);
  const share = (who: MadeUser | undefined, payload: unknown) => send('POST', `/api/memories/${memory.id}/share`, who, payload);
  const get = (url: string, who: MadeUser) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const stored = async () => ({
    timelineIds: (await t.ctx.db.selectFrom('memory_timelines').select('timeline_id').where('memory_id', '=', memory.id).execute()).map((row) => row.timeline_id).sort(),
    sharedWith: (await t.ctx.db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', memory.id).execute()).map((row) => row.user_id).sort(),
  });
  const noticesFor = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', userId).where('related_memory_id', '=', memory.id).execute();
  const photoUrls = () => [memory.images[0]!.url, memory.images[0]!.thumbnailUrl, memory.images[0]!.originalUrl];
  const sorted = (...users: MadeUser[]) => users.map((user) => user.user.id).sort();

  /** The refusals every call shares: owner only, 404 to whoever cannot see the memory, 401 signed out. */
  const refusals = (call: (who: MadeUser | undefined, payload: unknown) => Promise<{ statusCode: number; json(): unknown }>, payload: () => unknown) => {
    it.each([
      ['a viewer it is shared with', (): MadeUser | undefined => shared, 403, messages.memoryCreatorOnly],
      ['a member of its timeline it is not shared with', (): MadeUser | undefined => member, 404, messages.memoryNotFound],
      ['a stranger', (): MadeUser | undefined => stranger, 404, messages.memoryNotFound],
      ['a signed-out visitor', (): MadeUser | undefined => undefined, 401, messages.signedOut],
    ])('refuses %s and changes nothing', async (_, who, status, message) => {
      const before = await stored();
      const response = await call(who(), payload());
      expect([response.statusCode, response.json()]).toEqual([status, { message }]);
      expect(await stored()).toEqual(before);
    });
  };

  describe('PATCH /api/memories/{id}/timelines', () => {
    it('files it on both timelines and keeps who it is shared with', async () => {
      const response = await retime(creator, { timelineIds: [home.id, away.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: memory.id, timelineIds: [home.id, away.id].sort(), sharedWith: sorted(creator, shared) });
      expect(await stored()).toEqual({ timelineIds: [home.id, away.id].sort(), sharedWith: sorted(creator, shared) });
    });

    it('moves it to another timeline and takes those who are not its members out of sharedWith, at once', async () => {
      const response = await retime(creator, { timelineIds: [away.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ timelineIds: [away.id], sharedWith: [creator.user.id] });
      expect(await stored()).toEqual({ timelineIds: [away.id], sharedWith: [creator.user.id] });
      expect((await get(`/api/memories/${memory.id}`, shared)).statusCode).toBe(404);
      for (const url of photoUrls()) expect((await get(url, shared)).statusCode).toBe(404);
    });

    it("answers 404 'Timeline not found' for a timeline the creator does not belong to, and changes nothing", async () => {
      const before = await stored();
      const response = await retime(creator, { timelineIds: [away.id, elsewhere.id] });
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.timelineNotFound }]);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['an empty list', { timelineIds: [] }, messages.memoryTimelineRequired],
      ['no list', {}, messages.memoryIdListInvalid('timelineIds')],
      ['text', { timelineIds: 'a-timeline-id' }, messages.memoryIdListInvalid('timelineIds')],
    ])('refuses %s with 400 and changes nothing', async (_, payload, message) => {
      const before = await stored();
      const response = await retime(creator, payload);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      expect(await stored()).toEqual(before);
    });

    refusals(retime, () => ({ timelineIds: [home.id, away.id] }));
  });

  describe('POST /api/memories/{id}/share', () => {
    it('shares it with another member, who hears of it once; the creator stays in sharedWith without being sent', async () => {
      const response = await share(creator, { userIds: [shared.user.id, member.user.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: memory.id, sharedWith: sorted(creator, shared, member) });
      expect(await stored()).toMatchObject({ sharedWith: sorted(creator, shared, member) });
      expect(await noticesFor(member.user.id)).toEqual([{ type: 'memory_shared', title: 'New memory shared', message: 'Grandma Rose shared "First snow" with you' }]);
      // Already in sharedWith: told when the memory was made, not again.
      expect(await noticesFor(shared.user.id)).toHaveLength(1);
      expect((await get(`/api/memories/${memory.id}`, member)).statusCode).toBe(200);
      for (const url of photoUrls()) expect((await get(url, member)).statusCode).toBe(200);

      const again = await share(creator, { userIds: [creator.user.id, shared.user.id, member.user.id] });
      expect(again.statusCode).toBe(200);
      expect(await noticesFor(member.user.id)).toHaveLength(1);
    });

    it('makes it private: those removed lose the memory and its photo at once', async () => {
      for (const url of photoUrls()) expect((await get(url, shared)).statusCode).toBe(200);
      const response = await share(creator, { userIds: [creator.user.id] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ sharedWith: [creator.user.id] });
      expect((await get(`/api/memories/${memory.id}`, shared)).statusCode).toBe(404);
      for (const url of photoUrls()) expect((await get(url, shared)).statusCode).toBe(404);
      expect((await get('/api/memories', shared)).json().map((item: { id: string }) => item.id)).not.toContain(memory.id);
      expect((await share(creator, { userIds: [] })).json()).toMatchObject({ sharedWith: [creator.user.id] });
    });

    it.each([
      ['a stranger', () => stranger.user.id],
      ['a member of another of the creator’s timelines', () => cousin.user.id],
    ])('refuses to share with %s: 400, nothing changes and nobody is told', async (_, userId) => {
      const before = await stored();
      const response = await share(creator, { userIds: [member.user.id, userId()] });
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.sharedWithNotMember }]);
      expect(await stored()).toEqual(before);
      expect(await noticesFor(member.user.id)).toEqual([]);
    });

    it('refuses a body without a list of ids with 400', async () => {
      const before = await stored();
      const response = await share(creator, { userIds: 'everyone' });
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.memoryIdListInvalid('userIds') }]);
      expect(await stored()).toEqual(before);
    });

    refusals(share, () => ({ userIds: [shared.user.id, member.user.id] }));
  });
});
