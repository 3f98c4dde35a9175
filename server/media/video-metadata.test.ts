// Issue 19: videos lose their place and device metadata on the way in, as photos do, without
// a byte of their frames or a single offset changing.
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { keyOf, makeMemoryWithMedia, patchForm, videoFile } from '../memories/edit-test-support.js';
import { memoryFields, videoThumbnailFile } from '../memories/test-support.js';
import { newMediaKey } from '../providers/storage/index.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { formBody, imageOf } from './test-support.js';
import { moveVideoWithoutMetadata, stripVideoMetadata } from './video-metadata.js';
import { boxesIn, childrenOf, DEVICE, element, frames, mp4WithPlace, PLACE, webmWithPlace, type ReadBox } from './video-test-support.js';

/** `file` through the stripper, sent in chunks of `chunk` bytes. */
async function strip(file: Buffer, chunk = 64 * 1024): Promise<Buffer> {
  const chunks = Array.from({ length: Math.ceil(file.length / chunk) }, (_, i) => file.subarray(i * chunk, (i + 1) * chunk));
  return buffer(Readable.from(chunks).pipe(stripVideoMetadata()));
}

const holds = (file: Buffer, text: string) => file.includes(Buffer.from(text, 'latin1')) || file.includes(Buffer.from(text, 'utf8'));
const METADATA_TEXTS = [PLACE, DEVICE, '©xyz', '©mod', 'ISO6709', 'xmpmeta', 'GPSLatitude', 'LOCATION', 'ENCODER'];

/** What an MP4 from mp4WithPlace holds once stripped: the structure a player reads, checked box by box. */
function expectStrippedMp4(original: Buffer, stored: Buffer, media: Buffer, moovFirst: boolean) {
  expect(stored.length).toBe(original.length);
  for (const text of METADATA_TEXTS) expect(holds(stored, text), text).toBe(false);
  const top = boxesIn(stored);
  expect(top.map((box) => box.type)).toEqual(moovFirst ? ['ftyp', 'moov', 'free', 'mdat'] : ['ftyp', 'mdat', 'moov', 'free']);
  const moov = childrenOf(stored, top, 'moov');
  expect(moov.map((box) => box.type)).toEqual(['mvhd', 'free', 'free', 'trak']);
  const trak = childrenOf(stored, moov, 'trak');
  expect(trak.map((box) => box.type)).toEqual(['tkhd', 'free', 'mdia']);
  // Same sizes where they were: every box of the original at the same offset.
  const before = boxesIn(original);
  expect(top.map(({ start, size }) => [start, size])).toEqual(before.map(({ start, size }) => [start, size]));
  expect(moov.map(({ start, size }) => [start, size])).toEqual(childrenOf(original, before, 'moov').map(({ start, size }) => [start, size]));
  // Each free box holds zeros; everything outside them is byte for byte the original.
  const freed = [...top, ...moov, ...trak].filter((box) => box.type === 'free');
  for (const box of freed) expect(stored.subarray(box.start + 8, box.start + box.size).every((byte) => byte === 0)).toBe(true);
  const outside = (file: Buffer) => Buffer.concat(cut(file, freed));
  expect(outside(stored).equals(outside(original))).toBe(true);
  // The frames where stco says they are, and mdat untouched.
  const mdat = top.find((box) => box.type === 'mdat')!;
  expect(stored.subarray(mdat.start, mdat.start + mdat.size).equals(original.subarray(mdat.start, mdat.start + mdat.size))).toBe(true);
  const stbl = childrenOf(stored, childrenOf(stored, childrenOf(stored, trak, 'mdia'), 'minf'), 'stbl');
  const stco = stbl.find((box) => box.type === 'stco')!;
  const firstFrame = stored.readUInt32BE(stco.start + 16);
  expect(stored.subarray(firstFrame, firstFrame + media.length).equals(media)).toBe(true);
}

/** `file` without the spans of `boxes`. */
function cut(file: Buffer, boxes: ReadBox[]): Buffer[] {
  const parts: Buffer[] = [];
  let at = 0;
  for (const box of [...boxes].sort((a, b) => a.start - b.start)) {
    parts.push(file.subarray(at, box.start));
    at = box.start + box.size;
  }
  parts.push(file.subarray(at));
  return parts;
}

describe('stripVideoMetadata', () => {
  it.each([
    ['moov after mdat, as phones write it', false],
    ['moov first, as a web-optimised file has it', true],
  ])('overwrites udta, meta and XMP with free boxes of the same size (%s)', async (_, moovFirst) => {
    const { file, frames: media } = mp4WithPlace({ moovFirst });
    for (const text of METADATA_TEXTS.slice(0, 7)) expect(holds(file, text), text).toBe(true);
    expectStrippedMp4(file, await strip(file), media, moovFirst);
  });

  it('gives the same bytes however the stream is cut', async () => {
    const { file } = mp4WithPlace({ frameBytes: 3000 });
    const whole = await strip(file, file.length);
    for (const chunk of [1, 3, 7, 16, 4099]) expect((await strip(file, chunk)).equals(whole), `chunks of ${chunk}`).toBe(true);
    const webm = webmWithPlace().file;
    const wholeWebm = await strip(webm, webm.length);
    for (const chunk of [1, 5, 13]) expect((await strip(webm, chunk)).equals(wholeWebm), `WebM chunks of ${chunk}`).toBe(true);
  });

  it('passes on unchanged what it cannot walk, and a file cut short keeps its length', async () => {
    const ftyp = mp4WithPlace().file.subarray(0, 24);
    const filler = Buffer.concat([ftyp, frames(5000)]);
    expect((await strip(filler)).equals(filler)).toBe(true);
    const { file } = mp4WithPlace({ frameBytes: 1000 });
    const cutShort = file.subarray(0, file.length - 40);
    expect((await strip(cutShort)).length).toBe(cutShort.length);
    const tail = Buffer.concat([file, Buffer.from([1, 2, 3])]);
    const stripped = await strip(tail);
    expect([stripped.length, holds(stripped, PLACE), stripped.subarray(-3).equals(Buffer.from([1, 2, 3]))]).toEqual([tail.length, false, true]);
  });

  it('overwrites WebM Tags, before and after Clusters of unknown size, with Void elements of the same size', async () => {
    const { file, blocks } = webmWithPlace();
    expect(holds(file, PLACE) && holds(file, DEVICE)).toBe(true);
    const stored = await strip(file);
    expect(stored.length).toBe(file.length);
    for (const text of METADATA_TEXTS) expect(holds(stored, text), text).toBe(false);
    for (const block of blocks) expect(stored.includes(block)).toBe(true);
    // Each Tags element (ID 12 54 C3 67) is now a Void (EC) spanning the same bytes, zeros inside.
    const tagsAt = [...indexesOf(file, Buffer.from([0x12, 0x54, 0xc3, 0x67]))];
    expect(tagsAt).toHaveLength(2);
    const spans: ReadBox[] = [];
    for (const at of tagsAt) {
      expect(stored[at]).toBe(0xec);
      const { length, headerLength } = voidAt(stored, at);
      const original = elementLength(file, at);
      expect(length).toBe(original);
      expect(stored.subarray(at + headerLength, at + length).every((byte) => byte === 0)).toBe(true);
      spans.push({ type: 'Tags', start: at, size: original, headerLength });
    }
    expect(Buffer.concat(cut(stored, spans)).equals(Buffer.concat(cut(file, spans)))).toBe(true);
    // A Void written over an element whose size took 8 bytes: 1 + 8 bytes of header, then zeros.
    expect(element(0xec, [Buffer.alloc(3)], { sizeLength: 8 }).length).toBe(12);
  });
});

function* indexesOf(file: Buffer, needle: Buffer) {
  for (let at = file.indexOf(needle); at !== -1; at = file.indexOf(needle, at + 1)) yield at;
}
const vint = (file: Buffer, at: number) => {
  const length = Math.clz32(file[at]!) - 23;
  let value = file[at]! & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + file[at + i]!;
  return { length, value };
};
function voidAt(file: Buffer, at: number) {
  const size = vint(file, at + 1);
  return { headerLength: 1 + size.length, length: 1 + size.length + size.value };
}
function elementLength(file: Buffer, at: number) {
  const size = vint(file, at + 4);
  return 4 + size.length + size.value;
}

describe.each(dialects)('videos stored without their place on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    creator = await makeUser(t.ctx);
    timelineId = (await makeTimeline(t.ctx, creator.user)).id;
  });
  afterAll(() => t.close());

  const stored = async (key: string) => buffer((await t.ctx.media.get(key))!.body);

  it.each([
    ['an MP4', 'clip.mp4', 'video/mp4'],
    ['a QuickTime .mov', 'IMG_0001.MOV', 'video/quicktime'],
  ])('stores %s from the edit form with no ©xyz, no device and no XMP; same length, same frames, moov still whole', async (_, name, type) => {
    const memory: Memory = await makeMemoryWithMedia(t, creator, { timelineId, images: 0, videos: 0 });
    const { file, frames: media } = mp4WithPlace();
    const response = await patchForm(t, memory.id, creator.cookie, [videoFile(file, name, type)]);
    expect(response.statusCode).toBe(200);
    const video = response.json().videos[0];
    const bytes = await stored(keyOf(video.url));
    expectStrippedMp4(file, bytes, media, false);
    const served = await t.app.inject({ method: 'GET', url: video.url, headers: { cookie: creator.cookie } });
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('stores a direct upload named by a new memory without its place or device', async () => {
    const { file, frames: media } = mp4WithPlace();
    const upload = await makeDirectUpload(t.ctx, creator.user, file);
    const { payload, headers } = await formBody([
      ...memoryFields({ title: 'At the tower', timelineIds: [timelineId], directVideoUrls: [upload.url] }),
      videoThumbnailFile(await imageOf('jpeg', 320, 180)),
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(response.statusCode).toBe(201);
    expectStrippedMp4(file, await stored(keyOf(response.json().videos[0].url)), media, false);
    expect(await t.ctx.media.exists(upload.key)).toBe(false);
  });

  it('moves a direct upload to its new key without its metadata, and answers null for nothing', async () => {
    const { file, frames: media } = mp4WithPlace({ moovFirst: true });
    const from = newMediaKey('videos', 'mp4');
    await t.ctx.media.put(from, Readable.from([file]), { contentType: 'video/mp4' });
    const to = newMediaKey('videos', 'mp4');
    expect(await moveVideoWithoutMetadata(t.ctx, from, to)).toEqual({ size: file.length });
    expectStrippedMp4(file, await stored(to), media, true);
    expect(await t.ctx.media.exists(from)).toBe(false);
    expect(await moveVideoWithoutMetadata(t.ctx, `videos/${randomUUID()}.mp4`, newMediaKey('videos', 'mp4'))).toBeNull();
  });
});

describe.each(dialects)('a direct upload moved on S3 (s3rver) without its place on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('reads the upload from the bucket, stores it stripped under the new key and removes the upload', async () => {
    const { file, frames: media } = mp4WithPlace();
    const from = newMediaKey('videos', 'mov');
    await t.ctx.media.put(from, Readable.from([file]), { contentType: 'video/quicktime' });
    const to = newMediaKey('videos', 'mov');
    expect(await moveVideoWithoutMetadata(t.ctx, from, to)).toEqual({ size: file.length });
    expectStrippedMp4(file, await buffer((await t.ctx.media.get(to))!.body), media, false);
    expect(await peer.listAll()).not.toContain(from);
  });
});
