// What every MediaStore driver must do, as one suite each driver's test file runs
// (STYLE: Karakeep's interface-compliance test). local.test.ts runs it now; the S3 driver's
// test will run it against s3rver.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newMediaKey } from './keys.js';
import { InvalidMediaKeyError, type MediaStore } from './types.js';

export interface StoreUnderTest {
  store: MediaStore;
  /** Everything the driver holds, temp and partial objects included. */
  listAll(): Promise<string[]>;
  close(): Promise<void>;
}

const bytes = (length: number, seed = 7) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 251));

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends `good` bytes, then fails the way a dropped upload does. */
function failingStream(good: Buffer, failure: 'error' | 'destroy'): Readable {
  return new Readable({
    read() {
      if (good.length) {
        this.push(good);
        good = Buffer.alloc(0);
        return;
      }
      setImmediate(() => (failure === 'error' ? this.destroy(new Error('connection reset')) : this.destroy()));
    },
  });
}

const uuid = '0b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d';
export const refusedKeys = [
  ['a parent path', '../secret.webp'],
  ['a parent path inside a folder', `avatars/../../${uuid}.webp`],
  ['an encoded slash', `avatars%2F${uuid}.webp`],
  ['a backslash', `avatars\\${uuid}.webp`],
  ['a leading slash', `/avatars/${uuid}.webp`],
  ['an unknown folder', `secrets/${uuid}.webp`],
  ['the temp folder', `.tmp/${uuid}.part`],
  ['capitals', `avatars/${uuid.toUpperCase()}.webp`],
  ['user text instead of a UUID', 'avatars/grandma.webp'],
  ['no extension', `avatars/${uuid}`],
  ['a trailing newline', `avatars/${uuid}.webp\n`],
  ['an empty key', ''],
] as const;

export function describeMediaStore(driver: string, open: () => Promise<StoreUnderTest>): void {
  describe(`MediaStore compliance: ${driver}`, () => {
    let t: StoreUnderTest;
    beforeEach(async () => {
      t = await open();
    });
    afterEach(() => t.close());

    const putBytes = (key: string, content: Buffer) => t.store.put(key, Readable.from([content]), { contentType: 'image/webp' });

    it('streams bytes in and gives the same bytes back with their size', async () => {
      const key = newMediaKey('images', 'webp');
      const content = bytes(70_000);
      expect(await putBytes(key, content)).toEqual({ size: content.length });
      const object = await t.store.get(key);
      expect(object).toMatchObject({ size: content.length, range: null });
      expect((await readAll(object!.body)).equals(content)).toBe(true);
    });

    it('takes a many-chunk stream and stores it byte for byte', async () => {
      const key = newMediaKey('videos', 'mp4');
      const hash = createHash('sha256');
      async function* chunks() {
        for (let i = 0; i < 64; i++) {
          const chunk = bytes(64 * 1024, i);
          hash.update(chunk);
          yield chunk;
        }
      }
      expect(await t.store.put(key, Readable.from(chunks()), { contentType: 'video/mp4' })).toEqual({ size: 64 * 64 * 1024 });
      const stored = await readAll((await t.store.get(key))!.body);
      expect(createHash('sha256').update(stored).digest('hex')).toBe(hash.digest('hex'));
    });

    it('lists every stored key with its size and time, and nothing that is not a key', async () => {
      const image = newMediaKey('images', 'webp');
      const video = newMediaKey('videos', 'mp4');
      const before = Date.now();
      await putBytes(image, bytes(321));
      await putBytes(video, bytes(4567));
      const listed = [];
      for await (const object of t.store.list()) listed.push(object);
      const ours = listed.filter(({ key }) => key === image || key === video).sort((a, b) => a.size - b.size);
      expect(ours.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: image, size: 321 },
        { key: video, size: 4567 },
      ]);
      // Second precision on S3; a minute either side is all the sweep of orphans needs.
      for (const { modifiedAt } of ours) expect(Math.abs(modifiedAt.getTime() - before)).toBeLessThan(60_000);
      await t.store.delete(image);
      const after = [];
      for await (const object of t.store.list()) after.push(object.key);
      expect(after).toContain(video);
      expect(after).not.toContain(image);
    });

    it('reports stat and exists for a stored key, and null or false for a missing one', async () => {
      const key = newMediaKey('avatars', 'webp');
      const missing = newMediaKey('avatars', 'webp');
      await putBytes(key, bytes(1234));
      expect(await t.store.stat(key)).toEqual({ size: 1234 });
      expect(await t.store.exists(key)).toBe(true);
      expect(await t.store.stat(missing)).toBeNull();
      expect(await t.store.exists(missing)).toBe(false);
      expect(await t.store.get(missing)).toBeNull();
    });

    it.each([
      ['the first byte', 0, 0],
      ['a middle slice', 100, 1099],
      ['the last byte', 4999, 4999],
      ['everything', 0, 4999],
    ])('gets %s of a range, inclusive, with the whole size', async (_, start, end) => {
      const key = newMediaKey('audio', 'webm');
      const content = bytes(5000);
      await putBytes(key, content);
      const object = await t.store.get(key, { start, end });
      expect(object).toMatchObject({ size: 5000, range: { start, end } });
      expect((await readAll(object!.body)).equals(content.subarray(start, end + 1))).toBe(true);
    });

    it('refuses a range outside the object', async () => {
      const key = newMediaKey('audio', 'webm');
      await putBytes(key, bytes(100));
      await expect(t.store.get(key, { start: 100, end: 100 })).rejects.toThrow();
      await expect(t.store.get(key, { start: 50, end: 10 })).rejects.toThrow();
    });

    it('deletes a key, and deleting a missing key is no error', async () => {
      const key = newMediaKey('comment-audio', 'ogg');
      await putBytes(key, bytes(10));
      await t.store.delete(key);
      expect(await t.store.exists(key)).toBe(false);
      await expect(t.store.delete(key)).resolves.toBeUndefined();
      expect(await t.store.get(key)).toBeNull();
      expect(await t.listAll()).toEqual([]);
    });

    it.each(['error', 'destroy'] as const)('leaves nothing at all when the stream fails midway (%s)', async (failure) => {
      const key = newMediaKey('uploads', 'mp4');
      await expect(t.store.put(key, failingStream(bytes(200_000), failure), { contentType: 'video/mp4' })).rejects.toThrow();
      expect(await t.store.exists(key)).toBe(false);
      expect(await t.listAll()).toEqual([]);
    });

    it('keeps the other objects when one put fails', async () => {
      const kept = newMediaKey('images', 'jpg');
      await putBytes(kept, bytes(300));
      await expect(t.store.put(newMediaKey('images', 'jpg'), failingStream(bytes(10), 'error'), { contentType: 'image/jpeg' })).rejects.toThrow();
      expect(await t.store.stat(kept)).toEqual({ size: 300 });
      expect(await t.listAll()).toHaveLength(1);
    });

    it('moves an object to a new key: the same bytes there, nothing left at the old one (issue 19)', async () => {
      const from = newMediaKey('videos', 'mp4');
      const to = newMediaKey('videos', 'mp4');
      const content = bytes(90_000);
      await putBytes(from, content);
      expect(await t.store.move(from, to)).toEqual({ size: content.length });
      expect(await t.store.exists(from)).toBe(false);
      expect((await readAll((await t.store.get(to))!.body)).equals(content)).toBe(true);
      // What is written to the old key afterwards (an upload address still valid) stays there.
      await putBytes(from, bytes(10, 3));
      expect((await readAll((await t.store.get(to))!.body)).equals(content)).toBe(true);
      expect((await t.listAll()).sort()).toEqual([from, to].sort());
    });

    it('answers null when there is nothing to move, and leaves nothing behind', async () => {
      const to = newMediaKey('videos', 'webm');
      expect(await t.store.move(newMediaKey('videos', 'webm'), to)).toBeNull();
      expect(await t.store.exists(to)).toBe(false);
      expect(await t.listAll()).toEqual([]);
    });

    it.each(refusedKeys)('refuses %s before touching storage', async (_, key) => {
      await expect(putBytes(key, bytes(10))).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.get(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.stat(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.exists(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.delete(key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.move(key, newMediaKey('videos', 'mp4'))).rejects.toBeInstanceOf(InvalidMediaKeyError);
      await expect(t.store.move(newMediaKey('videos', 'mp4'), key)).rejects.toBeInstanceOf(InvalidMediaKeyError);
      expect(await t.listAll()).toEqual([]);
    });

    it('makes a different key every time, in the folder asked for', () => {
      const keys = new Set(Array.from({ length: 50 }, () => newMediaKey('avatars', 'webp')));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
      expect(newMediaKey('images', 'webp', 'thumb')).toMatch(/^images\/[0-9a-f-]{36}-thumb\.webp$/);
      expect(() => newMediaKey('images', `../${randomUUID()}`)).toThrow(InvalidMediaKeyError);
    });
  });
}
