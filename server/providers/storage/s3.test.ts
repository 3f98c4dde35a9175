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

  /** The policy a form carries, decoded. */
  const policyOf = (fields: Record<string, string>) => JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
  /** Sends `bytes` as a browser does: the fields in order, then the file. */
  function postForm(post: { url: string; fields: Record<string, string> }, bytes: Buffer, fields = post.fields) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'clip.mp4');
    return fetch(post.url, { method: 'POST', body: form });
  }

  it('signs a POST form capped at the size and bound to the key, type and an expiry, that a browser form can use (issue 19)', async () => {
    const key = newMediaKey('videos', 'mp4');
    const before = Date.now();
    const post = await store.presignedPost(key, { contentType: 'video/mp4', maxBytes: 250 * 1024 * 1024, expiresIn: 3600 });
    expect(post.url).toBe(`${peer.endpoint}/${peer.bucket}`);
    expect(post.fields).toMatchObject({
      key,
      'Content-Type': 'video/mp4',
      bucket: peer.bucket,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/),
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // What S3 enforces: this key, this type, 1 byte to 250 MB, for an hour.
    const policy = policyOf(post.fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key }, { 'Content-Type': 'video/mp4' }, { bucket: peer.bucket }, ['content-length-range', 1, 250 * 1024 * 1024]]),
    );
    for (const name of ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date']) expect(policy.conditions).toContainEqual({ [name]: post.fields[name] });
    const lifetime = Date.parse(policy.expiration) - before;
    expect(lifetime).toBeGreaterThan(3590_000);
    expect(lifetime).toBeLessThanOrEqual(3601_000);

    // s3rver takes the form (it checks no policy: the conditions above are what S3 checks).
    const sent = await postForm(post, Buffer.from('video bytes'));
    expect([200, 204]).toContain(sent.status);
    expect(await store.stat(key)).toEqual({ size: 11 });
    await store.delete(key);
  });

  it('signs the policy with the SigV4 key of the credentials, date and region', async () => {
    const { createHmac } = await import('node:crypto');
    const post = await store.presignedPost(newMediaKey('videos', 'webm'), { contentType: 'video/webm', maxBytes: 1000, expiresIn: 60 });
    const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
    const date = post.fields['X-Amz-Date']!.slice(0, 8);
    const signingKey = hmac(hmac(hmac(hmac('AWS4S3RVER', date), 'us-east-1'), 's3'), 'aws4_request');
    expect(post.fields['X-Amz-Signature']).toBe(hmac(signingKey, post.fields.Policy!).toString('hex'));
    // A policy changed by the browser (a larger size) no longer matches its signature.
    const widened = Buffer.from(Buffer.from(post.fields.Policy!, 'base64').toString().replace('1000', '999999999')).toString('base64');
    expect(hmac(signingKey, widened).toString('hex')).not.toBe(post.fields['X-Amz-Signature']);
  });

  it('signs at the browsers’ address when S3_PUBLIC_ENDPOINT names one, and still stores through the endpoint', async () => {
    const split = await storeFor(peer, { S3_PUBLIC_ENDPOINT: 'https://media.example.org' });
    const key = newMediaKey('images', 'webp');
    try {
      await split.put(key, Readable.from([Buffer.from('through the endpoint')]), { contentType: 'image/webp' });
      expect(await store.stat(key)).toEqual({ size: 20 });
      const post = await split.presignedPost(key, { contentType: 'image/webp', maxBytes: 100, expiresIn: 60 });
      const get = new URL(await split.presignedGetUrl(key, { expiresIn: 60, contentType: 'image/webp', disposition: 'inline' }));
      expect(post.url).toBe(`https://media.example.org/${peer.bucket}`);
      expect(get.origin).toBe('https://media.example.org');
      expect(get.pathname).toBe(`/${peer.bucket}/${key}`);
      // Moving goes through the endpoint too.
      const moved = newMediaKey('images', 'webp');
      expect(await split.move(key, moved)).toEqual({ size: 20 });
      await store.delete(moved);
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
