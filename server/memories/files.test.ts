// The file checks of a memory, without HTTP or a database: recordings by their bytes, and
// the addresses a directVideoUrl may take.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { createMediaStore } from '../providers/storage/index.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { mediaKeyOfUrl, stageAudio } from '../media/index.js';
import { wavBytes } from './test-support.js';

const u32be = (value: number) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(6000, 1)]);
const recordings = {
  // An EBML header whose DocType is "webm", as Chrome and Firefox record.
  webm: padded(Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581', 'hex')),
  ogg: padded(Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), Buffer.alloc(20), Buffer.from([1, 19]), Buffer.from('OpusHead'), Buffer.from([1, 1, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0])])),
  m4a: padded(Buffer.concat([u32be(20), Buffer.from('ftypM4A '), u32be(0), Buffer.from('M4A '), u32be(8), Buffer.from('mdat')])),
  mp3: padded(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413), Buffer.from([0xff, 0xfb, 0x90, 0x64])])),
  wav: wavBytes(),
};

describe('a memory voice recording', () => {
  let dataDir: string;
  let ctx: AppContext;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'heirloom-memory-files-'));
    ctx = { media: await createMediaStore({ storage: 'local', dataDir }) } as AppContext;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    ['WebM', recordings.webm, 'audio/webm', 'webm'],
    ['Ogg', recordings.ogg, 'audio/ogg', 'ogg'],
    ['MP4/M4A', recordings.m4a, 'audio/mp4', 'm4a'],
    ['MPEG', recordings.mp3, 'audio/mpeg', 'mp3'],
    ['WAV', recordings.wav, 'audio/wav', 'wav'],
  ])('is taken as %s by its bytes and stored as sent', async (_, bytes, mimeType, extension) => {
    const staged = await stageAudio(ctx, Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
    expect(staged).toEqual({ key: expect.stringMatching(new RegExp(`^audio/[0-9a-f-]{36}\\.${extension}$`)), mimeType, size: bytes.length, width: null, height: null });
    const stored = await ctx.media.get(staged.key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await ctx.media.delete(staged.key);
  });

  it.each([
    ['a QuickTime video', Buffer.concat([u32be(20), Buffer.from('ftypqt  '), u32be(0), Buffer.from('qt  '), u32be(8), Buffer.from('mdat')])],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s with 400, leaving nothing', async (_, bytes) => {
    await expect(stageAudio(ctx, Readable.from([bytes]))).rejects.toMatchObject({ statusCode: 400, message: messages.audioTypeRefused });
    expect(await filesUnder(join(dataDir, 'media'))).toEqual([]);
  });

  it('refuses more than 50 MB with 413 while it streams, leaving nothing', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* fiftyOneMegabytes() {
      yield recordings.wav;
      for (let i = 0; i < 51; i++) yield chunk;
    }
    const refusal = await stageAudio(ctx, Readable.from(fiftyOneMegabytes())).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 413, message: messages.audioTooLarge });
    expect(await filesUnder(join(dataDir, 'media'))).toEqual([]);
  });
});

describe('a media address (a directVideoUrl, an image path to delete)', () => {
  const key = 'videos/0b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d.mp4';
  it.each([
    [`/uploads/${key}`, key],
    [`/uploads/${key}?v=1`, key],
    [`uploads/${key}`, key],
    [`http://heirloom.test/uploads/${key}`, key],
    [`https://bucket.s3.example.com/${key}`, key],
    [`https://minio.example/heirloom/${key}?X-Amz-Signature=abc`, key],
    [`/uploads/../${key}`, null],
    [`/uploads/videos/grandma.mp4`, null],
    [`/videos/0b6e1c2a-4f3d-4a5b-9c8d-7e6f5a4b3c2d.mp4`, null],
    [`ftp://example.com/${key}`, null],
    [`javascript:alert(1)//${key}`, null],
    ['', null],
  ])('%j names %j', (url, expected) => {
    expect(mediaKeyOfUrl(url)).toBe(expected);
  });
});
