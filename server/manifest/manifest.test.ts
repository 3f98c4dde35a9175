// Issue 26 "Installed": the manifest a phone reads when the app is installed, named for the family.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeFamily, makeUser } from '../test/factories.js';

describe.each(dialects)('GET /manifest.webmanifest on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const manifestOf = (cookie?: string) => t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: cookie ? { cookie } : {} });

  it('names the app for the signed-in person’s family, its short name the family when it fits a home screen', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    await makeFamily(t.ctx, user, { name: 'Hill Family' });
    const response = await manifestOf(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toMatchObject({ name: 'Hill Family · Heirloom', short_name: 'Hill Family', id: '/', start_url: '/', display: 'standalone' });
  });

  it('keeps Heirloom as the short name when the family’s name is too long for a home screen', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    await makeFamily(t.ctx, user, { name: 'The Montgomery-Smiths' });
    expect(response(await manifestOf(cookie))).toMatchObject({ name: 'The Montgomery-Smiths · Heirloom', short_name: 'Heirloom' });
  });

  it('is plain Heirloom signed out, with a session that ended, and for someone in no family', async () => {
    const { cookie } = await makeUser(t.ctx);
    for (const answer of [await manifestOf(), await manifestOf('sid=not-a-session'), await manifestOf(cookie)]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ name: 'Heirloom', short_name: 'Heirloom' });
    }
  });

  it('carries the icons (192, 512 and the maskable 512) and both colours', async () => {
    const body = response(await manifestOf());
    expect(body.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    expect(body).toMatchObject({ theme_color: '#1a1b1e', background_color: '#1a1b1e' });
  });

  it('is kept by no shared cache and asked again each time, varying by the session', async () => {
    const answer = await manifestOf();
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toContain('Cookie');
  });
});

const response = (answer: { json(): unknown }) => answer.json() as { name: string; short_name: string; icons: unknown[]; theme_color: string };
