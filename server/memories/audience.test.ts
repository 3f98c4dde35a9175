// issue 20 "Who sees a memory" (DESIGN "Who may do what", Memory view, amended 2026-11-25):
// a 'timeline' memory is seen by every member of its timelines, now and later, on every path
// (by id, lists, a timeline's pages, search, spotlight, archives, media bytes, comments); a
// 'people' memory only by those chosen. What a create or a share stores, with and without an
// audience, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { imageOf, formBody, type FormPart } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { imageFile, memoryFields } from './test-support.js';

describe.each(dialects)('who sees a memory on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: MadeUser, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  const get = (url: string, who: MadeUser) => call('GET', url, who);

  async function createMemory(who: MadeUser, fields: Parameters<typeof memoryFields>[0] & { audience?: string }, files: FormPart[] = []) {
    const parts = memoryFields(fields);
    if (fields.audience !== undefined) parts.push({ name: 'audience', value: fields.audience });
    const { payload, headers } = await formBody([...parts, ...files]);
    return t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: who.cookie } });
  }
  async function created(who: MadeUser, fields: Parameters<typeof createMemory>[1], files: FormPart[] = []): Promise<Memory> {
    const response = await createMemory(who, fields, files);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** Joins through an invite link, as a relative does. */
  async function join(timelineId: string, inviter: MadeUser, joiner: MadeUser) {
    const invite = await call('POST', `/api/timelines/${timelineId}/invites`, inviter, {});
    expect(invite.statusCode, invite.body).toBe(201);
    const accepted = await call('POST', `/api/timeline-invite/${(invite.json() as { id: string }).id}/accept`, joiner);
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  async function comment(memoryId: string, who: MadeUser, content: string) {
    const { payload, headers } = await formBody([{ name: 'content', value: content }]);
    return t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload, headers: { ...headers, cookie: who.cookie } });
  }
  const memoryCount = async () => Number((await t.ctx.db.selectFrom('memories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const notificationsOf = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'related_memory_id']).where('user_id', '=', userId).orderBy('created_at').execute();
  const imageKeyOf = (memory: Memory) => memory.images[0]!.url.replace(/^\/uploads\//, '');

  describe('a member who joins later', () => {
    let grandson: MadeUser, grandma: MadeUser, aunt: MadeUser, uncle: MadeUser;
    let timeline: { id: string };
    let aloneMemory: Memory, everyoneMemory: Memory, chosenMemory: Memory;
    let png: Buffer;
    const month = () => aloneMemory.createdAt.slice(0, 7);

    beforeAll(async () => {
      [grandson, grandma, aunt, uncle] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
      timeline = await makeTimeline(t.ctx, grandson.user, { name: 'Our Family' });
      png = await imageOf('png', 8, 8);
      // Saved while the grandson was alone: the wizard's default, every other member (none yet).
      aloneMemory = await created(grandson, { title: 'Picnic by the weir', timelineIds: [timeline.id], audience: 'timeline' }, [imageFile(png)]);
      await join(timeline.id, grandson, grandma);
      await join(timeline.id, grandson, aunt);
      // Shared with both other members, by an old client that sends no audience.
      everyoneMemory = await created(grandson, { title: 'Swimming at the weir', timelineIds: [timeline.id], sharedWith: [grandma.user.id, aunt.user.id] });
      // Shared with one of the two.
      chosenMemory = await created(grandson, { title: 'A boat at the weir', timelineIds: [timeline.id], sharedWith: [grandma.user.id] }, [imageFile(png)]);
      for (const memory of [aloneMemory, chosenMemory]) expect((await comment(memory.id, grandson, `About ${memory.title}`)).statusCode).toBe(201);
      await join(timeline.id, grandson, uncle);
    });

    it('reads the audiences the creates asked for or implied', () => {
      expect([aloneMemory.audience, everyoneMemory.audience, chosenMemory.audience]).toEqual(['timeline', 'timeline', 'people']);
      expect(aloneMemory.sharedWith).toEqual([grandson.user.id]);
    });

    it("shows the 'timeline' memories by id, with the newcomer in their sharedWith, and not the 'people' one", async () => {
      for (const memory of [aloneMemory, everyoneMemory]) {
        const response = await get(`/api/memories/${memory.id}`, uncle);
        expect(response.statusCode, response.body).toBe(200);
        const seen = response.json() as Memory;
        expect(seen.audience).toBe('timeline');
        expect(seen.sharedWith).toEqual([grandson, grandma, aunt, uncle].map(({ user }) => user.id).sort());
      }
      const hidden = await get(`/api/memories/${chosenMemory.id}`, uncle);
      expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: messages.memoryNotFound }]);
      expect((await get(`/api/memories/${chosenMemory.id}`, grandma)).statusCode).toBe(200);
      expect((await get(`/api/memories/${chosenMemory.id}`, grandma)).json().sharedWith).toEqual([grandson.user.id, grandma.user.id].sort());
    });

    it('lists them in GET /api/memories, a page of it, and the timeline page', async () => {
      const ids = (response: { json(): unknown }) => {
        const body = response.json() as Memory[] | { memories: Memory[] };
        return (Array.isArray(body) ? body : body.memories).map((memory) => memory.id).sort();
      };
      const expected = [aloneMemory.id, everyoneMemory.id].sort();
      expect(ids(await get('/api/memories', uncle))).toEqual(expected);
      expect(ids(await get('/api/memories?limit=10', uncle))).toEqual(expected);
      expect(ids(await get(`/api/timelines/${timeline.id}/memories`, uncle))).toEqual(expected);
      expect(ids(await get(`/api/timelines/${timeline.id}/memories?limit=10`, uncle))).toEqual(expected);
      expect(ids(await get(`/api/timelines/${timeline.id}/memories`, aunt))).toEqual(expected);
      expect(ids(await get(`/api/timelines/${timeline.id}/memories`, grandma))).toEqual([...expected, chosenMemory.id].sort());
    });

    it('finds them by search', async () => {
      const response = await get('/api/memories/search?q=weir', uncle);
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Memory[]).map((memory) => memory.id).sort()).toEqual([aloneMemory.id, everyoneMemory.id].sort());
    });

    it('draws the spotlight only from them', async () => {
      const drawn = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const response = await get('/api/memories/spotlight', uncle);
        expect(response.statusCode).toBe(200);
        drawn.add((response.json() as Memory).id);
      }
      expect([...drawn].sort()).toEqual([aloneMemory.id, everyoneMemory.id].sort());
    });

    it('hands them over in a single download, the month preview and the month archive, without the other', async () => {
      for (const memory of [aloneMemory, everyoneMemory]) expect((await get(`/api/memories/${memory.id}/export`, uncle)).statusCode).toBe(200);
      expect((await get(`/api/memories/${chosenMemory.id}/export`, uncle)).statusCode).toBe(404);
      const start = `${month()}-01T00:00:00.000Z`;
      const preview = await get(`/api/bulk-download/memories?start=${start}&end=${new Date(Date.now() + 86_400_000).toISOString()}`, uncle);
      expect((preview.json() as Memory[]).map((memory) => memory.id).sort()).toEqual([aloneMemory.id, everyoneMemory.id].sort());
      const archive = await get(`/api/bulk-download/archive?month=${month()}&timelineId=${timeline.id}`, uncle);
      expect(archive.statusCode).toBe(200);
      // Stored entries (archives/zip.ts): each memory's title is in the bytes as written.
      const bytes = archive.rawPayload;
      expect(bytes.includes(aloneMemory.title)).toBe(true);
      expect(bytes.includes(everyoneMemory.title)).toBe(true);
      expect(bytes.includes(chosenMemory.title)).toBe(false);
    });

    it("serves the photo of a 'timeline' memory and refuses the 'people' one's", async () => {
      const served = await get(`/uploads/${imageKeyOf(aloneMemory)}`, uncle);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBeGreaterThan(0);
      expect((await get(`/uploads/${imageKeyOf(chosenMemory)}`, uncle)).statusCode).toBe(404);
      expect((await get(`/uploads/${imageKeyOf(chosenMemory)}`, grandma)).statusCode).toBe(200);
    });

    it("shows the comments of a 'timeline' memory and refuses the 'people' one's", async () => {
      const comments = await get(`/api/memories/${aloneMemory.id}/comments`, uncle);
      expect(comments.statusCode).toBe(200);
      expect((comments.json() as { content: string }[]).map((comment) => comment.content)).toEqual([`About ${aloneMemory.title}`]);
      expect((await get(`/api/memories/${chosenMemory.id}/comments`, uncle)).statusCode).toBe(404);
    });

    it('told nobody when they joined, and tells the newcomer of a comment once they have commented', async () => {
      expect(await notificationsOf(uncle.user.id)).toEqual([]);
      expect((await comment(aloneMemory.id, uncle, 'I was there too')).statusCode).toBe(201);
      expect((await comment(aloneMemory.id, grandson, 'So you were')).statusCode).toBe(201);
      expect(await notificationsOf(uncle.user.id)).toEqual([{ type: 'comment_added', related_memory_id: aloneMemory.id }]);
    });
  });

  describe('leaving ends it', () => {
    async function family() {
      const [owner, relative, other] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
      const home = await makeTimeline(t.ctx, owner.user, { name: 'Home', members: [other.user] });
      const cousins = await makeTimeline(t.ctx, owner.user, { name: 'Cousins' });
      const forEveryone = await created(owner, { title: 'Harvest supper', timelineIds: [home.id, cousins.id], audience: 'timeline' });
      const forOne = await created(owner, { title: 'Quiet morning', timelineIds: [home.id], sharedWith: [other.user.id], audience: 'people' });
      await join(cousins.id, owner, relative);
      const seen = async () => ((await get('/api/memories', relative)).json() as Memory[]).map((memory) => memory.id);
      expect(await seen()).toEqual([forEveryone.id]);
      return { owner, relative, home, cousins, forEveryone, forOne, seen };
    }

    it('when the newcomer is removed from the timeline', async () => {
      const { owner, relative, cousins, forEveryone, seen } = await family();
      expect((await call('DELETE', `/api/timelines/${cousins.id}/members/${relative.user.id}`, owner)).statusCode).toBe(200);
      expect(await seen()).toEqual([]);
      expect((await get(`/api/memories/${forEveryone.id}`, relative)).statusCode).toBe(404);
    });

    it('when the timeline is deleted', async () => {
      const { owner, relative, cousins, forEveryone, seen } = await family();
      expect((await call('DELETE', `/api/timelines/${cousins.id}`, owner)).statusCode).toBe(200);
      expect(await seen()).toEqual([]);
      expect((await get(`/api/memories/${forEveryone.id}`, relative)).statusCode).toBe(404);
    });

    it('when the memory is moved off the timeline, keeping its audience', async () => {
      const { owner, relative, home, forEveryone, seen } = await family();
      const moved = await call('PATCH', `/api/memories/${forEveryone.id}/timelines`, owner, { timelineIds: [home.id] });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((moved.json() as Memory).audience).toBe('timeline');
      expect(await seen()).toEqual([]);
      expect((await get(`/api/memories/${forEveryone.id}`, relative)).statusCode).toBe(404);
    });
  });

  describe('what a create stores', () => {
    let creator: MadeUser, first: MadeUser, second: MadeUser, lone: MadeUser;
    let timeline: { id: string }, alone: { id: string };
    beforeAll(async () => {
      [creator, first, second, lone] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
      timeline = await makeTimeline(t.ctx, creator.user, { members: [first.user, second.user] });
      alone = await makeTimeline(t.ctx, lone.user);
    });
    const everyone = () => [creator, first, second].map(({ user }) => user.id).sort();

    it.each([
      ['no audience, only the creator', undefined, () => [], 'private', () => [creator.user.id]],
      ['no audience, every other member', undefined, () => [first.user.id, second.user.id], 'timeline', everyone],
      ['no audience, some members', undefined, () => [first.user.id], 'people', () => [creator.user.id, first.user.id].sort()],
      ["'timeline' naming nobody", 'timeline', () => [], 'timeline', everyone],
      ["'timeline' naming one", 'timeline', () => [first.user.id], 'timeline', everyone],
      ["'people' naming everyone", 'people', () => [first.user.id, second.user.id], 'people', everyone],
      ["'people' naming nobody", 'people', () => [], 'private', () => [creator.user.id]],
      ["'private' naming only the creator", 'private', () => [creator.user.id], 'private', () => [creator.user.id]],
    ])('%s: %s', async (_, audience, sharedWith, expectedAudience, expectedSharedWith) => {
      const memory = await created(creator, { title: 'Sunday lunch', timelineIds: [timeline.id], sharedWith: sharedWith(), ...(audience ? { audience } : {}) });
      expect([memory.audience, memory.sharedWith]).toEqual([expectedAudience, expectedSharedWith()]);
      const row = await t.ctx.db.selectFrom('memories').select('audience').where('id', '=', memory.id).executeTakeFirstOrThrow();
      expect(row.audience).toBe(expectedAudience);
    });

    it("keeps a lone member's memory that names only themselves private", async () => {
      const memory = await created(lone, { title: 'Just me', timelineIds: [alone.id], sharedWith: [lone.user.id] });
      expect([memory.audience, memory.sharedWith]).toEqual(['private', [lone.user.id]]);
    });

    it.each([
      ["'private' naming another member", { audience: 'private', sharedWith: () => [first.user.id] }, messages.memoryPrivateWithOthers],
      ['an unknown audience', { audience: 'family', sharedWith: () => [] }, messages.memoryAudienceInvalid],
    ])('refuses %s with 400 and stores nothing', async (_, fields, message) => {
      const before = await memoryCount();
      const response = await createMemory(creator, { title: 'Refused', timelineIds: [timeline.id], sharedWith: fields.sharedWith(), audience: fields.audience }, [imageFile(await imageOf('png', 8, 8))]);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      expect(await memoryCount()).toBe(before);
    });

    it("tells every member now of a 'timeline' memory, and nobody who joins later", async () => {
      const memory = await created(creator, { title: 'First snow', timelineIds: [timeline.id], audience: 'timeline' });
      for (const { user } of [first, second]) expect(await notificationsOf(user.id)).toContainEqual({ type: 'memory_shared', related_memory_id: memory.id });
      const later = await makeUser(t.ctx);
      await join(timeline.id, creator, later);
      expect(await notificationsOf(later.user.id)).toEqual([]);
      expect((await get(`/api/memories/${memory.id}`, later)).statusCode).toBe(200);
    });
  });

  describe('what a share stores', () => {
    async function shared() {
      const [creator, first, second] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
      const timeline = await makeTimeline(t.ctx, creator.user, { members: [first.user] });
      const memory = await created(creator, { title: 'Garden party', timelineIds: [timeline.id], audience: 'private' });
      const share = (body: object) => call('POST', `/api/memories/${memory.id}/share`, creator, body);
      return { creator, first, second, timeline, memory, share };
    }
    const stored = async (id: string) => ({
      audience: (await t.ctx.db.selectFrom('memories').select('audience').where('id', '=', id).executeTakeFirstOrThrow()).audience,
      shares: (await t.ctx.db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', id).execute()).map((row) => row.user_id).sort(),
    });

    it("makes it 'timeline' with the members now; a newcomer then sees it and is not told; sharing again tells nobody who already saw it", async () => {
      const { creator, first, second, timeline, memory, share } = await shared();
      const response = await share({ userIds: [], audience: 'timeline' });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as Memory).audience).toBe('timeline');
      expect(await stored(memory.id)).toEqual({ audience: 'timeline', shares: [creator.user.id, first.user.id].sort() });
      expect(await notificationsOf(first.user.id)).toEqual([{ type: 'memory_shared', related_memory_id: memory.id }]);
      await join(timeline.id, creator, second);
      expect((await get(`/api/memories/${memory.id}`, second)).statusCode).toBe(200);
      expect((await share({ userIds: [first.user.id, second.user.id], audience: 'timeline' })).statusCode).toBe(200);
      expect(await stored(memory.id)).toEqual({ audience: 'timeline', shares: [creator.user.id, first.user.id, second.user.id].sort() });
      expect(await notificationsOf(second.user.id)).toEqual([]);
    });

    it("reads the audience off userIds when it names none, and 'people' chosen by name is not seen by a newcomer", async () => {
      const { creator, first, second, timeline, memory, share } = await shared();
      expect((await share({ userIds: [first.user.id] })).json().audience).toBe('timeline');
      expect((await share({ userIds: [] })).json().audience).toBe('private');
      expect((await share({ userIds: [first.user.id], audience: 'people' })).json().audience).toBe('people');
      await join(timeline.id, creator, second);
      expect((await get(`/api/memories/${memory.id}`, second)).statusCode).toBe(404);
      expect((await get(`/api/memories/${memory.id}`, first)).statusCode).toBe(200);
    });

    it.each([
      ["'private' naming another member", (first: string) => ({ userIds: [first], audience: 'private' }), messages.memoryPrivateWithOthers],
      ['an unknown audience', (first: string) => ({ userIds: [first], audience: 'everyone' }), messages.memoryAudienceInvalid],
    ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
      const { first, memory, share } = await shared();
      expect((await share({ userIds: [first.user.id], audience: 'people' })).statusCode).toBe(200);
      const before = await stored(memory.id);
      const response = await share(body(first.user.id));
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      expect(await stored(memory.id)).toEqual(before);
    });
  });
});
