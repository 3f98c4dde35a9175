// Weak ETags and 304 on the API's JSON reads (issue 21 "One honest fast path"): made from the
// bytes each request would send, after the route ran in full, so never stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { matchesIfNoneMatch, weakEtagOf } from './etag.js';

describe('weak ETags', () => {
  it('are weak, and equal exactly for equal bytes', () => {
    expect(weakEtagOf('{"a":1}')).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(weakEtagOf(Buffer.from('{"a":1}'))).toBe(weakEtagOf('{"a":1}'));
    expect(weakEtagOf('{"a":2}')).not.toBe(weakEtagOf('{"a":1}'));
  });

  it('match If-None-Match weakly, in a list, and with *', () => {
    const etag = weakEtagOf('x');
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(etag.slice(2), etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe.each(dialects)('ETag and 304 on the JSON reads on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser, viewer: MadeUser;
  let timeline: { id: string };
  let memoryId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    creator = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    viewer = await makeUser(t.ctx);
    timeline = await makeTimeline(t.ctx, creator.user, { members: [viewer.user] });
    memoryId = (await makeMemory(t.ctx, creator.user, { title: 'Our wedding', timelineIds: [timeline.id], sharedWith: [viewer.user] })).id;
  });
  afterAll(() => t.close());

  const get = (who: MadeUser, url: string, ifNoneMatch?: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) } });
  const pageUrl = () => `/api/timelines/${timeline.id}/memories?limit=20`;

  it.each([
    ['a timeline page', () => pageUrl()],
    ["a timeline's memory days", () => `/api/timelines/${timeline.id}/memory-days?tz=UTC`],
    ['the spotlight', () => '/api/memories/spotlight'],
    ['a memory', () => `/api/memories/${memoryId}`],
    ['the signed-in user', () => '/api/auth/user'],
    ['the timelines', () => '/api/timelines'],
  ])('answers %s asked again with the same bytes in hand with 304 and no body', async (_, url) => {
    const first = await get(viewer, url());
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBe(weakEtagOf(first.rawPayload));
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(viewer, url(), etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-type']).toBeUndefined();
    // A tag the caller does not hold: the whole answer.
    expect((await get(viewer, url(), 'W/"something else"')).body).toBe(first.body);
  });

  it('answers 200 with a new ETag once the memory is edited', async () => {
    const first = await get(viewer, pageUrl());
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/memories/${memoryId}`, headers: { cookie: creator.cookie, origin: TEST_ORIGIN }, payload: { title: 'Our wedding day' } });
    expect(edited.statusCode).toBe(200);
    const after = await get(viewer, pageUrl(), first.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json().memories[0].title).toBe('Our wedding day');
  });

  it('answers 404, not 304, to a viewer taken off the timeline who still holds the page', async () => {
    const held = await get(viewer, pageUrl());
    expect(held.statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/timelines/${timeline.id}/members/${viewer.user.id}`, headers: { cookie: creator.cookie, origin: TEST_ORIGIN } });
    expect(removed.statusCode).toBe(200);
    const after = await get(viewer, pageUrl(), held.headers.etag as string);
    expect(after.statusCode).toBe(404);
    expect(after.headers.etag).toBeUndefined();
  });

  it('tags no refusal and no write', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: pageUrl() });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers.etag).toBeUndefined();
    const created = await t.app.inject({ method: 'POST', url: '/api/timelines', headers: { cookie: creator.cookie, origin: TEST_ORIGIN }, payload: { name: 'Cousins' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();
  });
});
