// PATCH /api/memories/{id} as multipart (memories §5, §7): photos and videos added and
// removed all or nothing, the limits of 3 images and 2 videos counted on the result, the
// removed media's files gone after the commit, and no new file left by a failure.
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { imageOf } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { jsonField, keyOf, makeMemoryWithMedia, patchForm, snapshot, strayFiles, videoFile } from './edit-test-support.js';
import { mp4Stream } from '../uploads/test-support.js';
import { imageFile, mp4Bytes, wavBytes } from './test-support.js';

const notAPicture = () => imageFile(Buffer.from('Dear diary, not a picture.\n'.repeat(300)), 'photo.jpg', 'image/jpeg');

describe.each(dialects)('PATCH /api/memories/{id} with media on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    creator = await makeUser(t.ctx);
    timelineId = (await makeTimeline(t.ctx, creator.user)).id;
  });
  afterAll(() => t.close());

  const newMemory = (images: number, videos = 0) => makeMemoryWithMedia(t, creator, { timelineId, images, videos });
  const patch = (memory: Memory, parts: Parameters<typeof patchForm>[3]) => patchForm(t, memory.id, creator.cookie, parts);
  const imageKeys = (image: Memory['images'][number]) => [image.url, image.thumbnailUrl, image.originalUrl].map(keyOf);
  const exists = (key: string) => t.ctx.media.exists(key);
  async function expectRefusedUnchanged(memory: Memory, parts: Parameters<typeof patchForm>[3], status: number, message: string) {
    const before = await snapshot(t, memory.id);
    const response = await patch(memory, parts);
    expect([response.statusCode, response.json()]).toEqual([status, { message }]);
    expect(await snapshot(t, memory.id)).toEqual(before);
    expect(await strayFiles(t)).toEqual([]);
  }

  it('adds a photo and removes one by id and one by path, with the title, in one save; the removed files are gone', async () => {
    const memory = await newMemory(3);
    const [first, second, third] = memory.images as [Memory['images'][number], Memory['images'][number], Memory['images'][number]];
    const response = await patch(memory, [
      { name: 'title', value: 'Three became two' },
      jsonField('tags', ['garden']),
      { name: 'createdAt', value: '2001-06-01T12:00:00.000Z' },
      jsonField('imageIdsToDelete', [first.id]),
      jsonField('imagePathsToDelete', [`http://heirloom.test${second.thumbnailUrl}`]),
      jsonField('videoIdsToDelete', []),
      imageFile(await imageOf('jpeg', 800, 600), 'new.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ title: 'Three became two', tags: ['garden'], createdAt: '2001-06-01T12:00:00.000Z' });
    expect(body.images).toHaveLength(2);
    expect(body.images[0]).toEqual(third);
    const added = body.images[1];
    expect([added.width, added.height]).toEqual([800, 600]);
    for (const key of [...imageKeys(first), ...imageKeys(second)]) expect(await exists(key)).toBe(false);
    for (const key of [...imageKeys(third), ...imageKeys(added)]) expect(await exists(key)).toBe(true);
    const shown = await t.app.inject({ method: 'GET', url: added.thumbnailUrl, headers: { cookie: creator.cookie } });
    expect(shown.statusCode).toBe(200);
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(480);
    const rows = await t.ctx.db.selectFrom('media').select(['kind', 'position']).where('memory_id', '=', memory.id).where('kind', '=', 'image').execute();
    expect(rows).toHaveLength(6);
    expect(await strayFiles(t)).toEqual([]);
  });

  it('takes a video file in the form, checked by its bytes, and removes a direct video with its thumbnail', async () => {
    const memory = await newMemory(0, 2);
    const [gone, kept] = memory.videos as [Memory['videos'][number], Memory['videos'][number]];
    const mp4 = mp4Bytes(30_000);
    const response = await patch(memory, [jsonField('videoIdsToDelete', [gone.id]), videoFile(mp4, 'clip.mov', 'video/quicktime')]);
    expect(response.statusCode).toBe(200);
    const videos = response.json().videos;
    expect(videos).toEqual([kept, { id: expect.any(String), url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/), mimeType: 'video/mp4', thumbnailUrl: null }]);
    const served = await t.app.inject({ method: 'GET', url: videos[1].url, headers: { cookie: creator.cookie } });
    expect(served.rawPayload.equals(mp4)).toBe(true);
    expect(await exists(keyOf(gone.url))).toBe(false);
    expect(await exists(keyOf(gone.thumbnailUrl!))).toBe(false);
    expect(await t.ctx.db.selectFrom('uploads').select('storage_key').where('storage_key', '=', keyOf(gone.url)).execute()).toEqual([]);
    expect(await strayFiles(t)).toEqual([]);
  });

  describe('the limits, counted on the result (memories §5: existing − deleted + new)', () => {
    it("refuses a fourth photo beside three with 'Maximum images reached'", async () => {
      await expectRefusedUnchanged(await newMemory(3), [{ name: 'title', value: 'More' }, imageFile(await imageOf('png'))], 400, messages.maxImagesReached);
    });

    it("refuses two new photos beside two, keeping neither, with 'Maximum images reached'", async () => {
      await expectRefusedUnchanged(await newMemory(2), [imageFile(await imageOf('png')), imageFile(await imageOf('webp'))], 400, messages.maxImagesReached);
    });

    it('takes a new photo in place of a removed one, beside two others', async () => {
      const memory = await newMemory(3);
      const response = await patch(memory, [jsonField('imageIdsToDelete', [memory.images[1]!.id]), imageFile(await imageOf('gif'))]);
      expect(response.statusCode).toBe(200);
      expect(response.json().images).toHaveLength(3);
    });

    it("refuses a third video beside two with 'Maximum videos reached'", async () => {
      await expectRefusedUnchanged(await newMemory(0, 2), [videoFile(mp4Bytes())], 400, messages.maxVideosReached);
    });

    it('takes two video files in place of two removed ones', async () => {
      const memory = await newMemory(0, 2);
      const response = await patch(memory, [jsonField('videoIdsToDelete', memory.videos.map((video) => video.id)), videoFile(mp4Bytes()), videoFile(mp4Bytes(25_000))]);
      expect(response.statusCode).toBe(200);
      expect(response.json().videos).toHaveLength(2);
      expect(await strayFiles(t)).toEqual([]);
    });
  });

  it("refuses a video of more than 250 MB with 413 and the spec's words while it streams, keeping nothing", async () => {
    const memory = await newMemory(1);
    const before = await snapshot(t, memory.id);
    // A browser's form, streamed: the title, then a 251 MiB video, never held whole in memory.
    const boundary = '----heirloom-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n\r\nToo long a film\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="videos"; filename="film.mp4"\r\ncontent-type: video/mp4\r\n\r\n`,
    );
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* mp4Stream(251);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${memory.id}`,
      headers: { cookie: creator.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect([response.statusCode, response.json()]).toEqual([413, { message: messages.videoTooLarge }]);
    expect(await snapshot(t, memory.id)).toEqual(before);
    expect(await strayFiles(t)).toEqual([]);
  }, 60_000);

  describe('all or nothing', () => {
    it.each([
      ['a photo that is no picture, after a good one', async () => [imageFile(await imageOf('png')), notAPicture()], messages.imageTypeRefused],
      ['a recording as a video', async () => [videoFile(wavBytes(), 'clip.mp4')], messages.videoTypeRefused],
      ['a file in another field', async () => [{ name: 'audio', filename: 'a.wav', type: 'audio/wav', data: wavBytes() }], messages.memoryEditFileFieldRefused],
    ])('refuses %s with 400, keeping the memory as it was and no new file', async (_, parts, message) => {
      const memory = await newMemory(1);
      await expectRefusedUnchanged(memory, [{ name: 'title', value: 'Changed' }, jsonField('imageIdsToDelete', [memory.images[0]!.id]), ...(await parts())], 400, message);
    });

    it('refuses ids and paths to delete that are not this memory’s media, changing nothing', async () => {
      const memory = await newMemory(1);
      const other = await newMemory(1, 1);
      for (const parts of [
        [jsonField('imageIdsToDelete', [other.images[0]!.id])],
        [jsonField('imagePathsToDelete', [other.images[0]!.url])],
        [jsonField('imagePathsToDelete', ['/uploads/images/grandma.png'])],
        [jsonField('videoIdsToDelete', [other.videos[0]!.id])],
        [jsonField('videoIdsToDelete', [memory.images[0]!.id])],
      ]) {
        await expectRefusedUnchanged(memory, [{ name: 'title', value: 'Changed' }, ...parts, imageFile(await imageOf('png'))], 400, messages.memoryMediaToDeleteNotFound);
      }
      await expectRefusedUnchanged(memory, [jsonField('imageIdsToDelete', 'not a list')], 400, messages.memoryIdListInvalid('imageIdsToDelete'));
    });

    it('keeps the memory as it was, its files included, and no new file when the database write fails', async () => {
      const memory = await newMemory(2);
      const before = await snapshot(t, memory.id);
      // The tags table out of the way makes the edit fail inside its transaction, after the memory's row changed.
      await t.ctx.db.schema.alterTable('memory_tags').renameTo('memory_tags_elsewhere').execute();
      try {
        const response = await patch(memory, [jsonField('imageIdsToDelete', [memory.images[0]!.id]), jsonField('tags', ['lake']), imageFile(await imageOf('png'))]);
        expect([response.statusCode, response.json()]).toEqual([500, { message: messages.unexpected }]);
      } finally {
        await t.ctx.db.schema.alterTable('memory_tags_elsewhere').renameTo('memory_tags').execute();
      }
      expect(await snapshot(t, memory.id)).toEqual(before);
      expect(await strayFiles(t)).toEqual([]);
      for (const key of memory.images.flatMap(imageKeys)) expect(await exists(key)).toBe(true);
    });
  });
});
