import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser } from '../test/factories.js';

describe.each(dialects)('timeline members on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'DELETE', url: string, cookie?: string) => t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  const memberIds = async (timelineId: string) =>
    (await t.ctx.db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', timelineId).execute()).map((row) => row.user_id).sort();
  const sharedWith = async (memoryId: string) =>
    (await t.ctx.db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', memoryId).execute()).map((row) => row.user_id).sort();

  describe('GET /api/timelines/:id/members', () => {
    it('lists the members, owner first, to any member', async () => {
      const { user: owner } = await makeUser(t.ctx, { displayName: 'Grandma', firstName: 'Rose', lastName: 'Hill' });
      const { user: member, cookie } = await makeUser(t.ctx, { displayName: null });
      const timeline = await makeTimeline(t.ctx, owner, { members: [member] });
      const response = await call('GET', `/api/timelines/${timeline.id}/members`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: owner.id, displayName: 'Grandma', firstName: 'Rose', lastName: 'Hill', email: owner.email, profileImageUrl: null, isStoryteller: false, abilities: { canRemove: false } },
        { id: member.id, displayName: null, firstName: null, lastName: null, email: member.email, profileImageUrl: null, isStoryteller: false, abilities: { canRemove: false } },
      ]);
    });

    it('answers 404 to a stranger and 401 when signed out', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { cookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner);
      const refused = await call('GET', `/api/timelines/${timeline.id}/members`, cookie);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Timeline not found' }]);
      expect((await call('GET', `/api/timelines/${timeline.id}/members`)).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/timelines/:timelineId/members/:userId', () => {
    it('lets a member remove another member, who leaves the shares of memories they can no longer reach', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: remover, cookie } = await makeUser(t.ctx);
      const { user: removed } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [remover, removed] });
      const stillTheirs = await makeTimeline(t.ctx, owner, { members: [removed] });
      const notTheirs = await makeTimeline(t.ctx, owner);
      await t.ctx.db.updateTable('users').set({ default_timeline_id: timeline.id }).where('id', '=', removed.id).execute();

      const onlyHere = await makeMemory(t.ctx, owner, { timelineIds: [timeline.id], sharedWith: [remover, removed] });
      const alsoOnTheirs = await makeMemory(t.ctx, owner, { timelineIds: [timeline.id, stillTheirs.id], sharedWith: [removed] });
      const alsoOnAnother = await makeMemory(t.ctx, owner, { timelineIds: [timeline.id, notTheirs.id], sharedWith: [removed] });
      const theirOwn = await makeMemory(t.ctx, removed, { timelineIds: [timeline.id], sharedWith: [owner, remover] });
      const notFiledHere = await makeMemory(t.ctx, owner, { timelineIds: [stillTheirs.id], sharedWith: [removed] });

      const response = await call('DELETE', `/api/timelines/${timeline.id}/members/${removed.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      expect(await memberIds(timeline.id)).toEqual([owner.id, remover.id].sort());
      expect(await sharedWith(onlyHere.id)).toEqual([owner.id, remover.id].sort());
      expect(await sharedWith(alsoOnTheirs.id)).toEqual([owner.id, removed.id].sort());
      expect(await sharedWith(alsoOnAnother.id)).toEqual([owner.id]);
      expect(await sharedWith(theirOwn.id)).toEqual([owner.id, remover.id, removed.id].sort());
      expect(await sharedWith(notFiledHere.id)).toEqual([owner.id, removed.id].sort());
      const filed = await t.ctx.db.selectFrom('memory_timelines').select('timeline_id').where('memory_id', '=', theirOwn.id).execute();
      expect(filed).toEqual([{ timeline_id: timeline.id }]);
      const row = await t.ctx.db.selectFrom('users').select('default_timeline_id').where('id', '=', removed.id).executeTakeFirstOrThrow();
      expect(row.default_timeline_id).toBeNull();
    });

    it.each([
      ['the owner', 'owner', 403, messages.ownerNotRemovable],
      ['themselves', 'self', 403, messages.selfNotRemovable],
      ['someone who is not a member', 'outsider', 404, messages.memberNotFound],
    ] as const)('refuses a member removing %s', async (_, target, status, message) => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: member, cookie } = await makeUser(t.ctx);
      const { user: outsider } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [member] });
      const targetId = { owner: owner.id, self: member.id, outsider: outsider.id }[target];
      const response = await call('DELETE', `/api/timelines/${timeline.id}/members/${targetId}`, cookie);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
      expect(await memberIds(timeline.id)).toEqual([owner.id, member.id].sort());
    });

    it('refuses a stranger with 404 and a signed-out caller with 401, removing nobody', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: member } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [member] });
      const url = `/api/timelines/${timeline.id}/members/${member.id}`;
      const byStranger = await call('DELETE', url, strangerCookie);
      expect([byStranger.statusCode, byStranger.json()]).toEqual([404, { message: 'Timeline not found' }]);
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect(await memberIds(timeline.id)).toEqual([owner.id, member.id].sort());
    });

    it('lets the owner remove a member too', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const { user: member } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [member] });
      const response = await call('DELETE', `/api/timelines/${timeline.id}/members/${member.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(await memberIds(timeline.id)).toEqual([owner.id]);
    });
  });
});
