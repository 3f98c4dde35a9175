// Issue 19: media bytes are never shown from the browser's cache without the app's access
// check. A shared family tablet must not open private photos after sign-out or an unshare.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import { newMediaKey } from '../providers/storage/index.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

/** Grandma's photo, shared with Joe; Sam is on the timeline but not shared with. */
async function sharedPhoto(t: TestApp) {
  const [grandma, joe, sam, stranger] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
  const timeline = await makeTimeline(t.ctx, grandma.user, { members: [joe.user, sam.user] });
  const memory = await makeMemory(t.ctx, grandma.user, { timelineIds: [timeline.id], sharedWith: [joe.user] });
  const key = newMediaKey('images', 'webp');
  await t.ctx.media.put(key, Readable.from([content]), { contentType: 'image/webp' });
  await t.ctx.db
    .insertInto('media')
    .values({ id: randomUUID(), memory_id: memory.id, owner_id: grandma.user.id, kind: 'image', storage_key: key, mime_type: 'image/webp', size: content.length, position: 0, created_at: iso(t.ctx.now()) })
    .execute();
  return { grandma, joe, sam, stranger, memory, key };
}

const get = (t: TestApp, key: string, who: MadeUser | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });

describe.each(dialects)('media caching on the local store on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("is sent 'private, no-cache' with its ETag, never kept for a year", async () => {
    const { joe, key } = await sharedPhoto(t);
    const response = await get(t, key, joe);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
  });

  it('answers a viewer who sends the right ETag with 304 and no body, a wrong one with the bytes', async () => {
    const { joe, key } = await sharedPhoto(t);
    const etag = (await get(t, key, joe)).headers.etag as string;
    const again = await get(t, key, joe, { 'if-none-match': etag });
    expect([again.statusCode, again.rawPayload.length, again.headers.etag, again.headers['cache-control']]).toEqual([304, 0, etag, 'private, no-cache']);
    const stale = await get(t, key, joe, { 'if-none-match': '"another"' });
    expect([stale.statusCode, stale.rawPayload.equals(content)]).toEqual([200, true]);
  });

  it('answers 404 with no ETag to a stranger, a member not shared with and a signed-out browser that send the right ETag', async () => {
    const { joe, sam, stranger, key } = await sharedPhoto(t);
    const etag = (await get(t, key, joe)).headers.etag as string;
    for (const who of [stranger, sam, undefined]) {
      const response = await get(t, key, who, { 'if-none-match': etag });
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.notFound }]);
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('answers 404, not 304, to the cached copy of someone the memory was unshared from', async () => {
    const { grandma, joe, memory, key } = await sharedPhoto(t);
    const etag = (await get(t, key, joe)).headers.etag as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/share`, headers: { cookie: grandma.cookie }, payload: { userIds: [] } })).statusCode).toBe(200);
    const response = await get(t, key, joe, { 'if-none-match': etag });
    expect(response.statusCode).toBe(404);
    expect((await get(t, key, grandma, { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe.each(dialects)('media caching on S3 (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it("redirects with 'private, no-store', to a presigned GET whose answer is 'private, no-cache'", async () => {
    const { joe, key } = await sharedPhoto(t);
    const response = await get(t, key, joe);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('response-cache-control')).toBe('private, no-cache');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(content)).toBe(true);
  });

  it('gives no address to a stranger or a member not shared with, whatever ETag they send', async () => {
    const { sam, stranger, key } = await sharedPhoto(t);
    for (const who of [stranger, sam, undefined]) {
      const response = await get(t, key, who, { 'if-none-match': '*' });
      expect([response.statusCode, response.headers.location]).toEqual([404, undefined]);
    }
  });
});
