import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { iso } from '../context.js';
import type { MediaTable, UserRow } from '../db/schema.js';
import { newMediaKey, type MediaFolder } from '../providers/storage/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { formBody, imageOf, imagePart } from './test-support.js';

const notFound = { message: 'Not found' };
const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

describe.each(dialects)('GET /uploads/{key} on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = (key: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  /** A file in the store, and (unless `row` is null) the media row that names it. */
  async function storeFile(folder: MediaFolder, extension: string, row: Partial<MediaTable> & { owner_id: string } | null): Promise<string> {
    const key = newMediaKey(folder, extension);
    await t.ctx.media.put(key, Readable.from([content]), { contentType: row?.mime_type ?? 'application/octet-stream' });
    if (row) {
      await t.ctx.db
        .insertInto('media')
        .values({ id: randomUUID(), memory_id: null, kind: 'image', storage_key: key, mime_type: 'image/webp', size: content.length, position: 0, created_at: iso(t.ctx.now()), ...row })
        .execute();
    }
    return key;
  }

  async function makeMemory(
    creator: UserRow,
    fields: { sharedWith?: UserRow[]; timelineId?: string; audioKey?: string; creatorInShares?: boolean } = {},
  ): Promise<string> {
    const id = randomUUID();
    const now = iso(t.ctx.now());
    await t.ctx.db
      .insertInto('memories')
      .values({ id, title: 'Summer at the lake', content: '', transcription: '', user_id: creator.id, family_id: null, audio_key: fields.audioKey ?? null, created_at: now, updated_at: now })
      .execute();
    if (fields.timelineId) await t.ctx.db.insertInto('memory_timelines').values({ memory_id: id, timeline_id: fields.timelineId }).execute();
    const shares = [...(fields.creatorInShares === false ? [] : [creator]), ...(fields.sharedWith ?? [])];
    if (shares.length) await t.ctx.db.insertInto('memory_shares').values(shares.map((user) => ({ memory_id: id, user_id: user.id }))).execute();
    return id;
  }

  describe('an avatar', () => {
    it('is served to any signed-in user with its type, validators, and kept only to be revalidated (issue 19)', async () => {
      const { user: owner } = await makeUser(t.ctx);
      const { cookie } = await makeUser(t.ctx);
      const key = await storeFile('avatars', 'webp', { owner_id: owner.id, kind: 'avatar' });
      const response = await get(key, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(content)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': '1000',
        'accept-ranges': 'bytes',
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
        'content-disposition': expect.stringMatching(/^inline; /),
        etag: expect.stringMatching(/^"[^"]+"$/),
      });
    });

    it('is 404 signed out, exactly as for a key that does not exist', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const key = await storeFile('avatars', 'webp', { owner_id: owner.id, kind: 'avatar' });
      const signedOut = await get(key);
      expect(signedOut.statusCode).toBe(404);
      expect(signedOut.json()).toEqual(notFound);
      expect(signedOut.headers.etag).toBeUndefined();
      const unknown = await get(newMediaKey('avatars', 'webp'), cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(notFound);
    });

    it('serves the picture a user uploaded, through the URL their profile shows', async () => {
      const { cookie } = await makeUser(t.ctx);
      const form = await formBody([imagePart(await imageOf('png'))]);
      const saved = await t.app.inject({ method: 'POST', url: '/api/user/profile-image', payload: form.payload, headers: { ...form.headers, cookie } });
      expect(saved.statusCode).toBe(200);
      const { cookie: other } = await makeUser(t.ctx);
      const served = await t.app.inject({ method: 'GET', url: saved.json().profileImageUrl, headers: { cookie: other } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await t.app.inject({ method: 'GET', url: saved.json().profileImageUrl })).statusCode).toBe(404);
    });
  });

  describe('Range and conditional requests', () => {
    let key: string;
    let cookie: string;
    beforeAll(async () => {
      const made = await makeUser(t.ctx);
      cookie = made.cookie;
      key = await storeFile('avatars', 'webp', { owner_id: made.user.id, kind: 'avatar' });
    });

    it.each([
      ['bytes=10-19', 10, 19],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=0-0', 0, 0],
    ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
      const response = await get(key, cookie, { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
    });

    it('answers a range past the end with 416 and the size', async () => {
      const response = await get(key, cookie, { range: 'bytes=1000-' });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
      expect(response.json()).toEqual({ message: messages.rangeNotSatisfiable });
    });

    it('answers If-None-Match with the current tag with 304 and no body', async () => {
      const etag = (await get(key, cookie)).headers.etag as string;
      const response = await get(key, cookie, { 'if-none-match': etag });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect((await get(key, cookie, { 'if-none-match': '"something else"' })).statusCode).toBe(200);
    });

    it('sends the whole file when If-Range names another version', async () => {
      const response = await get(key, cookie, { range: 'bytes=0-9', 'if-range': '"stale"' });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBe(1000);
    });

    it('answers a conditional request from someone refused with 404, not 304', async () => {
      const etag = (await get(key, cookie)).headers.etag as string;
      expect((await get(key, undefined, { 'if-none-match': etag })).statusCode).toBe(404);
    });
  });

  it.each([
    ['a parent path', '../heirloom.db'],
    ['an encoded parent path', '%2e%2e/heirloom.db'],
    ['an encoded slash', `avatars%2F${randomUUID()}.webp`],
    ['the temp folder', `.tmp/${randomUUID()}.part`],
    ['a folder only', 'avatars/'],
    ['nothing', ''],
  ])('answers %s with 404', async (_, path) => {
    const { cookie } = await makeUser(t.ctx);
    const response = await t.app.inject({ method: 'GET', url: `/uploads/${path}`, headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it('answers an encoded slash with 404 even when the key behind it exists, and ignores a query string', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const key = await storeFile('avatars', 'webp', { owner_id: user.id, kind: 'avatar' });
    expect((await get(key, cookie)).statusCode).toBe(200);
    expect((await get(key.replace('/', '%2F'), cookie)).statusCode).toBe(404);
    expect((await get(`${key}?v=2`, cookie)).statusCode).toBe(200);
  });

  describe('memory media (DESIGN "Memory view": the creator and sharedWith, nobody else)', () => {
    it('is served to the creator and to those it is shared with; not to a timeline member it is not shared with, a stranger, or the signed out', async () => {
      const { user: creator, cookie: creatorCookie } = await makeUser(t.ctx);
      const { user: shared, cookie: sharedCookie } = await makeUser(t.ctx);
      const { user: member, cookie: memberCookie } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, creator, { members: [shared, member] });
      const memoryId = await makeMemory(creator, { sharedWith: [shared], timelineId: timeline.id });
      const key = await storeFile('images', 'webp', { owner_id: creator.id, kind: 'image', memory_id: memoryId });

      expect((await get(key, creatorCookie)).statusCode).toBe(200);
      expect((await get(key, sharedCookie)).statusCode).toBe(200);
      for (const refused of [memberCookie, strangerCookie, undefined]) {
        const response = await get(key, refused);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    });

    it('is served to the creator even where sharedWith does not list them', async () => {
      const { user: creator, cookie } = await makeUser(t.ctx);
      const memoryId = await makeMemory(creator, { creatorInShares: false });
      const key = await storeFile('videos', 'mp4', { owner_id: creator.id, kind: 'video', memory_id: memoryId, mime_type: 'video/mp4' });
      const response = await get(key, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('video/mp4');
    });

    it("serves the memory's own voice note and a comment's voice note to its viewers only", async () => {
      const { user: creator } = await makeUser(t.ctx);
      const { user: viewer, cookie: viewerCookie } = await makeUser(t.ctx);
      const { cookie: strangerCookie } = await makeUser(t.ctx);
      const voiceNote = await storeFile('audio', 'webm', null);
      const memoryId = await makeMemory(creator, { sharedWith: [viewer], audioKey: voiceNote });
      const commentAudio = await storeFile('comment-audio', 'webm', null);
      await t.ctx.db
        .insertInto('comments')
        .values({ id: randomUUID(), memory_id: memoryId, user_id: viewer.id, content: null, transcription: null, audio_key: commentAudio, created_at: iso(t.ctx.now()) })
        .execute();

      for (const key of [voiceNote, commentAudio]) {
        const response = await get(key, viewerCookie);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('audio/webm');
        expect((await get(key, strangerCookie)).statusCode).toBe(404);
      }
    });
  });

  describe('unattached uploads', () => {
    it('are served to their uploader only, and no longer as uploads once attached', async () => {
      const { user: uploader, cookie } = await makeUser(t.ctx);
      const { cookie: other } = await makeUser(t.ctx);
      const key = await storeFile('uploads', 'mp4', null);
      await t.ctx.db.insertInto('uploads').values({ storage_key: key, owner_id: uploader.id, created_at: iso(t.ctx.now()), attached_at: null }).execute();

      const response = await get(key, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('video/mp4');
      expect((await get(key, other)).statusCode).toBe(404);

      await t.ctx.db.updateTable('uploads').set({ attached_at: iso(t.ctx.now()) }).where('storage_key', '=', key).execute();
      expect((await get(key, cookie)).statusCode).toBe(404);
    });

    it('a media row with no memory is its owner’s alone', async () => {
      const { user: owner, cookie } = await makeUser(t.ctx);
      const { cookie: other } = await makeUser(t.ctx);
      const key = await storeFile('images', 'webp', { owner_id: owner.id, kind: 'image' });
      expect((await get(key, cookie)).statusCode).toBe(200);
      expect((await get(key, other)).statusCode).toBe(404);
    });
  });

  it('sends a file that is not image, video or audio as an attachment', async () => {
    const { user: owner, cookie } = await makeUser(t.ctx);
    const key = await storeFile('uploads', 'bin', { owner_id: owner.id, kind: 'image', mime_type: 'application/octet-stream' });
    const response = await get(key, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]{36}\.bin"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 when the row exists but its file is gone', async () => {
    const { user: owner, cookie } = await makeUser(t.ctx);
    const key = await storeFile('avatars', 'webp', { owner_id: owner.id, kind: 'avatar' });
    await t.ctx.media.delete(key);
    expect((await get(key, cookie)).statusCode).toBe(404);
  });
});
