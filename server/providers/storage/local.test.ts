import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeMediaStore } from './compliance.js';
import { createMediaStore, newMediaKey } from './index.js';
import { LocalMediaStore } from './local.js';
import { filesUnder } from './test-support.js';

describeMediaStore('local', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
  const store = await createMediaStore({ storage: 'local', dataDir });
  const root = join(dataDir, 'media');
  return { store, listAll: () => filesUnder(root), close: () => rm(dataDir, { recursive: true, force: true }) };
});

describe('the local media store', () => {
  it('keeps each key as a file under DATA_DIR/media/{folder}', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'heirloom-store-'));
    try {
      const store = await createMediaStore({ storage: 'local', dataDir });
      expect(store.driver).toBe('local');
      // The local store serves its bytes itself: no signed addresses to hand out.
      expect(store.presignedPutUrl).toBeUndefined();
      expect(store.presignedGetUrl).toBeUndefined();
      const key = newMediaKey('avatars', 'webp');
      await store.put(key, Readable.from([Buffer.from('bytes')]), { contentType: 'image/webp' });
      expect(await filesUnder(join(dataDir, 'media'))).toEqual([key]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

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

  it('never resolves a key outside its folder, even when the pattern is bypassed', async () => {
    const store = new LocalMediaStore(join(tmpdir(), 'heirloom-never-created'));
    await expect(store.stat('../../etc/passwd')).rejects.toThrow();
  });
});
