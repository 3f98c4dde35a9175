// POST /api/memories with the media in an S3 bucket (s3rver): every kind of file goes to the
// bucket and comes back byte for byte through the presigned GET; a refusal and a deletion
// leave nothing of the memory in the bucket.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import type { PresignedUrl } from '../../common/uploads.js';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { sendDirectUpload } from '../uploads/test-support.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { audioFile, followUpAudioFile, imageFile, memoryFields, mp4Bytes, videoThumbnailFile, wavBytes } from './test-support.js';

describe.each(dialects)('memories with S3 storage (s3rver) on %s', (dialect) => {
  let peer: S3Peer;
  let t: TestApp;
  let creator: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp(dialect, { env: peer.env });
    creator = await makeUser(t.ctx);
    timelineId = (await makeTimeline(t.ctx, creator.user)).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = async (parts: FormPart[]) => {
    const { payload, headers } = await formBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  };

  /** A video sent straight to the bucket, as the browser does; answers the address it names. */
  async function directVideo(bytes: Buffer): Promise<PresignedUrl> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/presigned-url',
      headers: { cookie: creator.cookie },
      payload: { fileName: 'lake.mp4', mimeType: 'video/mp4' },
    });
    expect(response.statusCode).toBe(200);
    const upload: PresignedUrl = response.json();
    expect([200, 204]).toContain((await sendDirectUpload(upload, bytes)).status);
    return upload;
  }

  /** The bytes behind a media address: the server's 302, then the bucket's presigned GET. */
  async function served(url: string): Promise<Buffer> {
    const redirect = await t.app.inject({ method: 'GET', url, headers: { cookie: creator.cookie } });
    expect(redirect.statusCode).toBe(302);
    const fetched = await fetch(redirect.headers.location as string);
    expect(fetched.status).toBe(200);
    return Buffer.from(await fetched.arrayBuffer());
  }

  it('keeps every kind of file in the bucket and serves each back as sent; deleting the memory empties the bucket of them', async () => {
    const png = await imageOf('png', 640, 480);
    const wav = wavBytes();
    const answer = wavBytes(4_000);
    const mp4 = mp4Bytes(40_000);
    const video = await directVideo(mp4);
    // The bucket's own address, as a browser on S3 storage holds it.
    const response = await post([
      ...memoryFields({
        timelineIds: [timelineId],
        directVideoUrls: [`${video.uploadUrl}/${video.key}`],
        followUpResponses: [{ question: 'Who was there?', answer: messages.audioAnswerNoTranscription, hasAudio: true }],
      }),
      imageFile(png),
      audioFile(wav),
      videoThumbnailFile(await imageOf('jpeg', 1280, 720)),
      followUpAudioFile(answer),
    ]);
    expect(response.statusCode).toBe(201);
    const memory = response.json();

    expect((await served(memory.images[0].originalUrl)).equals(png)).toBe(true);
    expect((await served(memory.audioUrl)).equals(wav)).toBe(true);
    // A follow-up answer given by voice keeps its recording in the bucket too.
    expect((await served(memory.followUpResponses[0].audioUrl)).equals(answer)).toBe(true);
    expect((await served(memory.videos[0].url)).equals(mp4)).toBe(true);
    const display = await sharp(await served(memory.images[0].url)).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 640, 480]);
    const frame = await sharp(await served(memory.videos[0].thumbnailUrl)).metadata();
    expect([frame.format, frame.width, frame.height]).toEqual(['webp', 480, 270]);

    const keys = [
      memory.images[0].url,
      memory.images[0].thumbnailUrl,
      memory.images[0].originalUrl,
      memory.audioUrl,
      memory.videos[0].url,
      memory.videos[0].thumbnailUrl,
      memory.followUpResponses[0].audioUrl,
    ].map((url: string) => url.slice('/uploads/'.length));
    expect(await peer.listAll()).toEqual(expect.arrayContaining(keys));

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/memories/${memory.id}`, headers: { cookie: creator.cookie } });
    expect(deleted.statusCode).toBe(200);
    const left = await peer.listAll();
    for (const key of keys) expect(left).not.toContain(key);
  });

  it('refuses a spoken answer without its recording and leaves none of the files sent before it in the bucket', async () => {
    const before = await peer.listAll();
    const response = await post([
      ...memoryFields({ timelineIds: [timelineId], followUpResponses: [{ question: 'Who?', answer: messages.audioAnswerNoTranscription, hasAudio: true }] }),
      imageFile(await imageOf('webp')),
      audioFile(wavBytes()),
    ]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.followUpAudioCountMismatch(1, 0) }]);
    expect(await peer.listAll()).toEqual(before);
    expect(await t.ctx.db.selectFrom('memories').select('id').where('user_id', '=', creator.user.id).execute()).toEqual([]);
  });

  it('refuses a file that is no picture and leaves none of the files sent before it in the bucket', async () => {
    const before = await peer.listAll();
    const response = await post([
      ...memoryFields({ timelineIds: [timelineId] }),
      imageFile(await imageOf('webp')),
      audioFile(wavBytes()),
      imageFile(Buffer.from('Dear diary, not a picture.\n'.repeat(300)), 'photo.jpg', 'image/jpeg'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.imageTypeRefused });
    expect(await peer.listAll()).toEqual(before);
    expect(await t.ctx.db.selectFrom('memories').select('id').where('user_id', '=', creator.user.id).execute()).toEqual([]);
  });
});
