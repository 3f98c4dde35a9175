import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeTimelineInvite, makeUser } from '../test/factories.js';

// Issue 19: a removed member walked back in through an invite made before the removal.
describe.each(dialects)('removal from a timeline and its invites on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const memberIds = async (timelineId: string) =>
    (await t.ctx.db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', timelineId).execute()).map((row) => row.user_id).sort();
  const inviteIds = async (timelineId: string) =>
    (await t.ctx.db.selectFrom('timeline_invites').select('id').where('timeline_id', '=', timelineId).execute()).map((row) => row.id);
  const accept = (inviteId: string, cookie: string) => call('POST', `/api/timeline-invite/${inviteId}/accept`, cookie);

  /** An owner, a member who removes, and a member about to be removed who has a second account. */
  async function timelineWithMembers() {
    const owner = await makeUser(t.ctx);
    const remover = await makeUser(t.ctx);
    const removed = await makeUser(t.ctx);
    const removedsOther = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, owner.user, { members: [remover.user, removed.user] });
    return { owner, remover, removed, removedsOther, timeline };
  }

  it('ends every older invite, theirs included: neither they nor another account of theirs gets back in, until a new invite', async () => {
    const { owner, remover, removed, removedsOther, timeline } = await timelineWithMembers();
    const ownersInvite = await makeTimelineInvite(t.ctx, timeline.id, owner.user);
    const theirs = (await call('POST', `/api/timelines/${timeline.id}/invites`, removed.cookie, {})).json();
    t.advance(1000);

    const before = t.ctx.now().getTime();
    expect((await call('DELETE', `/api/timelines/${timeline.id}/members/${removed.user.id}`, remover.cookie)).statusCode).toBe(200);
    const after = t.ctx.now().getTime();
    expect(await inviteIds(timeline.id)).toEqual([]);
    const removals = await t.ctx.db.selectFrom('timeline_removals').selectAll().where('timeline_id', '=', timeline.id).execute();
    expect(removals).toEqual([{ timeline_id: timeline.id, user_id: removed.user.id, removed_at: expect.any(String) }]);
    expect(Date.parse(removals[0]!.removed_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(removals[0]!.removed_at)).toBeLessThanOrEqual(after);
    for (const [inviteId, cookie] of [
      [ownersInvite.id, removed.cookie],
      [theirs.id, removed.cookie],
      [ownersInvite.id, removedsOther.cookie],
      [theirs.id, removedsOther.cookie],
    ] as const) {
      const refused = await accept(inviteId, cookie);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.timelineInviteNotFound }]);
    }
    const pending = await call('POST', '/api/process-pending-timeline-invite', removed.cookie, { inviteId: ownersInvite.id });
    expect([pending.statusCode, pending.json()]).toEqual([404, { success: false, message: messages.timelineInviteNotFound }]);
    expect(await memberIds(timeline.id)).toEqual([owner.user.id, remover.user.id].sort());

    // A member shares with everyone on the timeline: the removed person is not among them.
    const toAll = (await call('GET', `/api/timelines/${timeline.id}/members`, remover.cookie)).json() as Array<{ id: string }>;
    expect(toAll.map((member) => member.id).sort()).toEqual([owner.user.id, remover.user.id].sort());

    t.advance(1000);
    const fresh = (await call('POST', `/api/timelines/${timeline.id}/invites`, remover.cookie, {})).json();
    expect((await accept(fresh.id, removed.cookie)).statusCode).toBe(200);
    expect(await memberIds(timeline.id)).toEqual([owner.user.id, remover.user.id, removed.user.id].sort());
  });

  it('refuses the removed person an invite made before the removal that survived it, on both accept calls, and admits others', async () => {
    const { owner, remover, removed, timeline } = await timelineWithMembers();
    const sharedEarlier = await makeMemory(t.ctx, owner.user, { timelineIds: [timeline.id], sharedWith: [remover.user, removed.user] });
    const madeAt = iso(t.ctx.now());
    t.advance(1000);
    expect((await call('DELETE', `/api/timelines/${timeline.id}/members/${removed.user.id}`, remover.cookie)).statusCode).toBe(200);
    // An invite that somehow outlived the removal (the second line of defence).
    const survivor = await makeTimelineInvite(t.ctx, timeline.id, owner.user);
    await t.ctx.db.updateTable('timeline_invites').set({ created_at: madeAt }).where('id', '=', survivor.id).execute();

    const refused = await accept(survivor.id, removed.cookie);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: messages.removedBeforeInvite }]);
    const pending = await call('POST', '/api/process-pending-timeline-invite', removed.cookie, { inviteId: survivor.id });
    expect([pending.statusCode, pending.json()]).toEqual([403, { success: false, message: messages.removedBeforeInvite }]);
    expect(await memberIds(timeline.id)).toEqual([owner.user.id, remover.user.id].sort());
    expect((await call('GET', `/api/memories/${sharedEarlier.id}`, removed.cookie)).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);

    const newcomer = await makeUser(t.ctx);
    expect((await accept(survivor.id, newcomer.cookie)).statusCode).toBe(200);
  });
});
