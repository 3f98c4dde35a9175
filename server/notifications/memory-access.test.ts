// Issue 19: a notification never shows a memory's title to someone who may no longer see
// the memory. The panel and the bell keep to the memory-view rule (DESIGN "Memory view").
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

describe.each(dialects)('notifications follow access to their memory on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, who: MadeUser, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const panel = async (who: MadeUser) => {
    const response = await send('GET', '/api/notifications', who);
    expect(response.statusCode).toBe(200);
    return response.json().map((item: { message: string }) => item.message);
  };
  const bell = async (who: MadeUser) => {
    const response = await send('GET', '/api/notifications/unread-count', who);
    expect(response.statusCode).toBe(200);
    return response.json().count;
  };

  /** Grandma shares "Divorce papers signed" with Joe through the API, so Joe is told. */
  async function sharedNotice() {
    const grandma = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    const joe = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, grandma.user, { members: [joe.user] });
    const memory = await makeMemory(t.ctx, grandma.user, { title: 'Divorce papers signed', timelineIds: [timeline.id] });
    const shared = await send('POST', `/api/memories/${memory.id}/share`, grandma, { userIds: [joe.user.id] });
    expect(shared.statusCode).toBe(200);
    const told = 'Grandma Rose shared "Divorce papers signed" with you';
    expect([await panel(joe), await bell(joe)]).toEqual([[told], 1]);
    return { grandma, joe, timeline, memory };
  }

  it('takes a memory_shared notice out of the list and the count once the memory is unshared', async () => {
    const { grandma, joe, memory } = await sharedNotice();
    const unshared = await send('POST', `/api/memories/${memory.id}/share`, grandma, { userIds: [] });
    expect(unshared.statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([[], 0]);
  });

  it('takes it out once the memory is deleted', async () => {
    const { grandma, joe, memory } = await sharedNotice();
    expect((await send('DELETE', `/api/memories/${memory.id}`, grandma)).statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([[], 0]);
  });

  it("takes it out once the person is removed from the memory's timeline", async () => {
    const { grandma, joe, timeline } = await sharedNotice();
    expect((await send('DELETE', `/api/timelines/${timeline.id}/members/${joe.user.id}`, grandma)).statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([[], 0]);
  });

  it('takes a comment notice out too, and refuses to mark a hidden notice read with 404', async () => {
    const { grandma, joe, memory } = await sharedNotice();
    // Joe commented earlier, so Grandma's comment tells him (DESIGN "Notifications").
    for (const [who, content] of [[joe, 'Oh no'], [grandma, 'Finally']] as const) {
      const id = randomUUID();
      await t.ctx.db.insertInto('comments').values({ id, memory_id: memory.id, user_id: who.user.id, content, transcription: null, audio_key: null, created_at: iso(t.ctx.now()) }).execute();
      t.advance(1000);
      if (who === grandma) await t.ctx.events.emit('comment.created', { commentId: id, memoryId: memory.id, authorId: who.user.id, at: iso(t.ctx.now()) }, t.ctx.db);
    }
    const listed = (await send('GET', '/api/notifications', joe)).json() as { id: string; type: string }[];
    expect(listed.map((item) => item.type)).toEqual(['comment_added', 'memory_shared']);
    expect((await send('POST', `/api/memories/${memory.id}/share`, grandma, { userIds: [] })).statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([[], 0]);
    const mark = await send('POST', `/api/notifications/${listed[0]!.id}/read`, joe, {});
    expect([mark.statusCode, mark.json()]).toEqual([404, { message: 'Notification not found' }]);
  });

  it('shows the notice again when the memory is shared again, and keeps notices of no memory throughout', async () => {
    const { grandma, joe, memory } = await sharedNotice();
    await t.ctx.db
      .insertInto('notifications')
      .values({ id: randomUUID(), user_id: joe.user.id, type: 'family_joined', title: 'New family member', message: 'Ann joined your family', is_read: 0, related_memory_id: null, created_at: iso(new Date(0)) })
      .execute();
    expect((await send('POST', `/api/memories/${memory.id}/share`, grandma, { userIds: [] })).statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([['Ann joined your family'], 1]);
    expect((await send('POST', `/api/memories/${memory.id}/share`, grandma, { userIds: [joe.user.id] })).statusCode).toBe(200);
    expect(await bell(joe)).toBe(3);
    expect((await send('DELETE', `/api/memories/${memory.id}`, grandma)).statusCode).toBe(200);
    expect([await panel(joe), await bell(joe)]).toEqual([['Ann joined your family'], 1]);
  });
});
