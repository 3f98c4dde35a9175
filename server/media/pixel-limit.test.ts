// issue 19 "Memory and size": a 48-megapixel phone photo is taken whole (upright, stripped, in
// three sizes); one past IMAGE_MAX_INPUT_PIXELS is refused from its header with a 400 that
// names the file, and the request keeps nothing: no memory, no media row, no file, no spool.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_INPUT_PIXELS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { imageFile, memoryFields } from '../memories/test-support.js';
import { LocalMediaStore } from '../providers/storage/local.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { spoolFolder } from './image-spool.js';
import { stageImage } from './memory-images.js';
import { formBody, imageOf, imagePart, type FormPart } from './test-support.js';

const spooled = () => (existsSync(spoolFolder) ? readdirSync(spoolFolder) : []);

/** A phone's 48-megapixel photo, 8000 × 6000 stored sideways (EXIF orientation 6) with the camera's make. */
const phonePhoto = sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#6b8e23' } })
  .withExif({ IFD0: { Make: 'Heirloom Test Camera' } })
  .withMetadata({ orientation: 6 })
  .jpeg()
  .toBuffer();
/** 10000 × 8000: 80 megapixels, past the limit, though only a few hundred kilobytes. */
const hugePhoto = sharp({ create: { width: 10_000, height: 8_000, channels: 3, background: '#6b8e23' } }).jpeg().toBuffer();

describe.each(dialects)('the pixel limit of uploaded images on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  async function post(url: string, cookie: string, parts: FormPart[]) {
    const { payload, headers } = await formBody(parts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
  }
  const storedFiles = () => filesUnder(join(t.ctx.config.dataDir, 'media'));
  const mediaRowsOf = (userId: string) => t.ctx.db.selectFrom('media').select(['storage_key', 'kind']).where('owner_id', '=', userId).execute();

  it('takes a 48-megapixel phone photo: the original upright and stripped, a 2048 px display copy and a 480 px thumbnail', async () => {
    expect(8000 * 6000).toBeLessThan(IMAGE_MAX_INPUT_PIXELS);
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    const response = await post('/api/memories', cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(await phonePhoto, 'PXL_20261125.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(201);
    const [image] = response.json().images;
    expect([image.width, image.height]).toEqual([1536, 2048]);
    const sizes: number[][] = [];
    for (const url of [image.originalUrl, image.url, image.thumbnailUrl]) {
      const served = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      sizes.push([metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([[6000, 8000], [1536, 2048], [360, 480]]);
    expect(await mediaRowsOf(user.id)).toHaveLength(3);
    expect(spooled()).toEqual([]);
  });

  it('refuses an 80-megapixel photo with 400 and words that name it, keeping no memory, row or file, not even the photo before it', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    const before = await storedFiles();
    const response = await post('/api/memories', cookie, [
      ...memoryFields({ timelineIds: [timeline.id] }),
      imageFile(await imageOf('png', 640, 480)),
      imageFile(await hugePhoto, 'scan-of-the-attic.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'scan-of-the-attic.jpg is 10000 × 8000 pixels; an image may have at most 64 megapixels. Please choose a smaller one' });
    expect(response.json().message).toBe(messages.imageTooManyPixels('scan-of-the-attic.jpg', 10_000, 8_000));
    expect(await t.ctx.db.selectFrom('memories').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await mediaRowsOf(user.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

  it('refuses an 80-megapixel profile picture the same way and keeps the picture the person had', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const first = await post('/api/user/profile-image', cookie, [imagePart(await imageOf('png'))]);
    expect(first.statusCode).toBe(200);
    const kept = await mediaRowsOf(user.id);
    const before = await storedFiles();
    const response = await post('/api/user/profile-image', cookie, [imagePart(await hugePhoto, 'me-at-the-beach.jpg')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.imageTooManyPixels('me-at-the-beach.jpg', 10_000, 8_000) });
    expect(await mediaRowsOf(user.id)).toEqual(kept);
    expect(await storedFiles()).toEqual(before);
    expect(spooled()).toEqual([]);
  });

});

describe('an over-limit image staged without a name', () => {
  it('is called "This image" in the refusal', async () => {
    const root = mkdtempSync(join(tmpdir(), 'heirloom-pixel-limit-'));
    try {
      const media = new LocalMediaStore(root);
      await expect(stageImage({ media }, Readable.from([await hugePhoto]))).rejects.toMatchObject({ statusCode: 400, message: messages.imageTooManyPixels('This image', 10_000, 8_000) });
      expect(await filesUnder(root)).toEqual([]);
      expect(spooled()).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
