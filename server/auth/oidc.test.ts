// Single sign-on end to end: the app on a real listener, a real OpenID provider on loopback,
// and a browser made of fetch and a cookie jar that fills in the provider's forms.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { startOidcPeer, type OidcPeer } from '../test/oidc-peer.js';

const CALLBACK = '/api/auth/oidc/callback';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Just enough of a browser: follows nothing by itself, keeps cookies per origin. */
class Browser {
  readonly jars = new Map<string, Map<string, string>>();

  jar(url: string): Map<string, string> {
    const origin = new URL(url).origin;
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    return this.jars.get(origin)!;
  }

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const jar = this.jar(url);
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*max-age=0$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
}

interface Flow {
  /** The app's answer at the callback (unless stopped before it). */
  response: Response;
  /** The callback address the provider sent the browser to. */
  callbackUrl: string;
}

/**
 * Starts at /api/login and plays the user at the provider: types `login` as the login name
 * (any password), consents, and follows redirects back to the app's callback.
 */
async function signIn(browser: Browser, appOrigin: string, login: string, options: { returnTo?: string; stopAtCallback?: boolean } = {}): Promise<Flow> {
  const start = await browser.fetch(`${appOrigin}/api/login?returnTo=${encodeURIComponent(options.returnTo ?? '/timeline')}`);
  expect(start.status).toBe(302);
  let url = new URL(start.headers.get('location')!, appOrigin).href;
  for (let step = 0; step < 20; step++) {
    if (new URL(url).origin === appOrigin && new URL(url).pathname === CALLBACK) {
      if (options.stopAtCallback) return { response: start, callbackUrl: url };
      return { response: await browser.fetch(url), callbackUrl: url };
    }
    const response = await browser.fetch(url);
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).href;
      continue;
    }
    const page = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !prompt || !action) throw new Error(`Unexpected provider page (${response.status}): ${page.slice(0, 500)}`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
    const submitted = await browser.fetch(new URL(action, url).href, { method: 'POST', form });
    expect([302, 303]).toContain(submitted.status);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('The sign-in never came back to the app');
}

describe.each(dialects)('single sign-on through a real OpenID provider on %s', (dialect) => {
  let t: TestApp;
  let peer: OidcPeer;
  let appOrigin: string;

  beforeAll(async () => {
    const port = await freePort();
    appOrigin = `http://127.0.0.1:${port}`;
    peer = await startOidcPeer(`${appOrigin}${CALLBACK}`);
    t = await makeTestApp(dialect, {
      env: {
        PUBLIC_URL: appOrigin,
        OIDC_ISSUER: peer.issuer,
        OIDC_CLIENT_ID: peer.clientId,
        OIDC_CLIENT_SECRET: peer.clientSecret,
        OIDC_NAME: 'Family SSO',
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const usersWithEmail = (email: string) => t.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
  const identitiesOf = (subject: string) => t.ctx.db.selectFrom('identities').selectAll().where('subject', '=', subject).execute();
  const sessionCookie = (browser: Browser) => browser.jar(appOrigin).get('sid');
  const me = (cookie: string) => fetch(`${appOrigin}/api/auth/user`, { headers: { cookie: `sid=${cookie}` } });

  it('names the provider at /api/auth/providers', async () => {
    const response = await fetch(`${appOrigin}/api/auth/providers`);
    expect(await response.json()).toEqual({ password: true, oidc: { name: 'Family SSO' }, registration: 'open' });
  });

  it('sends /api/login to the provider with PKCE, state and nonce, remembering them in a signed cookie', async () => {
    const browser = new Browser();
    const response = await browser.fetch(`${appOrigin}/api/login?returnTo=//evil.example`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(peer.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: peer.clientId,
      redirect_uri: `${appOrigin}${CALLBACK}`,
      response_type: 'code',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('heirloom-oidc='))!;
    expect(setCookie).toMatch(/Path=\/api\/auth\/oidc/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const pending = decodeURIComponent(browser.jar(appOrigin).get('heirloom-oidc')!);
    expect(JSON.parse(pending.slice(0, pending.lastIndexOf('.'))).returnTo).toBe('/');
  });

  it('creates the user on the first sign-in, links the identity and signs them in', async () => {
    peer.accounts.set('alice-sub', { email: 'Alice@Example.org', emailVerified: true, name: 'Alice Liddell' });
    const browser = new Browser();
    const { response } = await signIn(browser, appOrigin, 'alice-sub');
    expect(peer.errors).toEqual([]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/timeline');
    const cookie = sessionCookie(browser);
    expect(cookie).toMatch(/^[\w-]{43}$/);

    const user = await (await me(cookie!)).json();
    expect(user).toMatchObject({ email: 'alice@example.org', displayName: 'Alice Liddell' });
    const rows = await usersWithEmail('alice@example.org');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toBeNull();
    expect(await identitiesOf('alice-sub')).toEqual([
      { user_id: user.id, issuer: peer.issuer, subject: 'alice-sub', created_at: expect.any(String) },
    ]);
  });

  it('signs the same subject in again as the same user', async () => {
    peer.accounts.set('carol-sub', { email: 'carol@example.org', emailVerified: true, name: 'Carol' });
    const first = new Browser();
    await signIn(first, appOrigin, 'carol-sub');
    const second = new Browser();
    const { response } = await signIn(second, appOrigin, 'carol-sub', { returnTo: '/settings' });
    expect(response.headers.get('location')).toBe('/settings');
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    const [firstUser, secondUser] = await Promise.all([first, second].map(async (b) => (await me(sessionCookie(b)!)).json()));
    expect(secondUser.id).toBe(firstUser.id);
    expect(await usersWithEmail('carol@example.org')).toHaveLength(1);
    expect(await identitiesOf('carol-sub')).toHaveLength(1);
  });

  it('links a password account with the same verified email instead of making a second user', async () => {
    const { user } = await makeUser(t.ctx, { email: 'bob@example.org' });
    peer.accounts.set('bob-sub', { email: 'BOB@example.org', emailVerified: true, name: 'Robert' });
    const browser = new Browser();
    const { response } = await signIn(browser, appOrigin, 'bob-sub');
    expect(response.headers.get('location')).toBe('/timeline');
    expect((await (await me(sessionCookie(browser)!)).json()).id).toBe(user.id);
    expect(await usersWithEmail('bob@example.org')).toHaveLength(1);
    expect((await identitiesOf('bob-sub')).map((row) => row.user_id)).toEqual([user.id]);
  });

  it('refuses an account whose email is not verified: back to /login?error=sso, no user created', async () => {
    peer.accounts.set('eve-sub', { email: 'eve@example.org', emailVerified: false, name: 'Eve' });
    const browser = new Browser();
    const { response } = await signIn(browser, appOrigin, 'eve-sub');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?error=sso&reason=${encodeURIComponent(messages.ssoEmailUnverified)}`);
    expect(sessionCookie(browser)).toBeUndefined();
    expect(await usersWithEmail('eve@example.org')).toEqual([]);
    expect(await identitiesOf('eve-sub')).toEqual([]);
  });

  it.each([
    ['missing', (jar: Map<string, string>) => jar.delete('heirloom-oidc')],
    [
      'tampered with',
      (jar: Map<string, string>) => {
        const value = jar.get('heirloom-oidc')!;
        expect(value).toContain('%2Ftimeline');
        jar.set('heirloom-oidc', value.replace('%2Ftimeline', '%2Fevil'));
      },
    ],
  ])('refuses the callback when the state cookie is %s: /login?error=sso and no session', async (_, spoil) => {
    peer.accounts.set('dave-sub', { email: 'dave@example.org', emailVerified: true });
    const browser = new Browser();
    const { callbackUrl } = await signIn(browser, appOrigin, 'dave-sub', { stopAtCallback: true });
    spoil(browser.jar(appOrigin));
    const response = await browser.fetch(callbackUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=sso');
    expect(sessionCookie(browser)).toBeUndefined();
    expect(await usersWithEmail('dave@example.org')).toEqual([]);
  });

  it("refuses a callback carrying someone else's code and state (login forgery)", async () => {
    peer.accounts.set('mallory-sub', { email: 'mallory@example.org', emailVerified: true });
    const attacker = new Browser();
    const { callbackUrl } = await signIn(attacker, appOrigin, 'mallory-sub', { stopAtCallback: true });
    const victim = new Browser();
    await victim.fetch(`${appOrigin}/api/login?returnTo=/timeline`);
    const response = await victim.fetch(callbackUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?error=sso');
    expect(sessionCookie(victim)).toBeUndefined();
    expect(await usersWithEmail('mallory@example.org')).toEqual([]);
  });
});
