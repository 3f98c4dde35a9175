// Archives with the media in an S3 bucket (s3rver): the single export and the month archive
// stream every file from the bucket byte for byte, and an object missing from the bucket is
// left out of an archive that still opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { entryBytes, entryNames, FULL_MEMORY_MEDIA, keyOf, makeFullMemory, unzip, type FullMemory } from './test-support.js';

/** Each media entry and the bytes it was made from. */
const madeFrom = ({ files }: FullMemory): Buffer[] => [files.png, files.gif, files.mp4, files.recording, files.answer, files.voiceComment];

describe.each(dialects)('archives with S3 storage (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  let creator: MadeUser, shared: MadeUser;
  let full: FullMemory;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    creator = await makeUser(t.ctx);
    shared = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [shared.user] });
    full = await makeFullMemory(t, creator, shared, {
      title: 'From the bucket',
      timelineIds: [timeline.id],
      sharedWith: [shared.user.id],
      createdAt: '2024-05-04T12:00:00.000Z',
      tags: [],
    });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const get = (url: string, who: MadeUser) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('streams the single export from the bucket, every file as uploaded, its length declared', async () => {
    const response = await get(`/api/memories/${full.memory.id}/export`, shared);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    const entries = await unzip(response.rawPayload);
    expect(entryNames(entries)).toEqual(['metadata.json', 'memory_content.txt', ...FULL_MEMORY_MEDIA]);
    expect(entries.every((entry) => entry.crcMatches)).toBe(true);
    madeFrom(full).forEach((bytes, index) => expect(entryBytes(entries, FULL_MEMORY_MEDIA[index]!)!.equals(bytes), FULL_MEMORY_MEDIA[index]).toBe(true));
  });

  it('streams the month archive from the bucket, the inner zip holding every file as uploaded', async () => {
    const response = await get('/api/bulk-download/archive?month=2024-05', creator);
    expect(response.statusCode).toBe(200);
    const [inner, ...others] = await unzip(response.rawPayload);
    expect(others).toEqual([]);
    const entries = await unzip(inner!.bytes);
    expect(entryNames(entries)).toEqual(['metadata.json', 'memory_content.txt', ...FULL_MEMORY_MEDIA]);
    madeFrom(full).forEach((bytes, index) => expect(entryBytes(entries, FULL_MEMORY_MEDIA[index]!)!.equals(bytes), FULL_MEMORY_MEDIA[index]).toBe(true));
  });

  it('leaves out an object missing from the bucket', async () => {
    await t.ctx.media.delete(keyOf(full.memory.audioUrl!));
    const entries = await unzip((await get(`/api/memories/${full.memory.id}/export`, creator)).rawPayload);
    expect(entryNames(entries)).toEqual(['metadata.json', 'memory_content.txt', ...FULL_MEMORY_MEDIA.filter((name) => name !== 'media/audio/memory_recording.wav')]);
  });
});
