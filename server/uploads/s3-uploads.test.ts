import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_UPLOAD_TTL_MS, MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { PresignedUrl } from '../../common/uploads.js';
import { sweepOrphanMedia } from '../media/orphans.js';
import { formBody } from '../media/test-support.js';
import { memoryFields } from '../memories/test-support.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { STALE_UPLOAD_MS } from './index.js';
import { mp4Bytes, sendDirectUpload } from './test-support.js';

describe.each(dialects)('direct video uploads to S3 (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  let uploader: MadeUser;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    uploader = await makeUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  async function presigned(): Promise<PresignedUrl> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/presigned-url',
      headers: { cookie: uploader.cookie },
      payload: { fileName: 'Grandpa.mov', mimeType: 'video/quicktime' },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const policyOf = (upload: PresignedUrl) => JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

  /** The bytes behind a media address: the server's 302, then the bucket's presigned GET. */
  async function served(url: string): Promise<Buffer> {
    const redirect = await t.app.inject({ method: 'GET', url, headers: { cookie: uploader.cookie } });
    expect(redirect.statusCode).toBe(302);
    const fetched = await fetch(redirect.headers.location as string);
    expect(fetched.status).toBe(200);
    return Buffer.from(await fetched.arrayBuffer());
  }

  it('hands out a POST form whose signed policy takes this key and video type only, 1 byte to 250 MB, for an hour (issue 19)', async () => {
    const upload = await presigned();
    expect(upload.key).toMatch(/^videos\/[0-9a-f-]{36}\.mov$/);
    expect(upload.finalUrl).toBe(`/uploads/${upload.key}`);
    expect(upload.contentType).toBe('video/quicktime');
    expect(upload.method).toBe('POST');
    expect(upload.uploadUrl).toBe(`${peer.endpoint}/${peer.bucket}`);
    expect(upload.fields).toMatchObject({ key: upload.key, 'Content-Type': 'video/quicktime', 'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/) });
    // S3 enforces the policy (s3rver does not): a larger file or another type is refused there.
    const policy = policyOf(upload);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: upload.key }, { 'Content-Type': 'video/quicktime' }, ['content-length-range', 1, MEMORY_VIDEO_MAX_BYTES]]),
    );
    expect(MEMORY_VIDEO_MAX_BYTES).toBe(250 * 1024 * 1024);
    const lifetime = Date.parse(policy.expiration) - Date.now();
    expect(lifetime).toBeGreaterThan(DIRECT_UPLOAD_TTL_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(DIRECT_UPLOAD_TTL_MS);

    const bytes = mp4Bytes(30_000);
    expect([200, 204]).toContain((await sendDirectUpload(upload, bytes)).status);
    expect(await peer.listAll()).toContain(upload.key);
  });

  it('answers GET /uploads/{key} with a 302 to a short-lived presigned GET after the same check', async () => {
    const upload = await presigned();
    const bytes = mp4Bytes(20_000);
    expect([200, 204]).toContain((await sendDirectUpload(upload, bytes)).status);

    const mine = await t.app.inject({ method: 'GET', url: upload.finalUrl, headers: { cookie: uploader.cookie } });
    expect(mine.statusCode).toBe(302);
    const location = new URL(mine.headers.location as string);
    expect(location.origin).toBe(peer.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(location.searchParams.get('response-content-type')).toBe('video/quicktime');

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('video/quicktime');
    expect(fetched.headers.get('content-disposition')).toMatch(/^inline; filename="[0-9a-f-]{36}\.mov"$/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    // S3 answers the player's Range requests itself.
    const part = await fetch(location, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    // Anyone else hears the same 404 as for a key that does not exist: no address at all.
    const stranger = await makeUser(t.ctx);
    for (const cookie of [stranger.cookie, undefined]) {
      const refused = await t.app.inject({ method: 'GET', url: upload.finalUrl, headers: cookie ? { cookie } : {} });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: messages.notFound });
      expect(refused.headers.location).toBeUndefined();
    }
  });

  it('moves the video to a key of the memory’s own when it is saved, so a second upload to the same address changes nothing the memory shows (issue 19)', async () => {
    const timeline = await makeTimeline(t.ctx, uploader.user);
    const upload = await presigned();
    const first = mp4Bytes(25_000);
    expect([200, 204]).toContain((await sendDirectUpload(upload, first)).status);
    const form = await formBody(memoryFields({ timelineIds: [timeline.id], directVideoUrls: [upload.finalUrl] }));
    const saved = await t.app.inject({ method: 'POST', url: '/api/memories', payload: form.payload, headers: { ...form.headers, cookie: uploader.cookie } });
    expect(saved.statusCode).toBe(201);
    const [video] = saved.json().videos;
    expect(video.url).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mov$/);
    expect(video.url).not.toBe(upload.finalUrl);
    // Nothing is left under the address's key.
    expect(await peer.listAll()).not.toContain(upload.key);

    // The address is still valid for the rest of its hour: what it writes lands beside the memory, not in it.
    expect([200, 204]).toContain((await sendDirectUpload(upload, mp4Bytes(9_000))).status);
    expect((await served(video.url)).equals(first)).toBe(true);
    const row = await t.ctx.db.selectFrom('media').select(['storage_key', 'size']).where('kind', '=', 'video').where('storage_key', '=', video.url.slice('/uploads/'.length)).executeTakeFirstOrThrow();
    expect(Number(row.size)).toBe(first.length);
    // And no one may read what was written there; no row names it, so the sweep of orphans
    // at the next start takes it, and keeps the memory's video (db/media-key-columns.ts).
    expect((await t.app.inject({ method: 'GET', url: upload.finalUrl, headers: { cookie: uploader.cookie } })).statusCode).toBe(404);
    const swept = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() + 60_000) });
    expect(swept).toContain(upload.key);
    expect(swept).not.toContain(video.url.slice('/uploads/'.length));
    expect((await served(video.url)).equals(first)).toBe(true);
  });

  it('sweeps an upload left unattached for a day out of the bucket', async () => {
    const upload = await presigned();
    expect([200, 204]).toContain((await sendDirectUpload(upload, mp4Bytes())).status);
    t.advance(STALE_UPLOAD_MS + 60_000);
    await presigned();
    expect(await peer.listAll()).not.toContain(upload.key);
    expect(await t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', upload.key).executeTakeFirst()).toBeUndefined();
  });
});
