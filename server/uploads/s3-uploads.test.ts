import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import type { PresignedUrl } from '../../common/uploads.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser, type MadeUser } from '../test/factories.js';
import { STALE_UPLOAD_MS } from './index.js';
import { mp4Bytes } from './test-support.js';

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
  const putTo = (uploadUrl: string, bytes: Buffer, contentType = 'video/quicktime') =>
    fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } });

  it('hands out a presigned S3 PUT bound to the video type; the browser sends the bytes there itself', async () => {
    const upload = await presigned();
    expect(upload.key).toMatch(/^videos\/[0-9a-f-]{36}\.mov$/);
    expect(upload.finalUrl).toBe(`/uploads/${upload.key}`);
    expect(upload.contentType).toBe('video/quicktime');
    const address = new URL(upload.uploadUrl);
    expect(address.origin).toBe(peer.endpoint);
    expect(address.pathname).toBe(`/${peer.bucket}/${upload.key}`);
    expect(address.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(address.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(address.searchParams.get('X-Amz-Expires')).toBe('3600');

    const bytes = mp4Bytes(30_000);
    expect((await putTo(upload.uploadUrl, bytes)).status).toBe(200);
    expect(await peer.listAll()).toContain(upload.key);
  });

  it('answers GET /uploads/{key} with a 302 to a short-lived presigned GET after the same check', async () => {
    const upload = await presigned();
    const bytes = mp4Bytes(20_000);
    expect((await putTo(upload.uploadUrl, bytes)).status).toBe(200);

    const mine = await t.app.inject({ method: 'GET', url: upload.finalUrl, headers: { cookie: uploader.cookie } });
    expect(mine.statusCode).toBe(302);
    const location = new URL(mine.headers.location as string);
    expect(location.origin).toBe(peer.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(location.searchParams.get('response-content-type')).toBe('video/quicktime');
    expect(mine.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

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

  it('sweeps an upload left unattached for a day out of the bucket', async () => {
    const upload = await presigned();
    expect((await putTo(upload.uploadUrl, mp4Bytes())).status).toBe(200);
    t.advance(STALE_UPLOAD_MS + 60_000);
    await presigned();
    expect(await peer.listAll()).not.toContain(upload.key);
    expect(await t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', upload.key).executeTakeFirst()).toBeUndefined();
  });
});
