import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { hashToken } from '../auth/sessions.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';

const crossOriginRefusal = { message: `${messages.crossOrigin}: open Heirloom at ${TEST_ORIGIN}` };

/** The Content-Security-Policy header as directive → sources. */
function cspOf(header: unknown): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((words) => words[0]);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

describe.each(dialects)('request forgery and security headers on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const countSessions = async (userId: string) =>
    Number(
      (await t.ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n,
    );
  const storedName = async (userId: string) =>
    (await t.ctx.db.selectFrom('users').select('display_name').where('id', '=', userId).executeTakeFirstOrThrow()).display_name;

  describe('Origin check on state-changing requests', () => {
    it.each(['https://evil.example', 'null', `${TEST_ORIGIN}.evil.example`, 'https://heirloom.test'])(
      'refuses POST /api/auth/login from Origin %s with 403, signing nobody in',
      async (origin) => {
        const { user } = await makeUser(t.ctx);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { origin },
          payload: { email: user.email, password: TEST_PASSWORD },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(crossOriginRefusal);
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(await countSessions(user.id)).toBe(1);
      },
    );

    it('refuses a cross-origin PATCH /api/user with 403 and leaves the account unchanged', async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Original' });
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: { cookie, origin: 'https://evil.example' },
        payload: { displayName: 'Hijacked' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(crossOriginRefusal);
      expect(await storedName(user.id)).toBe('Original');
    });

    it('refuses a cross-origin sign-up with 403 and stores no user', async () => {
      const email = 'forged@example.org';
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'https://evil.example' },
        payload: { email, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it.each([
      ['the same Origin as PUBLIC_URL', { origin: TEST_ORIGIN }],
      ['no Origin header', {}],
    ])('allows sign-in and settings changes with %s', async (_, headers: Record<string, string>) => {
      const { user } = await makeUser(t.ctx);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const patch = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...headers, cookie }, payload: { displayName: 'Renamed' } });
      expect(patch.statusCode).toBe(200);
      expect(await storedName(user.id)).toBe('Renamed');
    });

    it('lets cross-origin GET requests through (they change nothing)', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: { origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    it.each([
      ['a 200', 'GET', '/api/auth/providers', 200],
      ['a 401', 'GET', '/api/auth/user', 401],
      ['a 404', 'GET', '/api/nothing-here', 404],
      ['a 403 refusal of a cross-origin request', 'POST', '/api/auth/login', 403],
    ] as const)('are on %s API response', async (_, method, url, status) => {
      const response = await t.app.inject({ method, url, headers: { origin: 'https://evil.example' }, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(status);
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      // No CORS: the API answers its own origin only (DESIGN "Edge decisions").
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('sends no Strict-Transport-Security over plain http', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe.each(dialects)('cookies when PUBLIC_URL is https, on %s', (dialect) => {
  const origin = 'https://memories.example.org';
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect, { env: { PUBLIC_URL: origin } });
  });
  afterAll(() => t.close());

  it('names the session cookie __Host-sid and marks it Secure, HttpOnly, SameSite=Lax, Path=/ with no Domain', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin },
      payload: { email: 'secure@example.org', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-sid=[\w-]{43};/);
    for (const attribute of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(setCookie).toContain(attribute);
    expect(setCookie).not.toMatch(/Domain=/i);

    const pair = setCookie.split(';')[0]!;
    const token = pair.slice(pair.indexOf('=') + 1);
    expect(await t.ctx.db.selectFrom('sessions').select('user_id').where('token_hash', '=', hashToken(token)).executeTakeFirst()).toEqual({
      user_id: response.json().id,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: pair } })).statusCode).toBe(200);
    // The plain name means nothing on an https server.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `sid=${token}` } })).statusCode).toBe(401);
  });

  it('sends Strict-Transport-Security and refuses the plain-http origin as cross-origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://memories.example.org' },
      payload: { email: 'secure@example.org', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('content security policy with S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', {
      env: {
        STORAGE: 's3',
        S3_BUCKET: 'heirloom',
        S3_ENDPOINT: 'http://127.0.0.1:9/',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    });
  });
  afterAll(() => t.close());

  it('lets images, media and uploads reach the bucket and nothing else', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*http://127\\.0\\.0\\.1:9(;|\\s)`));
    }
    expect(csp).toMatch(/script-src 'self';/);
  });

  it('names the address browsers reach the bucket at, not the server’s own, when S3_PUBLIC_ENDPOINT is set', async () => {
    const split = await makeTestApp('sqlite', {
      env: {
        STORAGE: 's3',
        S3_BUCKET: 'heirloom',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://media.example.org',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
    });
    try {
      const csp = String((await split.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      for (const directive of ['img-src', 'media-src', 'connect-src']) {
        expect(csp).toMatch(new RegExp(`${directive} [^;]*https://media\\.example\\.org(;|\\s)`));
      }
      expect(csp).not.toContain('minio');
    } finally {
      await split.close();
    }
  });
});
