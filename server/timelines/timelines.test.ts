import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeTimelineInvite, makeUser } from '../test/factories.js';

describe.each(dialects)('timelines on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });
  const timelineRow = (id: string) => t.ctx.db.selectFrom('timelines').selectAll().where('id', '=', id).executeTakeFirst();
  const userRow = (id: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ownedTimelines = async (userId: string) =>
    t.ctx.db.selectFrom('timelines').select('id').where('user_id', '=', userId).execute();
  const sharedWith = async (memoryId: string) =>
    (await t.ctx.db.selectFrom('memory_shares').select('user_id').where('memory_id', '=', memoryId).execute()).map((row) => row.user_id).sort();
  const setDefault = (userId: string, timelineId: string) =>
    t.ctx.db.updateTable('users').set({ default_timeline_id: timelineId }).where('id', '=', userId).execute();

  describe('GET /api/timelines', () => {
    it("lists the caller's timelines oldest first, isDefault marking the caller's own default", async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: caller, cookie } = await makeUser(t.ctx);
      const first = await makeTimeline(t.ctx, owner, { name: 'Cousins', members: [caller] });
      t.advance(1000);
      const second = await makeTimeline(t.ctx, caller, { name: 'Mine' });
      await makeTimeline(t.ctx, owner, { name: 'Not mine' });
      await setDefault(caller.id, second.id);
      await setDefault(owner.id, first.id);

      const response = await call('GET', '/api/timelines', cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual([
        {
          id: first.id,
          name: 'Cousins',
          description: null,
          color: '#3b82f6',
          icon: 'Home',
          isDefault: false,
          userId: owner.id,
          createdAt: expect.any(String),
          abilities: { canEdit: false, canDelete: false },
        },
        {
          id: second.id,
          name: 'Mine',
          description: null,
          color: '#3b82f6',
          icon: 'Home',
          isDefault: true,
          userId: caller.id,
          createdAt: expect.any(String),
          abilities: { canEdit: true, canDelete: false },
        },
      ]);
      expect(Date.parse(body[0].createdAt)).toBeLessThan(Date.parse(body[1].createdAt));
    });

    it('answers 401 when signed out', async () => {
      const response = await call('GET', '/api/timelines');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: messages.signedOut });
    });
  });

  describe('GET /api/timelines/:id', () => {
    it('shows a timeline to a member, and 404 to a stranger, for an unknown id and 401 signed out', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: member, cookie: memberCookie } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { name: 'Grandparents', members: [member] });

      const shown = await call('GET', `/api/timelines/${timeline.id}`, memberCookie);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ id: timeline.id, name: 'Grandparents', userId: owner.id, isDefault: false });

      for (const url of [`/api/timelines/${timeline.id}`, `/api/timelines/${randomUUID()}`]) {
        const refused = await call('GET', url, strangerCookie);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ message: 'Timeline not found' });
      }
      expect((await call('GET', `/api/timelines/${timeline.id}`)).statusCode).toBe(401);
    });
  });

  describe('POST /api/timelines', () => {
    it('creates a trimmed, blue timeline owned by the caller, who becomes its member and, having none, makes it their default', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const response = await call('POST', '/api/timelines', cookie, { name: '  Our Summers  ' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        name: 'Our Summers',
        description: null,
        color: '#3b82f6',
        icon: null,
        isDefault: true,
        userId: user.id,
        createdAt: expect.any(String),
        // Their default: they may rename it, never delete it (accounts §6).
        abilities: { canEdit: true, canDelete: false },
      });
      expect(await timelineRow(body.id)).toMatchObject({ name: 'Our Summers', color: '#3b82f6', user_id: user.id });
      expect(Boolean((await timelineRow(body.id))!.is_default)).toBe(true);
      const members = await t.ctx.db.selectFrom('timeline_members').select('user_id').where('timeline_id', '=', body.id).execute();
      expect(members).toEqual([{ user_id: user.id }]);
      expect((await userRow(user.id)).default_timeline_id).toBe(body.id);
    });

    it('keeps the existing default unless isDefault is true, and takes the onboarding fields', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const first = (await call('POST', '/api/timelines', cookie, { name: 'First', color: '#10b981' })).json();

      const second = await call('POST', '/api/timelines', cookie, { name: 'Second', color: '#8B5CF6' });
      expect(second.json()).toMatchObject({ name: 'Second', color: '#8b5cf6', isDefault: false });
      expect((await userRow(user.id)).default_timeline_id).toBe(first.id);

      const personal = await call('POST', '/api/timelines', cookie, {
        name: 'Personal',
        color: '#3b82f6',
        description: 'Just me',
        icon: 'Home',
        isDefault: true,
      });
      expect(personal.statusCode).toBe(201);
      expect(personal.json()).toMatchObject({ description: 'Just me', icon: 'Home', isDefault: true });
      expect((await userRow(user.id)).default_timeline_id).toBe(personal.json().id);
    });

    it.each([
      ['a blank name', { name: '   ', color: '#3b82f6' }, messages.timelineNameRequired],
      ['no name', { color: '#3b82f6' }, messages.timelineNameRequired],
      ['a 101-character name', { name: 'x'.repeat(101) }, messages.timelineNameTooLong],
      ['a colour name instead of #rrggbb', { name: 'Family', color: 'blue' }, messages.timelineColorInvalid],
      ['a short hex colour', { name: 'Family', color: '#123' }, messages.timelineColorInvalid],
      ['an unknown field', { name: 'Family', owner: 'someone' }, 'Unrecognized key: "owner"'],
      ['a body that is not an object', 'Family', messages.bodyNotObject],
    ])('refuses %s with 400 and creates nothing', async (_, payload, message) => {
      const { user, cookie } = await makeUser(t.ctx);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/timelines',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await ownedTimelines(user.id)).toEqual([]);
    });

    it('accepts a name of exactly 100 characters', async () => {
      const { cookie } = await makeUser(t.ctx);
      const response = await call('POST', '/api/timelines', cookie, { name: 'n'.repeat(100) });
      expect(response.statusCode).toBe(201);
    });

    it('refuses malformed JSON with 400 and a message, and signed-out callers with 401', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/timelines',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/JSON/);
      const signedOut = await call('POST', '/api/timelines', undefined, { name: 'Sneaky' });
      expect(signedOut.statusCode).toBe(401);
      expect(await ownedTimelines(user.id)).toEqual([]);
    });
  });

  describe('PATCH /api/timelines/:id', () => {
    it('lets the owner rename, recolour and describe', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { name: 'Old' });
      const response = await call('PATCH', `/api/timelines/${timeline.id}`, cookie, { name: ' New ', color: '#EF4444', description: 'Summers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: timeline.id, name: 'New', color: '#ef4444', description: 'Summers' });
      expect(await timelineRow(timeline.id)).toMatchObject({ name: 'New', color: '#ef4444', description: 'Summers' });
    });

    it("refuses a member with 403 'Only the timeline owner can do this', a stranger with 404, signed out with 401", async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: member, cookie: memberCookie } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { name: 'Kept', members: [member] });
      const url = `/api/timelines/${timeline.id}`;

      const byMember = await call('PATCH', url, memberCookie, { name: 'Taken' });
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json()).toEqual({ message: 'Only the timeline owner can do this' });
      const byStranger = await call('PATCH', url, strangerCookie, { name: 'Taken' });
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json()).toEqual({ message: 'Timeline not found' });
      expect((await call('PATCH', url, undefined, { name: 'Taken' })).statusCode).toBe(401);
      expect((await timelineRow(timeline.id))!.name).toBe('Kept');
    });

    it.each([
      ['a blank name', { name: '  ' }, messages.timelineNameRequired],
      ['a bad colour', { color: 'red' }, messages.timelineColorInvalid],
      ['an unknown field', { userId: 'someone-else' }, 'Unrecognized key: "userId"'],
    ])('refuses %s with 400 and changes nothing', async (_, payload, message) => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { name: 'Kept' });
      const before = await timelineRow(timeline.id);
      const response = await call('PATCH', `/api/timelines/${timeline.id}`, cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await timelineRow(timeline.id)).toEqual(before);
    });
  });

  describe('DELETE /api/timelines/:id', () => {
    it('deletes the timeline and the memories filed only on it, detaches the others and clears members’ defaults', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const { user: member } = await makeUser(t.ctx);
      const doomed = await makeTimeline(t.ctx, owner, { name: 'Doomed', members: [member] });
      const other = await makeTimeline(t.ctx, owner, { name: 'Other', members: [member] });
      await setDefault(member.id, doomed.id);
      await makeTimelineInvite(t.ctx, doomed.id, member);
      const onlyHere = await makeMemory(t.ctx, owner, { timelineIds: [doomed.id], sharedWith: [member] });
      const alsoElsewhere = await makeMemory(t.ctx, member, { timelineIds: [doomed.id, other.id], sharedWith: [owner] });
      const elsewhereOnly = await makeMemory(t.ctx, owner, { timelineIds: [other.id] });

      const response = await call('DELETE', `/api/timelines/${doomed.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      expect(await timelineRow(doomed.id)).toBeUndefined();
      const memoryIds = (await t.ctx.db.selectFrom('memories').select('id').where('id', 'in', [onlyHere.id, alsoElsewhere.id, elsewhereOnly.id]).execute()).map((row) => row.id);
      expect(memoryIds.sort()).toEqual([alsoElsewhere.id, elsewhereOnly.id].sort());
      const filings = await t.ctx.db.selectFrom('memory_timelines').selectAll().where('memory_id', '=', alsoElsewhere.id).execute();
      expect(filings).toEqual([{ memory_id: alsoElsewhere.id, timeline_id: other.id }]);
      expect(await t.ctx.db.selectFrom('memory_shares').selectAll().where('memory_id', '=', onlyHere.id).execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('timeline_members').selectAll().where('timeline_id', '=', doomed.id).execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('timeline_invites').selectAll().where('timeline_id', '=', doomed.id).execute()).toEqual([]);
      expect((await userRow(member.id)).default_timeline_id).toBeNull();
    });

    it('takes the members out of the memories it leaves behind, unless another of their timelines holds them (as removal does)', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const onlyHere = await makeUser(t.ctx);
      const onBoth = await makeUser(t.ctx);
      const onOther = await makeUser(t.ctx);
      const doomed = await makeTimeline(t.ctx, owner, { name: 'Doomed', members: [onlyHere.user, onBoth.user] });
      const other = await makeTimeline(t.ctx, owner, { name: 'Other', members: [onBoth.user, onOther.user] });
      const theirOwnTimeline = await makeTimeline(t.ctx, onlyHere.user, { members: [owner] });
      const alsoElsewhere = await makeMemory(t.ctx, owner, { timelineIds: [doomed.id, other.id], sharedWith: [onlyHere.user, onBoth.user, onOther.user] });
      const theirOwn = await makeMemory(t.ctx, onlyHere.user, { timelineIds: [doomed.id, theirOwnTimeline.id], sharedWith: [owner, onBoth.user] });
      expect((await call('GET', `/api/memories/${alsoElsewhere.id}`, onlyHere.cookie)).statusCode).toBe(200);

      expect((await call('DELETE', `/api/timelines/${doomed.id}`, cookie)).statusCode).toBe(200);
      const refused = await call('GET', `/api/memories/${alsoElsewhere.id}`, onlyHere.cookie);
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: messages.memoryNotFound }]);
      for (const viewer of [onBoth, onOther]) expect((await call('GET', `/api/memories/${alsoElsewhere.id}`, viewer.cookie)).statusCode).toBe(200);
      expect((await call('GET', `/api/memories/${alsoElsewhere.id}`, cookie)).statusCode).toBe(200);
      expect(await sharedWith(alsoElsewhere.id)).toEqual([owner.id, onBoth.user.id, onOther.user.id].sort());
      // Their own memory stays theirs; only those not on its remaining timeline leave it.
      expect(await sharedWith(theirOwn.id)).toEqual([owner.id, onlyHere.user.id].sort());
      expect((await call('GET', `/api/memories/${theirOwn.id}`, onlyHere.cookie)).statusCode).toBe(200);
    });

    it("refuses the owner's own default timeline with 400 and keeps it", async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner);
      await setDefault(owner.id, timeline.id);
      const memory = await makeMemory(t.ctx, owner, { timelineIds: [timeline.id] });
      const response = await call('DELETE', `/api/timelines/${timeline.id}`, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.defaultTimelineUndeletable });
      expect(await timelineRow(timeline.id)).toBeDefined();
      expect(await t.ctx.db.selectFrom('memories').select('id').where('id', '=', memory.id).executeTakeFirst()).toBeDefined();
    });

    it('refuses a member with 403, a stranger with 404 and signed out with 401', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user: member, cookie: memberCookie } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [member] });
      const url = `/api/timelines/${timeline.id}`;
      const byMember = await call('DELETE', url, memberCookie);
      expect([byMember.statusCode, byMember.json()]).toEqual([403, { message: 'Only the timeline owner can do this' }]);
      const byStranger = await call('DELETE', url, strangerCookie);
      expect([byStranger.statusCode, byStranger.json()]).toEqual([404, { message: 'Timeline not found' }]);
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect(await timelineRow(timeline.id)).toBeDefined();
    });
  });
});
