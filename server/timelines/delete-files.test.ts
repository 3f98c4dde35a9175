// Deleting a timeline deletes the memories filed only on it, and now their files too
// (issue 8 "A mend in what exists"): photos in three sizes, voice, spoken follow-up answers
// (issue 9), videos and their thumbnails, comment recordings and the uploads rows, on local
// storage and on S3 (s3rver).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFile, followUpAudioFile, imageFile, memoryFields, mp4Bytes, videoThumbnailFile, wavBytes } from '../memories/test-support.js';
import { formBody, imageOf } from '../media/test-support.js';
import { localMediaRoot, newMediaKey } from '../providers/storage/index.js';
import { filesUnder, startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

const stores = ['local', 's3'] as const;

describe.each(dialects.flatMap((dialect) => stores.map((store) => [dialect, store] as const)))('deleting a timeline on %s with %s storage', (dialect, store) => {
  let peer: S3Peer | undefined;
  let t: TestApp;
  let owner: MadeUser, viewer: MadeUser;

  beforeAll(async () => {
    peer = store === 's3' ? await startS3Peer() : undefined;
    t = await makeTestApp(dialect, { env: peer?.env ?? {} });
    [owner, viewer] = await Promise.all([makeUser(t.ctx), makeUser(t.ctx)]);
  });
  afterAll(async () => {
    await t.close();
    await peer?.close();
  });

  const storedKeys = async () => (peer ? peer.listAll() : filesUnder(localMediaRoot(t.ctx.config)));

  /** A memory with every kind of media on `timelineIds`, shared with the viewer, who left a voice comment on it. */
  async function fullMemory(timelineIds: string[]) {
    const video = await makeDirectUpload(t.ctx, owner.user, mp4Bytes());
    const { payload, headers } = await formBody([
      ...memoryFields({
        timelineIds,
        sharedWith: [viewer.user.id],
        directVideoUrls: [video.url],
        followUpResponses: [{ question: 'Who was there?', answer: 'Audio response (no transcription available)', hasAudio: true, audioDuration: 3 }],
      }),
      imageFile(await imageOf('png')),
      audioFile(wavBytes()),
      videoThumbnailFile(await imageOf('jpeg', 320, 180)),
      followUpAudioFile(wavBytes(4000)),
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: owner.cookie } });
    expect(created.statusCode).toBe(201);
    const memory = created.json();
    // A voice comment as the comments feature stores it: the recording, its media row and the comment.
    const voice = newMediaKey('comment-audio', 'webm');
    await t.ctx.media.put(voice, Readable.from([Buffer.from('a voice comment')]), { contentType: 'audio/webm' });
    const now = iso(t.ctx.now());
    await t.ctx.db
      .insertInto('comments')
      .values({ id: randomUUID(), memory_id: memory.id, user_id: viewer.user.id, content: null, transcription: null, audio_key: voice, created_at: now })
      .execute();
    await t.ctx.db
      .insertInto('media')
      .values({ id: randomUUID(), memory_id: memory.id, owner_id: viewer.user.id, kind: 'comment_audio', storage_key: voice, mime_type: 'audio/webm', size: 15, width: null, height: null, duration: null, position: 0, created_at: now })
      .execute();
    const image = memory.images[0];
    const urls: string[] = [
      image.url,
      image.thumbnailUrl,
      image.originalUrl,
      memory.audioUrl,
      memory.videos[0].url,
      memory.videos[0].thumbnailUrl,
      memory.followUpResponses[0].audioUrl,
    ];
    return { id: memory.id as string, keys: [...urls.map((url) => url.slice('/uploads/'.length)), voice], videoKey: video.key };
  }

  const rowsOf = async (memoryId: string) => ({
    memories: (await t.ctx.db.selectFrom('memories').select('id').where('id', '=', memoryId).execute()).length,
    followUps: (await t.ctx.db.selectFrom('follow_up_responses').select('id').where('memory_id', '=', memoryId).execute()).length,
    media: (await t.ctx.db.selectFrom('media').select('id').where('memory_id', '=', memoryId).execute()).length,
    comments: (await t.ctx.db.selectFrom('comments').select('id').where('memory_id', '=', memoryId).execute()).length,
  });
  const uploadRow = (key: string) => t.ctx.db.selectFrom('uploads').select('storage_key').where('storage_key', '=', key).executeTakeFirst();

  it('deletes the files and uploads rows of the memories filed only on it, and keeps those of a memory also filed elsewhere', async () => {
    const doomed = await makeTimeline(t.ctx, owner.user, { name: 'Doomed', members: [viewer.user] });
    const kept = await makeTimeline(t.ctx, owner.user, { name: 'Kept', members: [viewer.user] });
    const only = await fullMemory([doomed.id]);
    const both = await fullMemory([doomed.id, kept.id]);
    expect(only.keys).toHaveLength(8);
    expect(await storedKeys()).toEqual(expect.arrayContaining([...only.keys, ...both.keys]));
    // Spent when the memory took the video to a key of its own (issue 19).
    expect(await uploadRow(only.videoKey)).toBeUndefined();

    const response = await t.app.inject({ method: 'DELETE', url: `/api/timelines/${doomed.id}`, headers: { cookie: owner.cookie } });
    expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);

    expect(await rowsOf(only.id)).toEqual({ memories: 0, followUps: 0, media: 0, comments: 0 });
    const left = await storedKeys();
    for (const key of only.keys) expect(left).not.toContain(key);
    expect(await uploadRow(only.videoKey)).toBeUndefined();

    expect(await rowsOf(both.id)).toEqual({ memories: 1, followUps: 1, media: 8, comments: 1 });
    expect(left).toEqual(expect.arrayContaining(both.keys));
    for (const key of [...both.keys.slice(0, 5), both.keys[6]!]) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { cookie: viewer.cookie } })).statusCode).toBe(peer ? 302 : 200);
    }
  });

  it('keeps every file when a member who is not the owner tries, and answers 403', async () => {
    const timeline = await makeTimeline(t.ctx, owner.user, { members: [viewer.user] });
    const memory = await fullMemory([timeline.id]);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/timelines/${timeline.id}`, headers: { cookie: viewer.cookie } });
    expect(response.statusCode).toBe(403);
    expect(await rowsOf(memory.id)).toEqual({ memories: 1, followUps: 1, media: 8, comments: 1 });
    expect(await storedKeys()).toEqual(expect.arrayContaining(memory.keys));
  });
});
