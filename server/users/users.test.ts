import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';

/** A multipart/form-data body of text fields, built by hand. */
function multipart(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  const boundary = `----heirloom${randomUUID().replaceAll('-', '')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dialects)('account settings on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const stored = (id: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const patchUser = (cookie: string, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie }, payload });

  describe('PATCH /api/user', () => {
    it('trims and saves the display name', async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Before' });
      const response = await patchUser(cookie, { displayName: '  Grandma Rose  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, displayName: 'Grandma Rose' });
      expect((await stored(user.id)).display_name).toBe('Grandma Rose');
    });

    it.each([
      ['a blank display name', { displayName: '   ' }, 'Display name required'],
      ['a 51-character display name', { displayName: 'x'.repeat(51) }, 'Display name must be at most 50 characters'],
      ['reminderTime 25:00', { reminderTime: '25:00' }, 'Reminder time must look like 18:00'],
      ['reminderTime 6pm', { reminderTime: '6pm' }, 'Reminder time must look like 18:00'],
    ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Unchanged' });
      const before = await stored(user.id);
      const response = await patchUser(cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await stored(user.id)).toEqual(before);
    });

    it('accepts a display name of exactly 50 characters', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      expect((await patchUser(cookie, { displayName: 'y'.repeat(50) })).statusCode).toBe(200);
      expect((await stored(user.id)).display_name).toBe('y'.repeat(50));
    });

    it('saves the reminder time and the notification flags, and reads the flags back as booleans', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const off = await patchUser(cookie, { reminderTime: '07:30', notificationsEnabled: false, newMemoryNotificationsEnabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ reminderTime: '07:30', notificationsEnabled: false, newMemoryNotificationsEnabled: false });

      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.json()).toMatchObject({ reminderTime: '07:30', notificationsEnabled: false, newMemoryNotificationsEnabled: false });
      const row = await stored(user.id);
      expect(row.reminder_time).toBe('07:30');
      expect(Boolean(row.notifications_enabled)).toBe(false);

      const on = await patchUser(cookie, { notificationsEnabled: true });
      expect(on.json()).toMatchObject({ notificationsEnabled: true, newMemoryNotificationsEnabled: false });
    });

    it('saves defaultTimelineId for a timeline the user is a member of', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { user, cookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, owner, { members: [user] });
      const response = await patchUser(cookie, { defaultTimelineId: timeline.id });
      expect(response.statusCode).toBe(200);
      expect(response.json().defaultTimelineId).toBe(timeline.id);
      expect((await stored(user.id)).default_timeline_id).toBe(timeline.id);
    });

    it.each([
      ['a timeline they are not in', async (owner: UserRow) => (await makeTimeline(t.ctx, owner)).id],
      ['a timeline that does not exist', async () => randomUUID()],
    ])("refuses defaultTimelineId of %s with 404 'Timeline not found'", async (_, timelineId) => {
      const { user: owner } = await makeUser(t.ctx);
      const { user, cookie } = await makeUser(t.ctx);
      const response = await patchUser(cookie, { defaultTimelineId: await timelineId(owner) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Timeline not found' });
      expect((await stored(user.id)).default_timeline_id).toBeNull();
    });

    it('refuses an unknown key with 400 naming it', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const before = await stored(user.id);
      const response = await patchUser(cookie, { email: 'taken-over@example.org' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('email');
      expect(await stored(user.id)).toEqual(before);
    });
  });

  describe('PATCH /api/auth/user/profile', () => {
    const patchProfile = (cookie: string, body: { payload: string | object; headers?: Record<string, string> }) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/user/profile', payload: body.payload, headers: { ...body.headers, cookie } });

    it('saves a trimmed display name sent as multipart form data', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const response = await patchProfile(cookie, multipart({ displayName: '  Uncle Bob ' }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, displayName: 'Uncle Bob' });
      expect((await stored(user.id)).display_name).toBe('Uncle Bob');
    });

    it.each([
      ['blank', '  ', 'Display name required'],
      ['51 characters long', 'z'.repeat(51), messages.displayNameTooLong],
    ])("refuses a %s display name with 400 and keeps the stored one", async (_, displayName, message) => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Kept' });
      const response = await patchProfile(cookie, multipart({ displayName }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect((await stored(user.id)).display_name).toBe('Kept');
    });

    it('also accepts a JSON body', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const response = await patchProfile(cookie, { payload: { displayName: 'Auntie May' } });
      expect(response.statusCode).toBe(200);
      expect(response.json().displayName).toBe('Auntie May');
      expect((await stored(user.id)).display_name).toBe('Auntie May');
    });

    it("refuses a blank display name in JSON with 400 'Display name required'", async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Kept' });
      const response = await patchProfile(cookie, { payload: { displayName: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Display name required' });
      expect((await stored(user.id)).display_name).toBe('Kept');
    });
  });

  describe('GET /api/notifications/unread-count', () => {
    async function notify(userId: string, isRead: boolean) {
      await t.ctx.db
        .insertInto('notifications')
        .values({
          id: randomUUID(),
          user_id: userId,
          type: 'other',
          title: 'New member',
          message: 'Someone joined your timeline',
          is_read: isRead ? 1 : 0,
          related_memory_id: null,
          created_at: iso(t.ctx.now()),
        })
        .execute();
    }

    it("counts only the caller's unread notifications", async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const { user: other } = await makeUser(t.ctx);
      const count = async () => (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } })).json();

      expect(await count()).toEqual({ count: 0 });
      await notify(user.id, false);
      await notify(user.id, false);
      await notify(user.id, true);
      for (let i = 0; i < 3; i++) await notify(other.id, false);
      expect(await count()).toEqual({ count: 2 });
    });
  });
});
