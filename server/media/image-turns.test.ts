// issue 19 "Memory and size": every image path (a memory's photo, a video's frame, an avatar)
// writes its upload whole to the spool, then waits for one of IMAGE_DECODES_AT_ONCE turns to
// decode it; a slow upload holds no turn, and no temporary file outlives its image.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_DECODES_AT_ONCE } from '../../common/limits.js';
import { newMediaKey } from '../providers/storage/index.js';
import { LocalMediaStore } from '../providers/storage/local.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { spoolFolder } from './image-spool.js';
import { storeImage } from './images.js';
import { stageImage, stageVideoThumbnail } from './memory-images.js';
import sharp, { imageTurn, imageTurnsNow } from './sharp.js';

/** A promise to settle from outside. */
function held() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

const spooled = () => (existsSync(spoolFolder) ? readdirSync(spoolFolder) : []);
const photoOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
/** Noise does not compress: a photo of some 100 KB, far past the bytes the gate holds back to learn its type. */
const noisyPhoto = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();

describe('images waiting their turn', () => {
  let root: string;
  let media: LocalMediaStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'heirloom-image-turns-'));
    media = new LocalMediaStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const stored = () => filesUnder(root);

  it('reads a photo, a video frame and an avatar whole into the spool while both turns are taken, and decodes none of them until a turn frees', async () => {
    const photo = await photoOf(640, 480);
    const turns = [held(), held()];
    const holders = turns.map((turn) => imageTurn(() => turn.promise));
    const jobs = [
      stageImage({ media }, Readable.from([photo]), 'IMG_0001.jpg'),
      stageVideoThumbnail({ media }, Readable.from([photo]), 'frame.jpg'),
      storeImage(media, newMediaKey('avatars', 'webp'), Readable.from([photo]), { maxBytes: photo.length, tooLarge: () => new Error('too large'), size: 512 }),
    ];
    await expect.poll(() => imageTurnsNow().waiting).toBe(3);
    expect(spooled().map((file) => statSync(join(spoolFolder, file)).size)).toEqual([photo.length, photo.length, photo.length]);
    expect(await stored()).toEqual([]);

    for (const turn of turns) turn.resolve();
    await Promise.all(holders);
    const [image, frame, avatar] = await Promise.all(jobs);
    expect(image).toMatchObject({
      original: { mimeType: 'image/jpeg', size: photo.length, width: 640, height: 480 },
      display: { mimeType: 'image/webp', width: 640, height: 480 },
      thumbnail: { mimeType: 'image/webp', width: 480, height: 360 },
    });
    expect(frame).toMatchObject({ mimeType: 'image/webp', width: 480, height: 360 });
    // Cropped towards a square and never enlarged, as before (images.ts).
    expect(avatar).toMatchObject({ mimeType: 'image/webp', width: 512, height: 480 });
    expect(await stored()).toHaveLength(5);
    expect(spooled()).toEqual([]);
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, turnsTaken: 0, waiting: 0 });
  });

  it('holds no turn while an upload is still arriving, so other photos are made meanwhile', async () => {
    const photo = await noisyPhoto();
    const slow = new PassThrough();
    const slowPhoto = stageImage({ media }, slow, 'slow.jpg');
    slow.write(photo.subarray(0, photo.length >> 1));
    await expect.poll(() => spooled().map((file) => statSync(join(spoolFolder, file)).size)).toEqual([photo.length >> 1]);
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, turnsTaken: 0, waiting: 0 });

    // Two others come, are made and stored while the first is still on its way.
    const others = await photoOf(640, 480);
    await Promise.all([stageImage({ media }, Readable.from([others])), stageImage({ media }, Readable.from([others]))]);
    expect(await stored()).toHaveLength(6);

    slow.end(photo.subarray(photo.length >> 1));
    await expect(slowPhoto).resolves.toMatchObject({ original: { size: photo.length } });
    expect(await stored()).toHaveLength(9);
    expect(spooled()).toEqual([]);
  });

  it(`decodes six photos sent at once at most ${IMAGE_DECODES_AT_ONCE} at a time, the others waiting`, async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => photoOf(800 + index * 16, 600)));
    let mostWaiting = 0;
    const watching = setInterval(() => (mostWaiting = Math.max(mostWaiting, imageTurnsNow().waiting)), 1);
    const images = await Promise.all(photos.map((photo) => stageImage({ media }, Readable.from([photo]))));
    clearInterval(watching);
    expect(images.map((image) => image.display.width)).toEqual([816, 832, 848, 864, 880, 896]);
    // The most turns ever held at once in this process: never more than the limit.
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, turnsTaken: 0, waiting: 0, mostTurnsTaken: IMAGE_DECODES_AT_ONCE });
    expect(mostWaiting).toBeGreaterThan(0);
    expect(spooled()).toEqual([]);
  });

  it('removes the spooled upload when its decode fails, and stores nothing', async () => {
    const photo = await photoOf(640, 480);
    // A JPEG cut short: its header reads, its pixels do not.
    const broken = photo.subarray(0, photo.length - 200);
    await expect(stageImage({ media }, Readable.from([broken]), 'cut.jpg')).rejects.toMatchObject({ statusCode: 400, message: 'This image could not be read. Please choose another one' });
    expect(await stored()).toEqual([]);
    expect(spooled()).toEqual([]);
  });
});
