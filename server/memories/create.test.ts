import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody, hasGpsTag, imageOf, jpegWithGps, type FormPart } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeTimeline, makeUser } from '../test/factories.js';
import { audioFile, imageFile, memoryFields, mp4Bytes, videoThumbnailFile, wavBytes } from './test-support.js';
import { strayFiles } from './edit-test-support.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const url = (pattern: string) => new RegExp(`^/uploads/${pattern}$`);

describe.each(dialects)('POST /api/memories on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  async function post(cookie: string | undefined, parts: FormPart[]) {
    const { payload, headers } = await formBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  }
  const get = (path: string, cookie: string) => t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  const memoriesOf = (userId: string) => t.ctx.db.selectFrom('memories').selectAll().where('user_id', '=', userId).execute();
  const mediaOf = async (memoryId: string) =>
    (await t.ctx.db.selectFrom('media').selectAll().where('memory_id', '=', memoryId).execute()).sort((a, b) => a.storage_key.localeCompare(b.storage_key, 'en'));
  async function expectNothingStored(userId: string) {
    expect(await memoriesOf(userId)).toEqual([]);
    expect(await t.ctx.db.selectFrom('media').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await strayFiles(t)).toEqual([]);
  }

  /** A creator with a timeline shared with `member` (and `others`). */
  async function family() {
    const creator = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    const member = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [member.user] });
    return { creator, member, timeline };
  }

  it('creates a memory from every field and media kind, answers 201 with its JSON, and serves the bytes as sent', async () => {
    const { creator, member, timeline } = await family();
    const unshared = await makeUser(t.ctx);
    const second = await makeTimeline(t.ctx, creator.user, { name: 'Lake', members: [unshared.user] });
    const png = await imageOf('png', 640, 480);
    const frame = await imageOf('jpeg', 1280, 720);
    const wav = wavBytes();
    const mp4 = mp4Bytes();
    const video = await makeDirectUpload(t.ctx, creator.user, mp4);
    const content = 'We swam until dark.\n\nQ: Who was there?\nA: All the cousins';

    const response = await post(creator.cookie, [
      ...memoryFields({
        title: '  Summer at the lake  ',
        content,
        transcription: 'We swam all day',
        sharedWith: [member.user.id],
        timelineIds: [timeline.id, second.id],
        directVideoUrls: [`http://heirloom.test${video.url}`],
      }),
      imageFile(png),
      audioFile(wav),
      videoThumbnailFile(frame),
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(new RegExp(`^${UUID}$`)),
      title: 'Summer at the lake',
      content,
      transcription: 'We swam all day',
      // Words sent with the recording need no job.
      transcriptionStatus: 'done',
      tags: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      userId: creator.user.id,
      familyId: null,
      audioUrl: expect.stringMatching(url(`audio/${UUID}\\.wav`)),
      audioDuration: null,
      timelineIds: [timeline.id, second.id].sort(),
      sharedWith: [creator.user.id, member.user.id].sort(),
      // Some of the timelines' members, not all (DESIGN "Memory view": no audience sent).
      audience: 'people',
      images: [
        {
          id: expect.any(String),
          url: expect.stringMatching(url(`images/${UUID}-display\\.webp`)),
          thumbnailUrl: expect.stringMatching(url(`images/${UUID}-thumb\\.webp`)),
          originalUrl: expect.stringMatching(url(`images/${UUID}\\.png`)),
          width: 640,
          height: 480,
        },
      ],
      // issue 19: saved under a key of the memory's own, out of the upload address's reach.
      videos: [{ id: expect.any(String), url: expect.stringMatching(url(`videos/${UUID}\\.mp4`)), mimeType: 'video/mp4', thumbnailUrl: expect.stringMatching(url(`videos/${UUID}-thumb\\.webp`)) }],
      followUpResponses: [],
      creator: { id: creator.user.id, displayName: 'Grandma Rose', firstName: null, lastName: null, email: creator.user.email, profileImageUrl: null, isStoryteller: false },
      abilities: { canEdit: true, canDelete: true, canShare: true },
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);

    // The original photo, the recording and the video come back byte for byte.
    const [image] = body.images;
    expect(body.videos[0].url).not.toBe(video.url);
    expect(await t.ctx.media.exists(video.key)).toBe(false);
    for (const [path, sent] of [[image.originalUrl, png], [body.audioUrl, wav], [body.videos[0].url, mp4]] as const) {
      const served = await get(path, member.cookie);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(sent)).toBe(true);
    }
    expect((await get(body.audioUrl, creator.cookie)).headers['content-type']).toBe('audio/wav');
    const thumbnail = await sharp((await get(image.thumbnailUrl, creator.cookie)).rawPayload).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 480, 360]);
    // The video's captured frame is kept as a 480 px WebP, for viewers only.
    const [shownVideo] = body.videos;
    const frameServed = await get(shownVideo.thumbnailUrl, member.cookie);
    expect(frameServed.statusCode).toBe(200);
    const frameInfo = await sharp(frameServed.rawPayload).metadata();
    expect([frameInfo.format, frameInfo.width, frameInfo.height]).toEqual(['webp', 480, 270]);
    expect((await get(shownVideo.thumbnailUrl, unshared.cookie)).statusCode).toBe(404);

    const [row] = await memoriesOf(creator.user.id);
    expect(row).toMatchObject({ id: body.id, title: 'Summer at the lake', content, transcription: 'We swam all day', family_id: null, audio_key: body.audioUrl.slice(9) });
    const media = await mediaOf(body.id);
    expect(media.map((item) => [item.kind, item.position, item.storage_key, item.mime_type, item.width, item.height])).toEqual([
      ['audio', 0, body.audioUrl.slice(9), 'audio/wav', null, null],
      ['image', 0, image.url.slice(9), 'image/webp', 640, 480],
      ['image', 0, image.originalUrl.slice(9), 'image/png', 640, 480],
      ['image', 0, image.thumbnailUrl.slice(9), 'image/webp', 480, 360],
      ['video', 0, body.videos[0].url.slice(9), 'video/mp4', null, null],
      ['video_thumbnail', 0, body.videos[0].thumbnailUrl.slice(9), 'image/webp', 480, 270],
    ].sort((a, b) => String(a[2]).localeCompare(String(b[2]), 'en')));
    expect(Number(media.find((item) => item.kind === 'video')!.size)).toBe(mp4.length);
    // The upload is spent (issue 19): its row goes, so its address reaches nothing any more.
    expect(await t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', video.key).executeTakeFirst()).toBeUndefined();
  });

  it('strips EXIF and GPS from every stored copy of a phone photo and turns it upright', async () => {
    const { creator, timeline } = await family();
    const photo = await jpegWithGps();
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(photo, 'IMG_0001.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(201);
    const [image] = response.json().images;
    expect(image.originalUrl).toMatch(url(`images/${UUID}-original\\.jpg`));
    expect([image.width, image.height]).toEqual([400, 800]);
    const sizes: number[][] = [];
    for (const path of [image.originalUrl, image.url, image.thumbnailUrl]) {
      const served = await get(path, creator.cookie);
      expect(served.statusCode).toBe(200);
      expect(hasGpsTag(served.rawPayload)).toBe(false);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation ?? 1).toBe(1);
      sizes.push([metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([[400, 800], [400, 800], [240, 480]]);
    // The uploaded file, with its GPS, was replaced by the clean copy and is gone.
    expect(await strayFiles(t)).toEqual([]);
  });

  it("refuses a fourth image with 'Maximum images reached' and keeps none of the first three", async () => {
    const { creator, timeline } = await family();
    const png = await imageOf('png');
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), ...[1, 2, 3, 4].map(() => imageFile(png))]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Maximum images reached: You can have a maximum of 3 images per memory' });
    await expectNothingStored(creator.user.id);
  });

  it.each([
    ['a text file named .jpg', async () => imageFile(Buffer.from('Dear diary, not a picture.\n'.repeat(300)), 'photo.jpg', 'image/jpeg'), messages.imageTypeRefused],
    ['an SVG', async () => imageFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'), messages.imageTypeRefused],
    ['a PNG whose body is broken', async () => imageFile(Buffer.concat([(await imageOf('png', 300, 300)).subarray(0, 60), Buffer.alloc(6000, 0x41)])), messages.imageUnreadable],
    ['a picture sent as the recording', async () => audioFile(await imageOf('png'), 'voice.webm', 'audio/webm'), messages.audioTypeRefused],
  ])('refuses %s with 400 and stores nothing, not even the photo before it', async (_, file, message) => {
    const { creator, timeline } = await family();
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(await imageOf('webp')), await file()]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    await expectNothingStored(creator.user.id);
  });

  it('refuses a 26 MB image with 413, leaving no file in the media folder and no row', async () => {
    const { creator, timeline } = await family();
    const jpeg = await jpegWithGps();
    const big = Buffer.concat([jpeg, Buffer.alloc(26 * 1024 * 1024 - jpeg.length)]);
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(await imageOf('png')), imageFile(big, 'big.jpg', 'image/jpeg')]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.memoryImageTooLarge });
    await expectNothingStored(creator.user.id);
  });

  it("refuses another user's direct video upload, and leaves it theirs and unattached", async () => {
    const { creator, member, timeline } = await family();
    const theirs = await makeDirectUpload(t.ctx, member.user, mp4Bytes());
    for (const videoUrl of [theirs.url, '/uploads/videos/not-a-key.mp4', 'https://elsewhere.example/video.mp4']) {
      const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id], directVideoUrls: [videoUrl] }), imageFile(await imageOf('gif'))]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Video upload not found' });
    }
    const upload = await t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', theirs.key).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ owner_id: member.user.id, attached_at: null });
    expect(await t.ctx.media.exists(theirs.key)).toBe(true);
    await expectNothingStored(creator.user.id);
  });

  it('keeps a video without a thumbnail, whose thumbnailUrl is then null', async () => {
    const { creator, timeline } = await family();
    const video = await makeDirectUpload(t.ctx, creator.user, mp4Bytes());
    const response = await post(creator.cookie, memoryFields({ timelineIds: [timeline.id], directVideoUrls: [video.url] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().videos).toEqual([{ id: expect.any(String), url: expect.stringMatching(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/), mimeType: 'video/mp4', thumbnailUrl: null }]);
  });

  it.each([
    ['a thumbnail without a video', async () => [], async () => [videoThumbnailFile(await imageOf('jpeg', 320, 180))], messages.videoThumbnailWithoutVideo],
    ['a thumbnail that is no picture', async (video: string) => [video], async () => [videoThumbnailFile(mp4Bytes(), 'thumbnail.jpg')], messages.imageTypeRefused],
    [
      'a thumbnail whose picture is broken',
      async (video: string) => [video],
      async () => [videoThumbnailFile(Buffer.concat([(await imageOf('png', 300, 300)).subarray(0, 60), Buffer.alloc(6000, 0x41)]), 'thumbnail.png')],
      messages.imageUnreadable,
    ],
    [
      'two thumbnails for one video named twice',
      async (video: string) => [video, video],
      async () => [videoThumbnailFile(await imageOf('jpeg', 320, 180)), videoThumbnailFile(await imageOf('jpeg', 320, 180))],
      messages.videoThumbnailWithoutVideo,
    ],
  ])('refuses %s with 400, stores nothing and leaves the video unattached', async (_, urls, thumbnails, message) => {
    const { creator, timeline } = await family();
    const video = await makeDirectUpload(t.ctx, creator.user, mp4Bytes());
    const response = await post(creator.cookie, [
      ...memoryFields({ timelineIds: [timeline.id], directVideoUrls: await urls(video.url) }),
      imageFile(await imageOf('png')),
      ...(await thumbnails()),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    await expectNothingStored(creator.user.id);
    const upload = await t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', video.key).executeTakeFirstOrThrow();
    expect(upload.attached_at).toBeNull();
  });

  it("answers 404 'Timeline not found' for a timeline the creator is not a member of", async () => {
    const { creator } = await family();
    const other = await makeUser(t.ctx);
    const theirs = await makeTimeline(t.ctx, other.user);
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [theirs.id] }), imageFile(await imageOf('png'))]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Timeline not found' });
    await expectNothingStored(creator.user.id);
  });

  it('judges the fields it has seen when a photo comes before the timelines, and stores nothing', async () => {
    const { creator, timeline } = await family();
    const response = await post(creator.cookie, [{ name: 'title', value: 'Early photo' }, imageFile(await imageOf('png')), { name: 'timelineIds', value: JSON.stringify([timeline.id]) }]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.memoryTimelineRequired }]);
    await expectNothingStored(creator.user.id);
  });

  it('refuses a text field sent after the first file, since the fields were authorized without it', async () => {
    const { creator, timeline } = await family();
    const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(await imageOf('png')), { name: 'content', value: 'Late words' }]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.formFieldsAfterFiles }]);
    await expectNothingStored(creator.user.id);
  });

  it('refuses sharing with someone who is not a member of the chosen timelines', async () => {
    const { creator, timeline } = await family();
    const outsider = await makeUser(t.ctx);
    await makeTimeline(t.ctx, creator.user, { members: [outsider.user] });
    const response = await post(creator.cookie, memoryFields({ timelineIds: [timeline.id], sharedWith: [outsider.user.id] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.sharedWithNotMember });
    await expectNothingStored(creator.user.id);
  });

  it.each([
    ['a blank title', { title: '   ', timelineIds: ['x'] }, 'Please give your memory a title'],
    ['no timeline', { timelineIds: null }, 'Please select at least one timeline for this memory.'],
    ['an empty list of timelines', { timelineIds: [] }, 'Please select at least one timeline for this memory.'],
    ['three videos', { timelineIds: ['x'], directVideoUrls: ['a', 'b', 'c'] }, 'Maximum videos reached: You can have a maximum of 2 videos per memory'],
  ])('refuses %s with 400', async (_, fields, message) => {
    const { creator } = await family();
    const response = await post(creator.cookie, memoryFields(fields));
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    await expectNothingStored(creator.user.id);
  });

  it('keeps a private memory to its creator and tells only those it is shared with who want to hear', async () => {
    const creator = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
    const [told, quiet, silent, unshared] = await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)));
    await t.ctx.db.updateTable('users').set({ new_memory_notifications_enabled: 0 }).where('id', '=', quiet!.user.id).execute();
    await t.ctx.db.updateTable('users').set({ notifications_enabled: 0 }).where('id', '=', silent!.user.id).execute();
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [told!.user, quiet!.user, silent!.user, unshared!.user] });
    const notices = (memoryId: string) =>
      t.ctx.db.selectFrom('notifications').select(['user_id', 'type', 'title', 'message', 'is_read']).where('related_memory_id', '=', memoryId).execute();

    const shared = await post(creator.cookie, memoryFields({ title: 'First snow', timelineIds: [timeline.id], sharedWith: [told!.user.id, quiet!.user.id, silent!.user.id] }));
    expect(shared.statusCode).toBe(201);
    expect((await notices(shared.json().id)).map((row) => ({ ...row, is_read: Boolean(row.is_read) }))).toEqual([
      { user_id: told!.user.id, type: 'memory_shared', title: 'New memory shared', message: 'Grandma Rose shared "First snow" with you', is_read: false },
    ]);

    const hidden = await post(creator.cookie, memoryFields({ timelineIds: [timeline.id], sharedWith: [] }));
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().sharedWith).toEqual([creator.user.id]);
    expect(await notices(hidden.json().id)).toEqual([]);
  });

  it('keeps nothing when the database write fails', async () => {
    const { creator, timeline } = await family();
    // The media table out of the way makes the insert fail inside the transaction.
    await t.ctx.db.schema.alterTable('media').renameTo('media_elsewhere').execute();
    try {
      const response = await post(creator.cookie, [...memoryFields({ timelineIds: [timeline.id] }), imageFile(await imageOf('png')), audioFile(wavBytes())]);
      expect([response.statusCode, response.json()]).toEqual([500, { message: messages.unexpected }]);
    } finally {
      await t.ctx.db.schema.alterTable('media_elsewhere').renameTo('media').execute();
    }
    await expectNothingStored(creator.user.id);
  });

  it('answers 401 to a signed-out caller before reading the form', async () => {
    const response = await post(undefined, [...memoryFields({ timelineIds: ['x'] }), imageFile(await imageOf('png'))]);
    expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
    expect(await strayFiles(t)).toEqual([]);
  });
});
