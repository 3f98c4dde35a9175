// Issue 19 "Accounts": GET /api/logout (DESIGN "API": the menu's sign-out navigation) signs
// out only on a navigation of our own; one from another site gets a page that asks first,
// whose button POSTs to /api/logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { hashToken } from './sessions.js';

/** The full Set-Cookie header of the session cookie, or ''. */
function setCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]).filter((c): c is string => typeof c === 'string');
  return cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie)) ?? '';
}

describe.each(dialects)('signing out on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const logout = (cookie: string | undefined, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({ method, url: '/api/logout', headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const sessionRow = (cookie: string) =>
    t.ctx.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hashToken(cookie.slice(cookie.indexOf('=') + 1))).executeTakeFirst();

  describe('GET /api/logout', () => {
    it.each([['cross-site'], ['same-site']])(
      'from a navigation that is %s: keeps the session and answers a no-store page with a "Sign Out" button that POSTs to /api/logout',
      async (site) => {
        const { user, cookie } = await makeUser(t.ctx);
        const response = await logout(cookie, { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(setCookieOf(response)).toBe('');
        expect((await sessionRow(cookie))?.user_id).toBe(user.id);
        expect((await me(cookie)).statusCode).toBe(200);

        const page = response.body;
        expect(page).toContain(`<h1>${messages.signOutConfirmTitle}</h1>`);
        expect(page).toMatch(/<form method="post" action="\/api\/logout">\s*<button type="submit">Sign Out<\/button>\s*<\/form>/);
        expect(page).toContain('<a href="/">Stay signed in</a>');
        // CSP-safe: the policy allows scripts from our files only, and the page needs none.
        expect(page).not.toMatch(/<script|\son[a-z]+=/i);
        expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
      },
    );

    it.each([['same-origin'], ['none'], ['absent (an older browser, or no browser)']])(
      "from a navigation whose Sec-Fetch-Site is %s: ends the session, clears the cookie and redirects 302 to '/'",
      async (site) => {
        const { cookie } = await makeUser(t.ctx);
        const headers: Record<string, string> = site.startsWith('absent') ? {} : { 'sec-fetch-site': site };
        const response = await logout(cookie, headers);
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/');
        expect(setCookieOf(response)).toMatch(/^sid=;.*Max-Age=0/);
        expect(await sessionRow(cookie)).toBeUndefined();
        expect((await me(cookie)).statusCode).toBe(401);
      },
    );

    it("from another site while signed out: redirects to '/' as before, with nothing to ask", async () => {
      const response = await logout(undefined, { 'sec-fetch-site': 'cross-site' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
    });
  });

  describe('POST /api/logout (the page\'s button)', () => {
    it("from our own origin: ends the session, clears the cookie and redirects 303 to '/'", async () => {
      const { cookie } = await makeUser(t.ctx);
      const response = await logout(cookie, { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' }, 'POST');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      expect(setCookieOf(response)).toMatch(/^sid=;.*Max-Age=0/);
      expect(await sessionRow(cookie)).toBeUndefined();
      expect((await me(cookie)).statusCode).toBe(401);
    });

    it('from another origin: 403 and the session stays', async () => {
      const { user, cookie } = await makeUser(t.ctx);
      const response = await logout(cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, 'POST');
      expect(response.statusCode).toBe(403);
      expect((await sessionRow(cookie))?.user_id).toBe(user.id);
      expect((await me(cookie)).statusCode).toBe(200);
    });
  });
});
