// PATCH /api/memories/{id} with the media in an S3 bucket (s3rver): a multipart edit that
// adds a photo and removes one leaves exactly the new photo's files in the bucket, and a
// refused edit leaves the bucket as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { imageOf } from '../media/test-support.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { jsonField, keyOf, makeMemoryWithMedia, patchForm } from './edit-test-support.js';
import { imageFile } from './test-support.js';

describe.each(dialects)('editing a memory with S3 storage (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  let creator: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    creator = await makeUser(t.ctx);
    timelineId = (await makeTimeline(t.ctx, creator.user)).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const keysOf = (image: { url: string; thumbnailUrl: string; originalUrl: string }) => [image.url, image.thumbnailUrl, image.originalUrl].map(keyOf);

  it('adds a photo and removes one: the new files are in the bucket, the removed ones gone', async () => {
    const memory = await makeMemoryWithMedia(t, creator, { timelineId, images: 1 });
    const old = memory.images[0]!;
    expect(await peer.listAll()).toEqual(expect.arrayContaining(keysOf(old)));

    const response = await patchForm(t, memory.id, creator.cookie, [jsonField('imageIdsToDelete', [old.id]), imageFile(await imageOf('jpeg', 640, 480), 'new.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(200);
    const [added] = response.json().images;
    expect(added.id).not.toBe(old.id);
    const bucket = await peer.listAll();
    expect(bucket).toEqual(expect.arrayContaining(keysOf(added)));
    for (const key of keysOf(old)) expect(bucket).not.toContain(key);
    // Served back through the presigned GET.
    const redirect = await t.app.inject({ method: 'GET', url: added.thumbnailUrl, headers: { cookie: creator.cookie } });
    expect(redirect.statusCode).toBe(302);
    expect((await fetch(redirect.headers.location as string)).status).toBe(200);
  });

  it('leaves the bucket as it was when an edit is refused part way', async () => {
    const memory = await makeMemoryWithMedia(t, creator, { timelineId, images: 1 });
    const before = await peer.listAll();
    const response = await patchForm(t, memory.id, creator.cookie, [
      jsonField('imageIdsToDelete', [memory.images[0]!.id]),
      imageFile(await imageOf('png')),
      imageFile(Buffer.from('Dear diary, not a picture.\n'.repeat(300)), 'photo.jpg', 'image/jpeg'),
    ]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.imageTypeRefused }]);
    expect(await peer.listAll()).toEqual(before);
  });
});
