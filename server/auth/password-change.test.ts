// Issue 19 "Accounts": changing the password and signing out other devices (DESIGN "E-mail":
// a password change ends the user's other sessions; end-others signs out every other device).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeUser, TEST_PASSWORD, type MadeUser } from '../test/factories.js';
import { startSession } from './sessions.js';

const NEW_PASSWORD = 'a brand new family secret';
const newEmail = () => `person-${randomUUID().slice(0, 8)}@example.org`;
/** A fresh client address per call, so one test's failed sign-ins never lock out another's. */
let lastOctet = 0;
const newAddress = () => `10.1.${Math.floor(++lastOctet / 250)}.${lastOctet % 250}`;

describe.each(dialects)('password change and other devices on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const changePassword = (cookie: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password', payload, headers: cookie ? { cookie, origin: TEST_ORIGIN } : {}, remoteAddress: newAddress() });
  const endOthers = (cookie: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sessions/end-others', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: newAddress() });
  const passwordHashOf = async (userId: string) =>
    (await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

  /** A person signed in on three devices: `cookie` is the one asking. */
  async function onThreeDevices(): Promise<MadeUser & { others: string[] }> {
    const made = await makeUser(t.ctx, { email: newEmail() });
    const others = [];
    for (let i = 0; i < 2; i++) others.push(`sid=${(await startSession(t.ctx, made.user.id, 'another device')).token}`);
    return { ...made, others };
  }

  describe('POST /api/auth/password', () => {
    it('sets the new password, ends every other session and keeps this one', async () => {
      const { user, cookie, others } = await onThreeDevices();
      const bystander = await makeUser(t.ctx);
      for (const other of others) expect((await me(other)).statusCode).toBe(200);

      const response = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ endedSessions: 2 });

      expect((await me(cookie)).statusCode).toBe(200);
      for (const other of others) {
        const after = await me(other);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual({ message: messages.signedOut });
      }
      // Someone else's session is none of this call's business.
      expect((await me(bystander.cookie)).statusCode).toBe(200);
      expect(await passwordHashOf(user.id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
      const withNew = await login(user.email, NEW_PASSWORD);
      expect(withNew.statusCode).toBe(200);
      expect(withNew.json().id).toBe(user.id);
    });

    it("refuses a wrong current password with 400 'Current password is incorrect' and changes nothing", async () => {
      const { user, cookie, others } = await onThreeDevices();
      const before = await passwordHashOf(user.id);
      const response = await changePassword(cookie, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Current password is incorrect' });
      expect(await passwordHashOf(user.id)).toBe(before);
      for (const session of [cookie, ...others]) expect((await me(session)).statusCode).toBe(200);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['a 7-character new password', { newPassword: 'abc1234' }, 'Password must be at least 8 characters'],
      ['a 129-character new password', { newPassword: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      ['a common new password', { newPassword: 'Password123' }, messages.passwordTooCommon],
      ['no current password', { currentPassword: '' }, 'Enter your current password'],
      ['no new password', { newPassword: undefined }, 'Password must be at least 8 characters'],
    ])('refuses %s with 400 as sign-up does, and changes nothing', async (_, change, message) => {
      const { user, cookie, others } = await onThreeDevices();
      const before = await passwordHashOf(user.id);
      const response = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await passwordHashOf(user.id)).toBe(before);
      for (const other of others) expect((await me(other)).statusCode).toBe(200);
    });

    it("refuses an account with no password (single sign-on only) with 403 and a clear message", async () => {
      const { user, cookie, others } = await onThreeDevices();
      await t.ctx.db.updateTable('users').set({ password_hash: null, updated_at: iso(t.ctx.now()) }).where('id', '=', user.id).execute();
      const response = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This account signs in with single sign-on and has no password to change' });
      expect(await passwordHashOf(user.id)).toBeNull();
      for (const other of others) expect((await me(other)).statusCode).toBe(200);
    });

    it('counts wrong current passwords as failed sign-ins: after 10 the account is locked out, right password included', async () => {
      const { user, cookie } = await makeUser(t.ctx, { email: newEmail() });
      const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => changePassword(cookie, { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD })));
      expect(guesses.map((response) => response.statusCode).sort()).toEqual([...Array(10).fill(400), 429, 429]);
      const right = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ message: messages.tooManySignIns });
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it("answers 401 'Please sign in to continue' when signed out, and 403 from another origin", async () => {
      const signedOut = await changePassword(undefined, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: messages.signedOut });

      const { user, cookie } = await makeUser(t.ctx);
      const before = await passwordHashOf(user.id);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(forged.statusCode).toBe(403);
      expect(await passwordHashOf(user.id)).toBe(before);
    });
  });

  describe('POST /api/auth/sessions/end-others', () => {
    it('ends every other session of the caller, answers how many, and keeps this one', async () => {
      const { cookie, others } = await onThreeDevices();
      const bystander = await makeUser(t.ctx);
      const response = await endOthers(cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ endedSessions: 2 });
      expect((await me(cookie)).statusCode).toBe(200);
      for (const other of others) expect((await me(other)).statusCode).toBe(401);
      expect((await me(bystander.cookie)).statusCode).toBe(200);

      const again = await endOthers(cookie);
      expect(again.json()).toEqual({ endedSessions: 0 });
    });

    it('ends a session signed in through the sign-in form on another device', async () => {
      const { user, cookie } = await makeUser(t.ctx, { email: newEmail() });
      const phone = sessionCookieOf(await login(user.email, TEST_PASSWORD));
      expect((await me(phone)).statusCode).toBe(200);
      expect((await endOthers(cookie)).json()).toEqual({ endedSessions: 1 });
      expect((await me(phone)).statusCode).toBe(401);
    });

    it('answers 401 when signed out, and 403 from another origin without ending anything', async () => {
      expect((await endOthers(undefined)).statusCode).toBe(401);
      const { cookie, others } = await onThreeDevices();
      expect((await endOthers(cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
      for (const other of others) expect((await me(other)).statusCode).toBe(200);
    });
  });
});
