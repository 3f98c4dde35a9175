// server/media/sharp.ts: the image modules' sharp keeps no libvips operation cache, which
// never hits for uploads (each a new image) and only held memory under load; and no more than
// IMAGE_JOBS_AT_ONCE images are turned into copies at once, the rest waiting in order.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalMediaStore } from '../providers/storage/local.js';
import { stageImage } from './memory-images.js';
import sharp, { IMAGE_JOBS_AT_ONCE, imageJob, imageJobsNow } from './sharp.js';

/** A promise to settle from outside. */
function gate<T = void>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** Lets every settled promise's callbacks run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('sharp as the server uses it', () => {
  it('keeps no operations, files or memory in libvips’ cache', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});

describe('imageJob', () => {
  it(`runs ${IMAGE_JOBS_AT_ONCE} jobs at once and starts the others in the order they came, as slots free`, async () => {
    const started: number[] = [];
    const gates = Array.from({ length: IMAGE_JOBS_AT_ONCE + 3 }, () => gate<number>());
    const jobs = gates.map((each, index) =>
      imageJob(() => {
        started.push(index);
        return each.promise;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    expect(imageJobsNow()).toEqual({ running: 2, waiting: 3 });

    gates[1]!.resolve(1);
    await settled();
    expect(started).toEqual([0, 1, 2]);
    // A job that fails frees its slot as one that succeeds does, and its caller hears why.
    const firstOutcome = jobs[0]!.then(() => 'resolved', (error: Error) => error.message);
    gates[0]!.reject(new Error('unreadable'));
    await settled();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(await firstOutcome).toBe('unreadable');
    await expect(jobs[1]).resolves.toBe(1);

    for (const [index, each] of gates.entries()) each.resolve(index);
    expect(await Promise.all(jobs.slice(1))).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(imageJobsNow()).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a job at once when a slot is free', async () => {
    let ran = false;
    await imageJob(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(imageJobsNow()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('photos waiting their turn', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('reads no byte of a third upload while two are decoding, then makes its copies when one ends', async () => {
    root = mkdtempSync(join(tmpdir(), 'heirloom-image-jobs-'));
    const media = new LocalMediaStore(root);
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
    const uploads = Array.from({ length: IMAGE_JOBS_AT_ONCE + 1 }, () => new PassThrough());
    const staged = uploads.map((source) => stageImage({ media }, source));
    // Half of each photo arrives; the two running jobs read theirs, the third is not read.
    for (const source of uploads) source.write(photo.subarray(0, photo.length / 2));
    await expect.poll(() => uploads.slice(0, IMAGE_JOBS_AT_ONCE).map((source) => source.readableLength)).toEqual([0, 0]);
    expect(uploads[IMAGE_JOBS_AT_ONCE]!.readableLength).toBe(Math.floor(photo.length / 2));
    expect(imageJobsNow()).toEqual({ running: IMAGE_JOBS_AT_ONCE, waiting: 1 });

    for (const source of uploads) source.end(photo.subarray(photo.length / 2));
    const images = await Promise.all(staged);
    for (const image of images) {
      expect(image.display).toMatchObject({ mimeType: 'image/webp', width: 640, height: 480 });
      expect(image.thumbnail).toMatchObject({ mimeType: 'image/webp', width: 480, height: 360 });
      expect(image.original).toMatchObject({ mimeType: 'image/jpeg', size: photo.length });
    }
    expect(imageJobsNow()).toEqual({ running: 0, waiting: 0 });
    expect(readdirSync(join(root, 'images'))).toHaveLength(3 * uploads.length);
  });
});
