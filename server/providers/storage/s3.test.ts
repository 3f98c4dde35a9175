import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { describeMediaStore } from './compliance.js';
import { createMediaStore, newMediaKey } from './index.js';
import { S3MediaStore } from './s3.js';
import { startS3Peer, type S3Peer } from './test-support.js';

/** The store the app would build for `peer` from its environment. */
async function storeFor(peer: S3Peer, env: Record<string, string> = {}): Promise<S3MediaStore> {
  const store = await createMediaStore(loadConfig({ DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32), ...peer.env, ...env }));
  return store as S3MediaStore;
}

describeMediaStore('s3 (s3rver)', async () => {
  const peer = await startS3Peer();
  const store = await storeFor(peer);
  return {
    store,
    listAll: () => peer.listAll(),
    async close() {
      store.close();
      await peer.close();
    },
  };
});

describe('the S3 media store', () => {
  let peer: S3Peer;
  let store: S3MediaStore;
  beforeAll(async () => {
    peer = await startS3Peer();
    store = await storeFor(peer);
  });
  afterAll(async () => {
    store.close();
    await peer.close();
  });

  it('is built from STORAGE=s3, and refuses to start without a bucket in one line naming S3_BUCKET', async () => {
    expect(store.driver).toBe('s3');
    const failure = createMediaStore({ storage: 's3', dataDir: tmpdir() });
    await expect(failure).rejects.toBeInstanceOf(ConfigError);
    await expect(failure).rejects.toThrow(/^Configuration error: S3_BUCKET /);
  });

  it('sends a large body in parts, byte for byte, and leaves no pending upload behind', async () => {
    const key = newMediaKey('videos', 'mp4');
    const hash = createHash('sha256');
    async function* chunks() {
      // 20 MiB: three parts of 8 MiB at most, each chunk different.
      for (let i = 0; i < 20; i++) {
        const chunk = Buffer.alloc(1024 * 1024, i);
        hash.update(chunk);
        yield chunk;
      }
    }
    expect(await store.put(key, Readable.from(chunks()), { contentType: 'video/mp4' })).toEqual({ size: 20 * 1024 * 1024 });
    const stored = createHash('sha256');
    for await (const chunk of (await store.get(key))!.body) stored.update(chunk as Buffer);
    expect(stored.digest('hex')).toBe(hash.digest('hex'));
    expect(await peer.listAll()).toEqual([key]);
    await store.delete(key);
  });

  it('answers a Range request with only those bytes and the whole size', async () => {
    const key = newMediaKey('videos', 'webm');
    const content = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 256));
    await store.put(key, Readable.from([content]), { contentType: 'video/webm' });
    const part = await store.get(key, { start: 2048, end: 4095 });
    expect(part).toMatchObject({ size: 10_000, range: { start: 2048, end: 4095 } });
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content.subarray(2048, 4096))).toBe(true);
    // Past the end S3 would shorten the range; the store refuses it like the local one.
    await expect(store.get(key, { start: 9000, end: 10_000 })).rejects.toThrow(RangeError);
    await store.delete(key);
  });

  it('signs a PUT address bound to the content type, that a plain fetch can use', async () => {
    const key = newMediaKey('videos', 'mp4');
    const address = new URL(await store.presignedPutUrl(key, { contentType: 'video/mp4', expiresIn: 3600 }));
    expect(address.origin).toBe(peer.endpoint);
    expect(address.pathname).toBe(`/${peer.bucket}/${key}`);
    expect(address.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(address.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(address.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // No checksum parameters a browser could not supply.
    expect([...address.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    const sent = await fetch(address, { method: 'PUT', body: new Uint8Array(Buffer.from('video bytes')), headers: { 'content-type': 'video/mp4' } });
    expect(sent.status).toBe(200);
    expect(await store.stat(key)).toEqual({ size: 11 });
    await store.delete(key);
  });

  it('signs at the browsers’ address when S3_PUBLIC_ENDPOINT names one, and still stores through the endpoint', async () => {
    const split = await storeFor(peer, { S3_PUBLIC_ENDPOINT: 'https://media.example.org' });
    const key = newMediaKey('images', 'webp');
    try {
      await split.put(key, Readable.from([Buffer.from('through the endpoint')]), { contentType: 'image/webp' });
      expect(await store.stat(key)).toEqual({ size: 20 });
      const put = new URL(await split.presignedPutUrl(key, { contentType: 'image/webp', expiresIn: 60 }));
      const get = new URL(await split.presignedGetUrl(key, { expiresIn: 60, contentType: 'image/webp', disposition: 'inline' }));
      expect([put.origin, get.origin]).toEqual(['https://media.example.org', 'https://media.example.org']);
      expect(get.pathname).toBe(`/${peer.bucket}/${key}`);
    } finally {
      split.close();
      await store.delete(key);
    }
  });

  it('signs a short-lived GET address that answers with the type and disposition asked for', async () => {
    const key = newMediaKey('videos', 'mov');
    await store.put(key, Readable.from([Buffer.from('quicktime bytes')]), { contentType: 'application/octet-stream' });
    const address = await store.presignedGetUrl(key, { expiresIn: 300, contentType: 'video/quicktime', disposition: 'inline; filename="x.mov"' });
    expect(new URL(address).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/quicktime');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="x.mov"');
    expect(await response.text()).toBe('quicktime bytes');
    await store.delete(key);
  });
});
