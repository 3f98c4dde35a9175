import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

describe.each(dialects)('notifications on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: MadeUser) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
  const rowsOf = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'title', 'message', 'related_memory_id']).where('user_id', '=', userId).orderBy('created_at').execute();
  const readFlags = async (userId: string) =>
    (await t.ctx.db.selectFrom('notifications').select(['id', 'is_read']).where('user_id', '=', userId).orderBy('id').execute()).map((row) => [row.id, Boolean(row.is_read)]);

  async function notify(user: MadeUser, title = 'Hello', isRead = false) {
    const id = randomUUID();
    await t.ctx.db
      .insertInto('notifications')
      .values({ id, user_id: user.user.id, type: 'other', title, message: `${title} message`, is_read: isRead ? 1 : 0, related_memory_id: null, created_at: iso(t.ctx.now()) })
      .execute();
    t.advance(1000);
    return id;
  }

  describe('GET /api/notifications', () => {
    it("lists only the caller's own, newest first, in the spec's shape", async () => {
      const [me, other] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx)]);
      const first = await notify(me, 'First', true);
      await notify(other, 'Not mine');
      const second = await notify(me, 'Second');
      const response = await call('GET', '/api/notifications', me);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: second, type: 'other', title: 'Second', message: 'Second message', isRead: false, createdAt: expect.any(String), relatedMemoryId: null },
        { id: first, type: 'other', title: 'First', message: 'First message', isRead: true, createdAt: expect.any(String), relatedMemoryId: null },
      ]);
    });

    it('lists the newest 50', async () => {
      const me = await makeUser(t.ctx);
      const ids: string[] = [];
      for (let i = 0; i < 52; i++) ids.push(await notify(me, `N${i}`));
      const listed = (await call('GET', '/api/notifications', me)).json().map((item: { id: string }) => item.id);
      expect(listed).toEqual(ids.slice(2).reverse());
    });

    it('answers 401 signed out', async () => {
      const response = await call('GET', '/api/notifications');
      expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });

  describe('POST /api/notifications/{id}/read and mark-all-read', () => {
    it('marks one of my own read, and nothing else', async () => {
      const [me, other] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx)]);
      const mine = await notify(me);
      const another = await notify(me, 'Another');
      await notify(other, 'Theirs');
      const response = await call('POST', `/api/notifications/${mine}/read`, me);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      expect(await readFlags(me.user.id)).toEqual([[mine, true], [another, false]].sort());
      expect((await call('GET', '/api/notifications/unread-count', me)).json()).toEqual({ count: 1 });
      expect((await call('GET', '/api/notifications/unread-count', other)).json()).toEqual({ count: 1 });
    });

    it("answers 404 for someone else's notification or an unknown id, and changes nothing", async () => {
      const [me, other] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx)]);
      const theirs = await notify(other, 'Theirs');
      for (const id of [theirs, randomUUID()]) {
        const response = await call('POST', `/api/notifications/${id}/read`, me);
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'Notification not found' }]);
      }
      expect(await readFlags(other.user.id)).toEqual([[theirs, false]]);
    });

    it('marks all of my own read and none of anyone else', async () => {
      const [me, other] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx)]);
      const a = await notify(me, 'A');
      const b = await notify(me, 'B');
      const theirs = await notify(other, 'Theirs');
      const response = await call('POST', '/api/notifications/mark-all-read', me);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      expect(await readFlags(me.user.id)).toEqual([[a, true], [b, true]].sort());
      expect(await readFlags(other.user.id)).toEqual([[theirs, false]]);
    });

    it('answers 401 signed out and changes nothing', async () => {
      const me = await makeUser(t.ctx);
      const id = await notify(me, 'Mine');
      for (const url of [`/api/notifications/${id}/read`, '/api/notifications/mark-all-read']) {
        const response = await call('POST', url);
        expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
      }
      expect(await readFlags(me.user.id)).toEqual([[id, false]]);
    });
  });

  describe('listeners (DESIGN "Notifications")', () => {
    const emit: TestApp['ctx']['events']['emit'] = (name, event, db) => t.ctx.events.emit(name, event, db);

    it('memory.shared tells each user added who wants new-memory notices', async () => {
      const sharer = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
      const [told, quiet, silent] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
      await t.ctx.db.updateTable('users').set({ new_memory_notifications_enabled: 0 }).where('id', '=', quiet.user.id).execute();
      await t.ctx.db.updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', silent.user.id).execute();
      const memory = await makeMemory(t.ctx, sharer.user, { title: 'First snow' });
      await emit('memory.shared', { memoryId: memory.id, title: 'First snow', sharerId: sharer.user.id, userIds: [told.user.id, quiet.user.id, silent.user.id], at: iso(t.ctx.now()) }, t.ctx.db);
      expect(await rowsOf(told.user.id)).toEqual([
        { type: 'memory_shared', title: 'New memory shared', message: 'Grandma Rose shared "First snow" with you', related_memory_id: memory.id },
      ]);
      expect(await rowsOf(quiet.user.id)).toEqual([]);
      expect(await rowsOf(silent.user.id)).toEqual([]);
      expect(await rowsOf(sharer.user.id)).toEqual([]);
    });

    it('comment.created tells the creator and earlier commenters who may still view it, never the commenter', async () => {
      const creator = await makeUser(t.ctx);
      const [earlier, unshared, author, bystander, quiet] = await Promise.all([1, 2, 3, 4, 5].map(() => makeUser(t.ctx, { displayName: 'Cousin Joe' })));
      await t.ctx.db.updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', quiet!.user.id).execute();
      const timeline = await makeTimeline(t.ctx, creator.user, { members: [earlier!.user, unshared!.user, author!.user, bystander!.user, quiet!.user] });
      const memory = await makeMemory(t.ctx, creator.user, { title: 'The lake', timelineIds: [timeline.id], sharedWith: [earlier!.user, author!.user, bystander!.user, quiet!.user] });
      const comment = async (who: MadeUser) => {
        const id = randomUUID();
        await t.ctx.db.insertInto('comments').values({ id, memory_id: memory.id, user_id: who.user.id, content: 'Lovely', transcription: null, audio_key: null, created_at: iso(t.ctx.now()) }).execute();
        return id;
      };
      await comment(earlier!);
      await comment(unshared!);
      await comment(author!);
      await comment(quiet!);
      await t.ctx.db.deleteFrom('memory_shares').where('user_id', '=', unshared!.user.id).execute();
      const id = await comment(author!);
      await emit('comment.created', { commentId: id, memoryId: memory.id, authorId: author!.user.id, at: iso(t.ctx.now()) }, t.ctx.db);
      const expected = [{ type: 'comment_added', title: 'New comment', message: 'Cousin Joe commented on "The lake"', related_memory_id: memory.id }];
      expect(await rowsOf(creator.user.id)).toEqual(expected);
      expect(await rowsOf(earlier!.user.id)).toEqual(expected);
      for (const who of [unshared!, author!, bystander!, quiet!]) expect(await rowsOf(who.user.id)).toEqual([]);
    });

    it("family.joined tells the family's other members", async () => {
      const [founder, joiner] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx, { displayName: 'Joe' })]);
      const family = await makeFamily(t.ctx, founder.user, { members: [joiner.user] });
      await emit('family.joined', { familyId: family.id, userId: joiner.user.id, at: iso(t.ctx.now()) }, t.ctx.db);
      expect(await rowsOf(founder.user.id)).toEqual([{ type: 'family_joined', title: 'New family member', message: 'Joe joined your family', related_memory_id: null }]);
      expect(await rowsOf(joiner.user.id)).toEqual([]);
    });

    it('timeline.joined tells the owner, never the owner of their own joining', async () => {
      const [owner, joiner] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx, { displayName: 'Joe' })]);
      const timeline = await makeTimeline(t.ctx, owner.user, { name: 'Hill Family', members: [joiner.user] });
      await emit('timeline.joined', { timelineId: timeline.id, userId: owner.user.id, at: iso(t.ctx.now()) }, t.ctx.db);
      expect(await rowsOf(owner.user.id)).toEqual([]);
      await emit('timeline.joined', { timelineId: timeline.id, userId: joiner.user.id, at: iso(t.ctx.now()) }, t.ctx.db);
      expect(await rowsOf(owner.user.id)).toEqual([{ type: 'other', title: 'New timeline member', message: 'Joe joined Hill Family', related_memory_id: null }]);
    });
  });
});
