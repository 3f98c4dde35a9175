import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeFamilyInvite, makeUser } from '../test/factories.js';

const HOUR = 60 * 60_000;

describe.each(dialects)('families on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const familyOf = async (userId: string) =>
    (await t.ctx.db.selectFrom('users').select('family_id').where('id', '=', userId).executeTakeFirstOrThrow()).family_id;
  const familyRow = (id: string) => t.ctx.db.selectFrom('families').selectAll().where('id', '=', id).executeTakeFirst();
  const notificationsOf = (userId: string) =>
    t.ctx.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', userId).execute();

  describe('POST /api/invites', () => {
    it('makes a family named after the last name on the first call, and reuses it after', async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Rose', lastName: 'Hill' });
      const first = await call('POST', '/api/invites', cookie, {});
      expect(first.statusCode).toBe(201);
      const body = first.json();
      expect(body).toEqual({ id: expect.any(String), familyId: expect.any(String), expiresAt: expect.any(String) });
      expect(await familyRow(body.familyId)).toMatchObject({ name: 'Hill Family', created_by: user.id });
      expect(await familyOf(user.id)).toBe(body.familyId);
      const invite = await t.ctx.db.selectFrom('family_invites').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(invite).toMatchObject({ family_id: body.familyId, inviter_id: user.id, expires_at: body.expiresAt });
      expect(Date.parse(invite.expires_at) - Date.parse(invite.created_at)).toBe(48 * HOUR);

      const second = await call('POST', '/api/invites', cookie);
      expect(second.statusCode).toBe(201);
      expect(second.json().familyId).toBe(body.familyId);
      expect(second.json().id).not.toBe(body.id);
    });

    it("names the family after the display name without a last name, else after the email's local part", async () => {
      const { cookie: joeCookie } = await makeUser(t.ctx, { displayName: 'Grandpa Joe' });
      const joes = (await call('POST', '/api/invites', joeCookie)).json();
      expect((await familyRow(joes.familyId))!.name).toBe('Grandpa Joe Family');

      const email = `oak.${randomUUID().slice(0, 8)}@example.org`;
      const { cookie } = await makeUser(t.ctx, { displayName: null, email });
      const unnamed = (await call('POST', '/api/invites', cookie)).json();
      expect((await familyRow(unnamed.familyId))!.name).toBe(`${email.split('@')[0]} Family`);
    });

    it('answers 401 when signed out', async () => {
      expect((await call('POST', '/api/invites')).statusCode).toBe(401);
    });
  });

  describe('GET /api/invites/:id (public)', () => {
    it('shows the family name and the inviter to a signed-out visitor, with no email', async () => {
      const { user: inviter } = await makeUser(t.ctx, { displayName: 'Rose', firstName: 'Rosemary' });
      const family = await makeFamily(t.ctx, inviter, { name: 'Hill Family' });
      const invite = await makeFamilyInvite(t.ctx, family.id, inviter);
      const response = await call('GET', `/api/invites/${invite.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: invite.id,
        familyId: family.id,
        familyName: 'Hill Family',
        expiresAt: expect.any(String),
        inviter: { displayName: 'Rose', firstName: 'Rosemary', profileImageUrl: null },
      });
      expect(response.body).not.toContain('@');
    });

    it("answers 404 'This invite link is invalid or may have expired.' after 48 hours and for an unknown id", async () => {
      const { user: inviter } = await makeUser(t.ctx);
      const family = await makeFamily(t.ctx, inviter);
      const invite = await makeFamilyInvite(t.ctx, family.id, inviter);
      t.advance(48 * HOUR + 1000);
      for (const id of [invite.id, randomUUID()]) {
        const response = await call('GET', `/api/invites/${id}`);
        expect([response.statusCode, response.json()]).toEqual([404, { message: 'This invite link is invalid or may have expired.' }]);
      }
    });
  });

  describe('POST /api/invites/:id/accept', () => {
    async function familyWithInvite() {
      const { user: inviter } = await makeUser(t.ctx, { displayName: 'Rose' });
      const { user: quiet } = await makeUser(t.ctx);
      await t.ctx.db.updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', quiet.id).execute();
      const family = await makeFamily(t.ctx, inviter, { members: [quiet] });
      const invite = await makeFamilyInvite(t.ctx, family.id, inviter);
      return { inviter, quiet, family, invite };
    }

    it('puts a user without a family in it, tells the other members once, and is a no-op the second time', async () => {
      const { inviter, quiet, family, invite } = await familyWithInvite();
      const { user: joiner, cookie } = await makeUser(t.ctx, { displayName: 'Joe' });
      const response = await call('POST', `/api/invites/${invite.id}/accept`, cookie, {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: joiner.id, email: joiner.email, familyId: family.id });
      expect(await familyOf(joiner.id)).toBe(family.id);
      const expected = [{ type: 'family_joined', title: 'New family member', message: 'Joe joined your family' }];
      expect(await notificationsOf(inviter.id)).toEqual(expected);
      expect(await notificationsOf(quiet.id)).toEqual([]);
      expect(await notificationsOf(joiner.id)).toEqual([]);

      const again = await call('POST', `/api/invites/${invite.id}/accept`, cookie);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: joiner.id, familyId: family.id });
      expect(await notificationsOf(inviter.id)).toEqual(expected);
    });

    it('answers 409 with the merge data to a member of another family, who stays where they are', async () => {
      const { family, invite } = await familyWithInvite();
      const { user, cookie } = await makeUser(t.ctx);
      const own = await makeFamily(t.ctx, user);
      const response = await call('POST', `/api/invites/${invite.id}/accept`, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'You already belong to another family',
        requiresExplicitMerge: true,
        currentFamilyId: own.id,
        invitedFamilyId: family.id,
      });
      expect(await familyOf(user.id)).toBe(own.id);
    });

    it('refuses an expired link with 404 and a signed-out caller with 401', async () => {
      const { invite } = await familyWithInvite();
      const { user, cookie } = await makeUser(t.ctx);
      expect((await call('POST', `/api/invites/${invite.id}/accept`)).statusCode).toBe(401);
      t.advance(48 * HOUR + 1000);
      const response = await call('POST', `/api/invites/${invite.id}/accept`, cookie);
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.familyInviteInvalid }]);
      expect(await familyOf(user.id)).toBeNull();
    });
  });

  describe('GET /api/families/:familyId', () => {
    it('shows the family and its members to a member, 404 to anyone else and 401 signed out', async () => {
      const { user: rose, cookie } = await makeUser(t.ctx, { displayName: 'Rose', lastName: 'Hill' });
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const family = await makeFamily(t.ctx, rose, { name: 'Hill Family' });
      const response = await call('GET', `/api/families/${family.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: family.id,
        name: 'Hill Family',
        createdAt: expect.any(String),
        members: [{ id: rose.id, displayName: 'Rose', firstName: null, lastName: 'Hill', email: rose.email, profileImageUrl: null, isStoryteller: false }],
      });
      for (const id of [family.id, randomUUID()]) {
        const refused = await call('GET', `/api/families/${id}`, strangerCookie);
        expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Family not found' }]);
      }
      expect((await call('GET', `/api/families/${family.id}`)).statusCode).toBe(401);
    });
  });
});
