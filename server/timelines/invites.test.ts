import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeTimelineInvite, makeUser } from '../test/factories.js';

const HOUR = 60 * 60_000;

describe.each(dialects)('timeline invites on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const memberIds = async (timelineId: string) =>
    (await t.ctx.db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', timelineId).execute()).map((row) => row.user_id).sort();
  const notificationsOf = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'title', 'message', 'related_memory_id']).where('user_id', '=', userId).execute();

  /** An owner, a member who made an invite link, and someone about to use it. */
  async function invited(ownerFields: Parameters<typeof makeUser>[1] = {}) {
    const owner = await makeUser(t.ctx, ownerFields);
    const member = await makeUser(t.ctx, { displayName: 'Aunt May', email: `may-${randomUUID().slice(0, 8)}@example.org` });
    const joiner = await makeUser(t.ctx, { displayName: 'Cousin Joe' });
    const timeline = await makeTimeline(t.ctx, owner.user, { name: 'Hill Family', members: [member.user] });
    const invite = await makeTimelineInvite(t.ctx, timeline.id, member.user);
    return { owner, member, joiner, timeline, invite };
  }

  describe('POST /api/timelines/:timelineId/invites', () => {
    it('lets any member make a link that lasts INVITE_TTL_HOURS, without revoking older links', async () => {
      const { member, joiner, timeline, invite: older } = await invited();
      // The web sends an empty JSON object (web/src/api/endpoints.ts).
      const response = await call('POST', `/api/timelines/${timeline.id}/invites`, member.cookie, {});
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({ id: expect.any(String), expiresAt: expect.any(String) });
      const row = await t.ctx.db.selectFrom('timeline_invites').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ timeline_id: timeline.id, created_by: member.user.id, expires_at: body.expiresAt });
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(48 * HOUR);
      expect((await call('GET', `/api/timeline-invite/${older.id}`)).statusCode).toBe(200);
      expect((await call('POST', `/api/timeline-invite/${older.id}/accept`, joiner.cookie)).statusCode).toBe(200);
    });

    it('refuses a stranger with 404 and a signed-out caller with 401', async () => {
      const { timeline } = await invited();
      const { cookie } = await makeUser(t.ctx);
      const refused = await call('POST', `/api/timelines/${timeline.id}/invites`, cookie);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Timeline not found' }]);
      expect((await call('POST', `/api/timelines/${timeline.id}/invites`)).statusCode).toBe(401);
      const count = await t.ctx.db.selectFrom('timeline_invites').select('id').where('timeline_id', '=', timeline.id).execute();
      expect(count).toHaveLength(1);
    });
  });

  describe('GET /api/timeline-invites/:timelineId', () => {
    it("answers the newest open link to members, and 'No invite link yet' before one exists and after it expires", async () => {
      const { owner } = await invited();
      const timeline = await makeTimeline(t.ctx, owner.user);
      const url = `/api/timeline-invites/${timeline.id}`;
      const none = await call('GET', url, owner.cookie);
      expect([none.statusCode, none.json()]).toEqual([404, { message: 'No invite link yet' }]);

      await makeTimelineInvite(t.ctx, timeline.id, owner.user);
      t.advance(1000);
      const newest = await makeTimelineInvite(t.ctx, timeline.id, owner.user);
      const found = await call('GET', url, owner.cookie);
      expect([found.statusCode, found.json()]).toEqual([200, { id: newest.id, expiresAt: newest.expiresAt }]);

      t.advance(48 * HOUR + 1000);
      const expired = await call('GET', url, owner.cookie);
      expect([expired.statusCode, expired.json()]).toEqual([404, { message: 'No invite link yet' }]);
    });

    it('refuses a stranger with 404 and a signed-out caller with 401', async () => {
      const { timeline } = await invited();
      const { cookie } = await makeUser(t.ctx);
      const refused = await call('GET', `/api/timeline-invites/${timeline.id}`, cookie);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Timeline not found' }]);
      expect((await call('GET', `/api/timeline-invites/${timeline.id}`)).statusCode).toBe(401);
    });
  });

  describe('GET /api/timeline-invite/:id (public)', () => {
    it('shows the invite, timeline and creator to a signed-out visitor, with no email anywhere', async () => {
      const { member, timeline, invite } = await invited();
      const response = await call('GET', `/api/timeline-invite/${invite.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        invite: { id: invite.id, timelineId: timeline.id, expiresAt: invite.expiresAt },
        timeline: { id: timeline.id, name: 'Hill Family', color: '#3b82f6', description: null },
        creator: { id: member.user.id, displayName: 'Aunt May', firstName: null, lastName: null, profileImageUrl: null },
      });
      expect(response.body).not.toContain('@');
      expect(response.body).not.toContain(member.user.email);
    });

    it("answers 404 'Invite not found or expired' once 48 hours have passed, and for an unknown id", async () => {
      const { invite } = await invited();
      t.advance(48 * HOUR - 1000);
      expect((await call('GET', `/api/timeline-invite/${invite.id}`)).statusCode).toBe(200);
      t.advance(2000);
      for (const id of [invite.id, randomUUID()]) {
        const response = await call('GET', `/api/timeline-invite/${id}`);
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'Invite not found or expired' }]);
      }
    });
  });

  describe('POST /api/timeline-invite/:id/accept', () => {
    it('joins the timeline and tells the owner once; accepting again is a no-op', async () => {
      const { owner, member, joiner, timeline, invite } = await invited();
      const response = await call('POST', `/api/timeline-invite/${invite.id}/accept`, joiner.cookie, {});
      expect([response.statusCode, response.json()]).toEqual([200, { timelineId: timeline.id, name: 'Hill Family' }]);
      expect(await memberIds(timeline.id)).toEqual([owner.user.id, member.user.id, joiner.user.id].sort());
      const expected = [{ type: 'other', title: 'New timeline member', message: 'Cousin Joe joined Hill Family', related_memory_id: null }];
      expect(await notificationsOf(owner.user.id)).toEqual(expected);
      expect(await notificationsOf(member.user.id)).toEqual([]);

      const again = await call('POST', `/api/timeline-invite/${invite.id}/accept`, joiner.cookie);
      expect([again.statusCode, again.json()]).toEqual([200, { timelineId: timeline.id, name: 'Hill Family' }]);
      expect(await notificationsOf(owner.user.id)).toEqual(expected);
    });

    it('writes no notification when the owner has turned notifications off', async () => {
      const { owner, joiner, invite } = await invited();
      await t.ctx.db.updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', owner.user.id).execute();
      expect((await call('POST', `/api/timeline-invite/${invite.id}/accept`, joiner.cookie)).statusCode).toBe(200);
      expect(await notificationsOf(owner.user.id)).toEqual([]);
    });

    it("refuses the link's creator with 400 'You cannot use your own invitation link'", async () => {
      const { member, timeline, invite } = await invited();
      const response = await call('POST', `/api/timeline-invite/${invite.id}/accept`, member.cookie);
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'You cannot use your own invitation link' }]);
      expect(await memberIds(timeline.id)).toHaveLength(2);
    });

    it('refuses an expired or unknown link with 404 and a signed-out caller with 401, adding nobody', async () => {
      const { joiner, timeline, invite } = await invited();
      expect((await call('POST', `/api/timeline-invite/${invite.id}/accept`)).statusCode).toBe(401);
      t.advance(48 * HOUR + 1000);
      for (const id of [invite.id, randomUUID()]) {
        const response = await call('POST', `/api/timeline-invite/${id}/accept`, joiner.cookie);
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'Invite not found or expired' }]);
      }
      expect(await memberIds(timeline.id)).toHaveLength(2);
    });
  });

  describe('POST /api/process-pending-timeline-invite', () => {
    it('joins and answers what the client needs to welcome the user', async () => {
      const { joiner, timeline, invite } = await invited();
      const response = await call('POST', '/api/process-pending-timeline-invite', joiner.cookie, { inviteId: invite.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'You have joined the timeline',
        timeline: { id: timeline.id, name: 'Hill Family' },
        setTimelineWelcome: true,
        redirectTo: '/',
      });
      expect(await memberIds(timeline.id)).toContain(joiner.user.id);
    });

    it('answers every refusal as {success: false, message}', async () => {
      const { member, joiner, invite } = await invited();
      const cases: [string | undefined, unknown, number, string][] = [
        [member.cookie, { inviteId: invite.id }, 400, messages.ownTimelineInvite],
        [joiner.cookie, { inviteId: randomUUID() }, 404, messages.timelineInviteNotFound],
        [joiner.cookie, {}, 400, messages.inviteIdRequired],
        [joiner.cookie, { inviteId: invite.id, extra: 1 }, 400, 'Unrecognized key: "extra"'],
        [undefined, { inviteId: invite.id }, 401, messages.signedOut],
      ];
      for (const [cookie, payload, status, message] of cases) {
        const response = await call('POST', '/api/process-pending-timeline-invite', cookie, payload as object);
        expect([response.statusCode, response.json()]).toEqual([status, { success: false, message }]);
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/process-pending-timeline-invite',
        headers: { cookie: joiner.cookie, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ success: false, message: expect.stringMatching(/JSON/) });
    });
  });
});
