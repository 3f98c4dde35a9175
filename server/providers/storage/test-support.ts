// Test helpers for the storage drivers: the local driver's folder, and an S3 peer (s3rver
// on loopback, DESIGN "Tests") for the S3 driver and the features that use it.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { MediaStore } from './types.js';

/** The bytes `media` holds under `key` (the key must be there). */
export async function storedBytes(media: MediaStore, key: string): Promise<Buffer> {
  const object = (await media.get(key))!;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file under `root`, temp files included, as paths relative to it. */
export async function filesUnder(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The variables that point the app at this peer (for makeTestApp's `env`). */
  env: Record<string, string>;
  /**
   * Every object key in the bucket, plus `multipart:{id}` for each multipart upload never
   * completed nor aborted (s3rver keeps their parts on disk, and cannot list them).
   */
  listAll(): Promise<string[]>;
  close(): Promise<void>;
}

/** s3rver's file names: an object is `{key}._S3rver_object`, pending uploads sit in `._S3rver_uploads`. */
const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_FOLDER = '._S3rver_uploads';

/** s3rver on 127.0.0.1, a free port and a fresh folder, with one empty bucket. */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = await mkdtemp(join(tmpdir(), 'heirloom-s3-'));
  const bucket = 'heirloom-media';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucketDir = join(directory, bucket);
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async listAll() {
      const files = await filesUnder(bucketDir);
      const objects = files.filter((file) => file.endsWith(OBJECT_SUFFIX)).map((file) => file.slice(0, -OBJECT_SUFFIX.length));
      const pending = existsSync(join(bucketDir, UPLOADS_FOLDER)) ? await readdir(join(bucketDir, UPLOADS_FOLDER)) : [];
      return [...objects, ...pending.map((id) => `multipart:${id}`)].sort();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
