import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody, hasGpsTag, imageOf, imagePart, jpegWithGps, type FormPart } from '../media/test-support.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser, type MadeUser } from '../test/factories.js';

const AVATAR_URL = /^\/uploads\/(avatars\/[0-9a-f-]{36}\.webp)$/;
const FIVE_MB = 5 * 1024 * 1024;

describe.each(dialects)('profile pictures on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const mediaRoot = () => join(t.ctx.config.dataDir, 'media');
  const stored = (id: string) => t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mediaRows = (ownerId: string) => t.ctx.db.selectFrom('media').selectAll().where('owner_id', '=', ownerId).execute();
  /** The files in the media folder that belong to nobody but `keys` (tests share one folder). */
  const filesBesides = async (keys: string[]) => (await filesUnder(mediaRoot())).filter((file) => !keys.includes(file));
  const allKeys = async () => (await t.ctx.db.selectFrom('media').select('storage_key').execute()).map((row) => row.storage_key);

  async function send(method: 'POST' | 'PATCH', cookie: string, parts: FormPart[]) {
    const { payload, headers } = await formBody(parts);
    const url = method === 'POST' ? '/api/user/profile-image' : '/api/auth/user/profile';
    return t.app.inject({ method, url, payload, headers: { ...headers, cookie } });
  }

  async function withAvatar(): Promise<MadeUser & { key: string }> {
    const made = await makeUser(t.ctx);
    const response = await send('POST', made.cookie, [imagePart(await imageOf('png'), 'first.png', 'image/png')]);
    expect(response.statusCode).toBe(200);
    return { ...made, key: response.json().profileImageUrl.match(AVATAR_URL)[1] };
  }

  /** The user, their media rows and the whole media folder are as they were. */
  async function expectUnchanged(made: MadeUser, key: string | null) {
    expect((await stored(made.user.id)).profile_image_key).toBe(key);
    expect((await mediaRows(made.user.id)).map((row) => row.storage_key)).toEqual(key ? [key] : []);
    expect(await filesBesides(await allKeys())).toEqual([]);
    if (key) expect(await t.ctx.media.exists(key)).toBe(true);
  }

  it('stores a phone photo upright, at most 512 px, as WebP with no EXIF or GPS left', async () => {
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);

    const { user, cookie } = await makeUser(t.ctx);
    const response = await send('POST', cookie, [imagePart(photo)]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email });
    const [, key] = response.json().profileImageUrl.match(AVATAR_URL);
    expect((await stored(user.id)).profile_image_key).toBe(key);

    const { cookie: other } = await makeUser(t.ctx);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { cookie: other } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(hasGpsTag(served.rawPayload)).toBe(false);
    // Shown 400 × 800 once turned upright, then capped at 512 px on its long side.
    expect([after.width, after.height]).toEqual([400, 512]);
    expect(after.orientation ?? 1).toBe(1);

    const [row] = await mediaRows(user.id);
    expect(row).toMatchObject({ kind: 'avatar', storage_key: key, memory_id: null, mime_type: 'image/webp', width: 400, height: 512 });
    expect(Number(row!.size)).toBe(served.rawPayload.length);
  });

  it.each([
    ['PNG', 'png', 'image/png'],
    ['WebP', 'webp', 'image/webp'],
    ['GIF', 'gif', 'image/gif'],
    ['AVIF', 'avif', 'image/avif'],
  ] as const)('accepts a %s picture', async (_, format, type) => {
    const { user, cookie } = await makeUser(t.ctx);
    const response = await send('POST', cookie, [imagePart(await imageOf(format), `picture.${format}`, type)]);
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImageUrl).toMatch(AVATAR_URL);
    expect(await mediaRows(user.id)).toHaveLength(1);
  });

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const { cookie } = await makeUser(t.ctx);
    const png = await imageOf('png');
    const response = await send('POST', cookie, [imagePart(png, 'notes.txt', 'text/plain')]);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a text file named .jpg', Buffer.from('Dear diary, this is not a picture at all.\n'.repeat(200)), 'photo.jpg', 'image/jpeg'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'avatar.svg', 'image/svg+xml'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s with 400 and stores nothing', async (_, data, filename, type) => {
    const made = await makeUser(t.ctx);
    const response = await send('POST', made.cookie, [imagePart(data, filename, type)]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.imageTypeRefused });
    expect(response.json().message).toBe('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)');
    await expectUnchanged(made, null);
  });

  it('refuses a picture whose first bytes look like an image but whose body is broken', async () => {
    const made = await makeUser(t.ctx);
    const png = await imageOf('png', 300, 300);
    const broken = Buffer.concat([png.subarray(0, 60), Buffer.alloc(6000, 0x41)]);
    const response = await send('POST', made.cookie, [imagePart(broken, 'broken.png', 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.imageUnreadable });
    await expectUnchanged(made, null);
  });

  it.each([
    ['exactly 5 MB', FIVE_MB],
    ['6 MB', 6 * 1024 * 1024],
  ])("refuses a picture of %s with 413 'Please select an image smaller than 5MB', leaving no file or row", async (_, size) => {
    const made = await withAvatar();
    // A real JPEG up front, so it is the size and not the type that is refused.
    const jpeg = await jpegWithGps();
    const big = Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    const response = await send('POST', made.cookie, [imagePart(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Please select an image smaller than 5MB' });
    await expectUnchanged(made, made.key);
  });

  it('accepts a picture one byte under 5 MB', async () => {
    const { cookie } = await makeUser(t.ctx);
    const jpeg = await jpegWithGps();
    const response = await send('POST', cookie, [imagePart(Buffer.concat([jpeg, Buffer.alloc(FIVE_MB - 1 - jpeg.length)]))]);
    expect(response.statusCode).toBe(200);
  });

  it("replaces the previous picture: its file and its row are gone", async () => {
    const made = await withAvatar();
    const response = await send('POST', made.cookie, [imagePart(await jpegWithGps())]);
    expect(response.statusCode).toBe(200);
    const [, key] = response.json().profileImageUrl.match(AVATAR_URL);
    expect(key).not.toBe(made.key);
    expect(await t.ctx.media.exists(made.key)).toBe(false);
    expect((await mediaRows(made.user.id)).map((row) => row.storage_key)).toEqual([key]);
    const old = await t.app.inject({ method: 'GET', url: `/uploads/${made.key}`, headers: { cookie: made.cookie } });
    expect(old.statusCode).toBe(404);
    expect(await filesBesides(await allKeys())).toEqual([]);
  });

  it('keeps the old picture and stores nothing when the database write fails', async () => {
    const made = await withAvatar();
    // The media table out of the way makes the insert fail inside the transaction.
    await t.ctx.db.schema.alterTable('media').renameTo('media_elsewhere').execute();
    try {
      const response = await send('POST', made.cookie, [imagePart(await jpegWithGps())]);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: messages.unexpected });
    } finally {
      await t.ctx.db.schema.alterTable('media_elsewhere').renameTo('media').execute();
    }
    await expectUnchanged(made, made.key);
  });

  describe('PATCH /api/auth/user/profile', () => {
    it('saves the display name and the picture sent together', async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Before' });
      const response = await send('PATCH', cookie, [{ name: 'displayName', value: '  Grandpa Joe ' }, imagePart(await imageOf('png'), 'me.png', 'image/png')]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ displayName: 'Grandpa Joe', profileImageUrl: expect.stringMatching(AVATAR_URL) });
      const row = await stored(user.id);
      expect(row.display_name).toBe('Grandpa Joe');
      expect(`/uploads/${row.profile_image_key}`).toBe(response.json().profileImageUrl);
    });

    it('saves a picture alone and keeps the display name', async () => {
      const { user, cookie } = await makeUser(t.ctx, { displayName: 'Kept' });
      const response = await send('PATCH', cookie, [imagePart(await imageOf('webp'), 'me.webp', 'image/webp')]);
      expect(response.statusCode).toBe(200);
      expect((await stored(user.id)).display_name).toBe('Kept');
      expect((await stored(user.id)).profile_image_key).toMatch(/^avatars\//);
    });

    it("refuses a blank display name sent after the picture, and drops the picture it already stored", async () => {
      const made = await withAvatar();
      const response = await send('PATCH', made.cookie, [imagePart(await jpegWithGps()), { name: 'displayName', value: '   ' }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.displayNameRequired });
      expect((await stored(made.user.id)).display_name).toBe('Test Person');
      await expectUnchanged(made, made.key);
    });

    it('refuses a bad picture and keeps the display name sent with it unsaved', async () => {
      const made = await makeUser(t.ctx, { displayName: 'Kept' });
      const response = await send('PATCH', made.cookie, [{ name: 'displayName', value: 'New' }, imagePart(Buffer.from('not an image'), 'x.png', 'image/png')]);
      expect(response.statusCode).toBe(400);
      expect((await stored(made.user.id)).display_name).toBe('Kept');
      await expectUnchanged(made, null);
    });
  });

  it.each([
    ['no picture', [{ name: 'displayName', value: 'Only a name' }], 400, messages.profileImageMissing],
    ['a file under another name', [{ name: 'avatar', filename: 'a.png', type: 'image/png', data: Buffer.from('x') }], 400, 'Only profileImage may carry a file'],
  ] as const)('POST /api/user/profile-image refuses %s', async (_, parts, status, message) => {
    const made = await makeUser(t.ctx);
    const response = await send('POST', made.cookie, [...parts]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    await expectUnchanged(made, null);
  });

  it('refuses two pictures in one request and keeps neither', async () => {
    const made = await makeUser(t.ctx);
    const png = await imageOf('png');
    const response = await send('POST', made.cookie, [imagePart(png, 'a.png', 'image/png'), imagePart(png, 'b.png', 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.profileImageOneOnly });
    await expectUnchanged(made, null);
  });

  it('answers 401 to a signed-out upload before reading it', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/profile-image', ...(await formBody([imagePart(await imageOf('png'))])) });
    expect(response.statusCode).toBe(401);
    expect(await filesBesides(await allKeys())).toEqual([]);
  });
});
