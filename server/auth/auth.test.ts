import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, sessionCookieOf, type TestApp } from '../test/app.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { hashToken } from './sessions.js';

const DAY = 24 * 60 * 60_000;
const newEmail = () => `person-${randomUUID().slice(0, 8)}@example.org`;
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

/** The full Set-Cookie header of the session cookie. */
function setCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string');
  return cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie)) ?? '';
}

describe.each(dialects)('sign-up, sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const register = (payload?: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  const login = (payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: cookie ? { cookie } : {} });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const countUsers = async () =>
    Number((await t.ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const sessionRow = (cookie: string) =>
    t.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(tokenOf(cookie))).executeTakeFirst();

  describe('POST /api/auth/register', () => {
    it('creates the account: 201, the user, and an HttpOnly SameSite=Lax sid cookie on Path=/', async () => {
      const response = await register({ email: 'Ann.Smith@Example.ORG', password: TEST_PASSWORD, displayName: '  Ann  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        email: 'ann.smith@example.org',
        displayName: 'Ann',
        firstName: null,
        lastName: null,
        profileImageUrl: null,
        familyId: null,
        defaultTimelineId: null,
        reminderTime: '18:00',
        notificationsEnabled: true,
        newMemoryNotificationsEnabled: true,
        createdAt: expect.any(String),
      });
      const setCookie = setCookieOf(response);
      expect(setCookie).toMatch(/^sid=[\w-]{43};/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
      expect(setCookie).toContain('Path=/');
      expect(setCookie).not.toContain('Secure');

      const row = await t.ctx.db.selectFrom('users').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
      expect(row.email).toBe('ann.smith@example.org');
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const cookie = sessionCookieOf(response);
      expect((await sessionRow(cookie))?.user_id).toBe(row.id);
      expect((await me(cookie)).json().email).toBe('ann.smith@example.org');
    });

    it('ends the session the browser held before, as every sign-in does', async () => {
      const { cookie: oldCookie } = await makeUser(t.ctx);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { cookie: oldCookie },
        payload: { email: newEmail(), password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(201);
      expect(sessionCookieOf(response)).not.toBe(oldCookie);
      expect(await sessionRow(oldCookie)).toBeUndefined();
    });

    it('makes displayName optional', async () => {
      const response = await register({ email: newEmail(), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(201);
      expect(response.json().displayName).toBeNull();
    });

    it('accepts passwords of exactly 8 and 128 characters', async () => {
      expect((await register({ email: newEmail(), password: 'violet42' })).statusCode).toBe(201);
      expect((await register({ email: newEmail(), password: 'q'.repeat(127) + 'z' })).statusCode).toBe(201);
    });

    it("refuses a duplicate email with 409 'An account with this email already exists', whatever its case", async () => {
      const email = newEmail();
      expect((await register({ email, password: TEST_PASSWORD })).statusCode).toBe(201);
      const response = await register({ email: email.toUpperCase(), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: messages.emailTaken });
    });

    it.each([
      ['a 7-character password', { password: 'abc1234' }, 'Password must be at least 8 characters'],
      ['a 129-character password', { password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      ['a missing password', { password: undefined }, 'Password must be at least 8 characters'],
      ['a common password', { password: 'password123' }, messages.passwordTooCommon],
      ['a common password in capitals', { password: 'PASSWORD123' }, messages.passwordTooCommon],
      ['an invalid email', { email: 'not-an-email' }, 'Enter a valid email address'],
      ['a missing email', { email: undefined }, 'Enter a valid email address'],
      ['a blank display name', { displayName: '   ' }, 'Display name required'],
    ])('refuses %s with 400 and stores nothing', async (_, change, message) => {
      const before = await countUsers();
      const response = await register({ email: newEmail(), password: TEST_PASSWORD, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await countUsers()).toBe(before);
    });

    it('refuses a request without a body with 400 and a readable message', async () => {
      const before = await countUsers();
      const response = await register();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.bodyNotObject });
      expect(await countUsers()).toBe(before);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password: 200, the user and a new session cookie', async () => {
      const { user } = await makeUser(t.ctx, { email: newEmail() });
      const response = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, email: user.email });
      const cookie = sessionCookieOf(response);
      expect((await sessionRow(cookie))?.user_id).toBe(user.id);
      expect((await me(cookie)).json().id).toBe(user.id);
    });

    it("answers a wrong password and an unknown email alike: 401 'Invalid email or password'", async () => {
      const { user } = await makeUser(t.ctx, { email: newEmail() });
      const wrong = await login({ email: user.email, password: 'not the password' });
      const unknown = await login({ email: newEmail(), password: TEST_PASSWORD });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Invalid email or password' });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it('ends the session the browser held before and issues a different token', async () => {
      const { user, cookie: oldCookie } = await makeUser(t.ctx, { email: newEmail() });
      const response = await login({ email: user.email, password: TEST_PASSWORD }, oldCookie);
      expect(response.statusCode).toBe(200);
      const newCookie = sessionCookieOf(response);
      expect(newCookie).not.toBe(oldCookie);
      expect(await sessionRow(oldCookie)).toBeUndefined();
      expect((await me(oldCookie)).statusCode).toBe(401);
      expect((await me(newCookie)).statusCode).toBe(200);
    });
  });

  describe('GET /api/logout', () => {
    it("deletes the session server-side, clears the cookie and redirects 302 to '/'", async () => {
      const { cookie } = await makeUser(t.ctx);
      const response = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(setCookieOf(response)).toMatch(/^sid=;.*Max-Age=0/);
      expect(await sessionRow(cookie)).toBeUndefined();
      const after = await me(cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: 'Please sign in to continue' });
    });
  });

  describe('signed out', () => {
    it.each([
      ['GET', '/api/auth/user', undefined],
      ['PATCH', '/api/user', { displayName: 'Someone' }],
      ['PATCH', '/api/user', { displayName: '' }],
      ['PATCH', '/api/auth/user/profile', { displayName: 'Someone' }],
      ['GET', '/api/notifications/unread-count', undefined],
    ] as const)("%s %s answers 401 'Please sign in to continue'", async (method, url, payload) => {
      const response = await t.app.inject({ method, url, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    });

    it('treats an unknown session token as signed out and clears its cookie', async () => {
      const response = await me(`sid=${'A'.repeat(43)}`);
      expect(response.statusCode).toBe(401);
      expect(setCookieOf(response)).toMatch(/^sid=;.*Max-Age=0/);
    });
  });

  describe('GET /api/auth/providers and GET /api/login without single sign-on', () => {
    it('offers passwords only, and says registration is open', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ password: true, oidc: null, registration: 'open' });
    });

    it.each([
      ['/timeline', '/login?returnTo=%2Ftimeline'],
      ['/timeline-invite/abc?x=1', '/login?returnTo=%2Ftimeline-invite%2Fabc%3Fx%3D1'],
      ['//evil.example', '/login?returnTo=%2F'],
      ['https://evil.example', '/login?returnTo=%2F'],
      ['/\\evil.example', '/login?returnTo=%2F'],
    ])('redirects returnTo=%s to %s', async (returnTo, location) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/login', query: { returnTo } });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    });

    it('redirects to /login?returnTo=%2F when returnTo is missing', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/login' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/login?returnTo=%2F');
    });
  });

  describe('session lifetime', () => {
    it('refuses a session after its 30 days with 401', async () => {
      const { cookie } = await makeUser(t.ctx);
      expect((await me(cookie)).statusCode).toBe(200);
      t.advance(31 * DAY);
      const response = await me(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Please sign in to continue' });
    });

    it('slides the expiry with use: re-sets the cookie and moves sessions.expires_at forward', async () => {
      const { cookie } = await makeUser(t.ctx);
      const before = (await sessionRow(cookie))!.expires_at;
      const fresh = await me(cookie);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['set-cookie']).toBeUndefined();

      t.advance(2 * DAY);
      const response = await me(cookie);
      expect(response.statusCode).toBe(200);
      const setCookie = setCookieOf(response);
      expect(setCookie.startsWith(`${cookie};`)).toBe(true);
      const after = (await sessionRow(cookie))!.expires_at;
      expect(Date.parse(after) - Date.parse(before)).toBeGreaterThanOrEqual(2 * DAY - 60_000);
      const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
      expect(Math.abs(expires - Date.parse(after))).toBeLessThan(1000);
    });
  });
});
