import { randomUUID } from 'node:crypto';
import { utimes, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../context.js';
import { localMediaRoot, newMediaKey, type MediaFolder, type MediaStore } from '../providers/storage/index.js';
import { filesUnder, startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeMemory, makeUser, type MadeUser } from '../test/factories.js';
import { MEDIA_KEY_COLUMNS } from '../db/media-key-columns.js';
import { sweepOrphanMedia } from './orphans.js';

const HOUR = 60 * 60_000;
const extensionOf: Record<MediaFolder, string> = { avatars: 'webp', images: 'jpg', videos: 'mp4', audio: 'webm', 'comment-audio': 'ogg', uploads: 'mp4', books: 'pdf', archives: 'zip' };

describe.each(dialects)('the sweep of files no row holds, local storage on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser;
  let root: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await makeUser(t.ctx);
    root = localMediaRoot(t.ctx.config);
  });
  afterAll(() => t.close());

  /** A file in the store, written at `writtenAt` as far as its modification time tells. */
  async function storedFile(folder: MediaFolder, writtenAt = new Date(Date.now() - HOUR)): Promise<string> {
    const key = newMediaKey(folder, extensionOf[folder]);
    await t.ctx.media.put(key, Readable.from([Buffer.from(`bytes of ${key}`)]), { contentType: 'application/octet-stream' });
    await utimes(join(root, key), writtenAt, writtenAt);
    return key;
  }

  const storedKeys = async () => (await filesUnder(root)).filter((path) => !path.startsWith('.tmp/'));

  /** A file named by a row in each column that can hold a key, every one written an hour ago. */
  async function heldInEveryColumn(): Promise<Record<string, string>> {
    const now = iso(new Date());
    // Their own person, whose one avatar column no later call overwrites.
    const { user } = await makeUser(t.ctx);
    const memory = await makeMemory(t.ctx, user);
    const held = {
      'media.storage_key': await storedFile('images'),
      'uploads.storage_key': (await makeDirectUpload(t.ctx, user, Buffer.from('a video'))).key,
      'users.profile_image_key': await storedFile('avatars'),
      'memories.audio_key': await storedFile('audio'),
      'follow_up_responses.audio_key': await storedFile('audio'),
      'comments.audio_key': await storedFile('comment-audio'),
    };
    const uploaded = new Date(Date.now() - HOUR);
    await utimes(join(root, held['uploads.storage_key']), uploaded, uploaded);
    await t.ctx.db
      .insertInto('media')
      .values({
        id: randomUUID(),
        memory_id: memory.id,
        owner_id: user.id,
        kind: 'image',
        storage_key: held['media.storage_key'],
        mime_type: 'image/jpeg',
        size: 10,
        width: 1,
        height: 1,
        duration: null,
        position: 0,
        created_at: now,
      })
      .execute();
    await t.ctx.db.updateTable('users').set({ profile_image_key: held['users.profile_image_key'] }).where('id', '=', user.id).execute();
    await t.ctx.db.updateTable('memories').set({ audio_key: held['memories.audio_key'] }).where('id', '=', memory.id).execute();
    await t.ctx.db
      .insertInto('follow_up_responses')
      .values({ id: randomUUID(), memory_id: memory.id, question: 'Who was there?', answer: 'Everyone', audio_key: held['follow_up_responses.audio_key'], position: 0 })
      .execute();
    await t.ctx.db
      .insertInto('comments')
      .values({ id: randomUUID(), memory_id: memory.id, user_id: user.id, content: null, transcription: null, audio_key: held['comments.audio_key'], created_at: now })
      .execute();
    return held;
  }

  it('removes every file no row names and keeps each one named by any of the six columns', async () => {
    const held = await heldInEveryColumn();
    const orphans = await Promise.all((['images', 'videos', 'audio', 'comment-audio', 'avatars', 'uploads'] as const).map((folder) => storedFile(folder)));
    // A part file of a write cut off mid-way is no key: the sweep neither lists nor removes it.
    await mkdir(join(root, '.tmp'), { recursive: true });
    await writeFile(join(root, '.tmp', `${randomUUID()}.part`), 'half a photo');

    const removed = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date() });

    expect(removed.sort()).toEqual([...orphans].sort());
    const left = await storedKeys();
    for (const [column, key] of Object.entries(held)) expect(left, column).toContain(key);
    for (const key of orphans) expect(left).not.toContain(key);
    expect((await filesUnder(join(root, '.tmp'))).length).toBe(1);
  });

  it('keeps a file written at or after writtenBefore, which may be a request still on its way to its row', async () => {
    // Whole seconds, which a file's time holds exactly.
    const started = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const young = await storedFile('images', new Date());
    const atTheStart = await storedFile('audio', started);
    const old = await storedFile('images', new Date(started.getTime() - 1000));

    const removed = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: started });

    expect(removed).toEqual([old]);
    expect(await storedKeys()).toEqual(expect.arrayContaining([young, atTheStart]));
    expect(await storedKeys()).not.toContain(old);
    await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() + 60_000) });
  });

  it('asks the database once per batch of keys, not once per file', async () => {
    await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() + 60_000) });
    const held = Object.values(await heldInEveryColumn());
    const orphans = await Promise.all(Array.from({ length: 24 }, (_, index) => storedFile(index % 2 ? 'images' : 'audio')));
    let queries = 0;
    // Kysely hands every part of a statement to transformQuery, but each executed statement once to transformResult.
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        queries += 1;
        return result;
      },
    };

    const stored = (await storedKeys()).length;
    expect(stored).toBeGreaterThanOrEqual(30);

    const removed = await sweepOrphanMedia(t.ctx.db.withPlugin(counting), t.ctx.media, { writtenBefore: new Date(), batchSize: 5 });

    expect(queries).toBe(Math.ceil(stored / 5));
    expect(removed.sort()).toEqual([...orphans].sort());
    expect(await storedKeys()).toEqual(expect.arrayContaining(held));
  });

  it('refuses GET /uploads/{key} of a file no row holds, to its would-be uploader too, before the sweep removes it', async () => {
    const orphans = await Promise.all((['images', 'avatars', 'videos', 'audio', 'comment-audio', 'uploads'] as const).map((folder) => storedFile(folder)));
    const stranger = await makeUser(t.ctx);
    for (const key of orphans) {
      for (const cookie of [owner.cookie, stranger.cookie]) {
        const response = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { cookie } });
        expect(response.statusCode, key).toBe(404);
        expect(response.body).not.toContain(`bytes of ${key}`);
      }
    }
    // The refusal came from finding no row, not from finding no file.
    expect(await storedKeys()).toEqual(expect.arrayContaining(orphans));

    const removed = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date() });
    expect(removed).toEqual(expect.arrayContaining(orphans));
    for (const key of orphans) expect(await t.ctx.media.exists(key)).toBe(false);
  });

  it('removes the other leftovers when one will not go, then reports that one', async () => {
    const [stuck, ...others] = await Promise.all([storedFile('images'), storedFile('audio'), storedFile('videos')]);
    const store: MediaStore = Object.create(t.ctx.media, {
      delete: { value: async (key: string) => (key === stuck ? Promise.reject(new Error('permission denied')) : t.ctx.media.delete(key)) },
    });

    await expect(sweepOrphanMedia(t.ctx.db, store, { writtenBefore: new Date() })).rejects.toThrow('Removed 2 files no row holds, but 1 could not be removed');

    expect(await t.ctx.media.exists(stuck!)).toBe(true);
    for (const key of others) expect(await t.ctx.media.exists(key)).toBe(false);
    await t.ctx.media.delete(stuck!);
  });

  it('knows every column of the database that holds a media key', async () => {
    const schema =
      dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db)).rows[0]!.schema : undefined;
    const tables = await t.ctx.db.introspection.getTables();
    const keyColumns = tables
      .filter((table) => !table.isView && (schema === undefined || table.schema === schema))
      .flatMap((table) => table.columns.filter((column) => column.name.endsWith('_key')).map((column) => `${table.name}.${column.name}`));

    expect(keyColumns.sort()).toEqual(MEDIA_KEY_COLUMNS.map(({ table, column }) => `${table}.${column}`).sort());
  });
});

describe('the sweep of files no row holds, S3 (s3rver)', () => {
  let peer: S3Peer;
  let t: TestApp;
  beforeAll(async () => {
    peer = await startS3Peer();
    t = await makeTestApp('sqlite', { env: peer.env });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('removes the objects no row names once they are older than writtenBefore, and keeps the held ones', async () => {
    const owner = await makeUser(t.ctx);
    const held = await makeDirectUpload(t.ctx, owner.user, Buffer.from('a video'));
    const orphans = [newMediaKey('images', 'jpg'), newMediaKey('comment-audio', 'ogg')];
    for (const key of orphans) await t.ctx.media.put(key, Readable.from([Buffer.from(key)]), { contentType: 'application/octet-stream' });

    // Just written: another instance's request may still be on its way to the row.
    expect(await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() - HOUR) })).toEqual([]);
    expect(await peer.listAll()).toEqual([held.key, ...orphans].sort());

    const removed = await sweepOrphanMedia(t.ctx.db, t.ctx.media, { writtenBefore: new Date(Date.now() + 60_000) });

    expect(removed.sort()).toEqual([...orphans].sort());
    expect(await peer.listAll()).toEqual([held.key]);
  });
});
