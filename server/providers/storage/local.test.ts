import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeMediaStore } from './compliance.js';
import { createMediaStore, newMediaKey, type MediaStore } from './index.js';
import { LocalMediaStore } from './local.js';
import { filesUnder } from './test-support.js';

describeMediaStore('local', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
  const store = await createMediaStore({ storage: 'local', dataDir });
  const root = join(dataDir, 'media');
  return { store, listAll: () => filesUnder(root), close: () => rm(dataDir, { recursive: true, force: true }) };
});

/** A local store in a fresh DATA_DIR, removed afterwards whatever happens. */
async function withLocalStore(test: (store: MediaStore, dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
  try {
    await test(await createMediaStore({ storage: 'local', dataDir }), dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the local media store', () => {
  it('keeps each key as a file under DATA_DIR/media/{folder}', () =>
    withLocalStore(async (store, dataDir) => {
      expect(store.driver).toBe('local');
      // The local store serves its bytes itself: no signed addresses to hand out.
      expect(store.presignedPost).toBeUndefined();
      expect(store.presignedGetUrl).toBeUndefined();
      const key = newMediaKey('avatars', 'webp');
      await store.put(key, Readable.from([Buffer.from('bytes')]), { contentType: 'image/webp' });
      expect(await filesUnder(join(dataDir, 'media'))).toEqual([key]);
    }));

  it('sweeps temp files left by a process that died mid-write, and keeps recent ones', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
    try {
      const temp = join(dataDir, 'media', '.tmp');
      await mkdir(temp, { recursive: true });
      await writeFile(join(temp, 'old.part'), 'half an upload');
      await writeFile(join(temp, 'recent.part'), 'an upload in flight');
      const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60_000);
      await utimes(join(temp, 'old.part'), twoDaysAgo, twoDaysAgo);

      await createMediaStore({ storage: 'local', dataDir });
      expect(await readdir(temp)).toEqual(['recent.part']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('sweeps, when asked, every temp file written before an instant (the server’s start), keeping later ones', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
    try {
      const temp = join(dataDir, 'media', '.tmp');
      await mkdir(temp, { recursive: true });
      await writeFile(join(temp, 'killed.part'), 'cut off a minute before the start');
      await writeFile(join(temp, 'after.part'), 'begun after the start');
      const start = new Date();
      const minuteBefore = new Date(start.getTime() - 60_000);
      const secondAfter = new Date(start.getTime() + 1000);
      await utimes(join(temp, 'killed.part'), minuteBefore, minuteBefore);
      await utimes(join(temp, 'after.part'), secondAfter, secondAfter);

      const store = await createMediaStore({ storage: 'local', dataDir });
      // The 24-hour default of an opening store kept both.
      expect((await readdir(temp)).sort()).toEqual(['after.part', 'killed.part']);
      await store.sweepTemp!(start);
      expect(await readdir(temp)).toEqual(['after.part']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  describe('a video-sized stream, written in batches with syncs along the way', () => {
    const CHUNK = 64 * 1024;
    /** `count` network-sized chunks of varied bytes, hashed as they go; fails after `failAfter` if given. */
    async function* chunks(count: number, hash: ReturnType<typeof createHash>, failAfter?: number) {
      for (let i = 0; i < count; i++) {
        if (i === failAfter) throw new Error('connection reset');
        const chunk = Buffer.alloc(CHUNK, i % 251);
        chunk.writeUInt32BE(i);
        hash.update(chunk);
        yield chunk;
      }
    }

    it('stores 48 MiB byte for byte', () =>
      withLocalStore(async (store, dataDir) => {
        const key = newMediaKey('videos', 'mp4');
        const sent = createHash('sha256');
        const count = (48 * 1024 * 1024) / CHUNK;
        expect(await store.put(key, Readable.from(chunks(count, sent)), { contentType: 'video/mp4' })).toEqual({ size: count * CHUNK });
        const stored = createHash('sha256');
        for await (const chunk of (await store.get(key))!.body) stored.update(chunk as Buffer);
        expect(stored.digest('hex')).toBe(sent.digest('hex'));
        expect(await filesUnder(join(dataDir, 'media'))).toEqual([key]);
      }));

    it('leaves nothing, not even a temp file, when the stream fails after 40 MiB', () =>
      withLocalStore(async (store, dataDir) => {
        const key = newMediaKey('videos', 'mp4');
        const count = (48 * 1024 * 1024) / CHUNK;
        const failing = Readable.from(chunks(count, createHash('sha256'), (40 * 1024 * 1024) / CHUNK));
        await expect(store.put(key, failing, { contentType: 'video/mp4' })).rejects.toThrow('connection reset');
        expect(await store.exists(key)).toBe(false);
        expect(await filesUnder(join(dataDir, 'media'))).toEqual([]);
        expect(await readdir(join(dataDir, 'media', '.tmp'))).toEqual([]);
      }));
  });

  it('never resolves a key outside its folder, even when the pattern is bypassed', async () => {
    const store = new LocalMediaStore(join(tmpdir(), 'heirloom-never-created'));
    await expect(store.stat('../../etc/passwd')).rejects.toThrow();
  });
});
