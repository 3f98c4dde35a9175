import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFullMemory } from '../archives/test-support.js';
import { formBody, imageOf, imagePart } from '../media/test-support.js';
import { newMediaKey } from '../providers/storage/index.js';
import { searchAs } from '../search/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeFamily, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { createBackup, type OpsConfig } from './backup.js';
import { restoreBackup } from './restore.js';
import { heirloomTables } from './tables.js';
import { appOn, configOf, createMemory, envOf, filesOf, freshTarget, linesOf, primaryKeyOf, rowsOf, runCli, runInProcess, type Row, type Target, type TableRows } from './test-support.js';
import { verifyBackup } from './verify.js';

describe.each(dialects)('backup and restore on %s', (dialect) => {
  let t: TestApp;
  let source: OpsConfig;
  let creator: MadeUser;
  let member: MadeUser;
  let timelineId: string;
  const folders: string[] = [];
  const targets: Target[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    source = await configOf(t);
    creator = await makeUser(t.ctx, { firstName: 'Ada' });
    member = await makeUser(t.ctx, { firstName: 'Ben' });
    await makeFamily(t.ctx, creator.user, { members: [member.user] });
    timelineId = (await makeTimeline(t.ctx, creator.user, { members: [member.user] })).id;
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  /** A path for a backup folder that does not exist yet. */
  const newFolder = () => {
    const parent = mkdtempSync(join(tmpdir(), 'heirloom-backup-'));
    folders.push(parent);
    return join(parent, 'backup');
  };
  const newTarget = () => {
    const target = freshTarget(dialect);
    targets.push(target);
    return target;
  };
  const mediaOf = (rows: TableRows, memoryId: unknown) => rows.media!.filter((row) => row.memory_id === memoryId).map((row) => row.id);

  it('backs up while memories with photos are being created, and the restore holds each row as it was and each file byte for byte', async () => {
    const before = [await createMemory(t, creator, timelineId, 'Before 1'), await createMemory(t, creator, timelineId, 'Before 2')];
    let writing = true;
    const during: string[] = [];
    const writers = [0, 1].map(async (writer) => {
      for (let index = 0; writing; index++) during.push(await createMemory(t, writer === 0 ? creator : member, timelineId, `During ${writer}.${index}`));
    });
    const dir = newFolder();
    const run = await runCli(['backup', dir], envOf(source));
    writing = false;
    await Promise.all(writers);

    expect(run.code, run.stderr).toBe(0);
    expect(linesOf(run.stdout)).toEqual([
      `Backing up ${dialect === 'sqlite' ? 'the SQLite database' : `PostgreSQL (schema ${source.databaseSchema})`} and the local media folder into ${dir}`,
      expect.stringMatching(new RegExp(`^Database: (SQLite|PostgreSQL) at migration \\d{4}_\\w+, \\d+ rows in ${heirloomTables.length} tables \\([\\d.]+ (KB|MB|bytes)\\)$`)),
      expect.stringMatching(/^Media: \d+ files \([\d.]+ KB\)$/),
      `Backup complete: ${dir}/manifest.json holds the SHA-256 of every file. Check it any time with: npm run backup:verify -- ${dir}`,
    ]);
    // The writers went on for the whole run of the backup's process.
    expect(during.length).toBeGreaterThan(1);

    const target = newTarget();
    await restoreBackup(target.config, dir);
    const restored = await rowsOf(target.config);
    const original = await rowsOf(source);
    expect(restored.kysely_migration).toEqual(original.kysely_migration);
    for (const [table, rows] of Object.entries(restored)) {
      if (table === 'kysely_migration') continue;
      const byKey = new Map(original[table]!.map((row) => [primaryKeyOf(table, row), row]));
      for (const row of rows) expect(row, `${table} ${primaryKeyOf(table, row)}`).toEqual(byKey.get(primaryKeyOf(table, row)));
    }
    const restoredMemories = restored.memories!.map((row) => row.id);
    expect(restoredMemories).toEqual(expect.arrayContaining(before));
    // One instant: a memory is there with all its files' rows, or not at all.
    for (const id of restoredMemories) expect(mediaOf(restored, id)).toEqual(mediaOf(original, id));
    expect(restored.media!.length).toBeGreaterThanOrEqual(before.length * 4);

    const restoredFiles = await filesOf(target.config);
    const sourceFiles = await filesOf(source);
    const named = referencedKeys(restored);
    expect([...restoredFiles.keys()].sort()).toEqual(named);
    for (const key of named) expect(restoredFiles.get(key)!.equals(sourceFiles.get(key)!), key).toBe(true);
  });

  it('with no writes going on, restores every row of every table and every file exactly, and the restored instance serves them', async () => {
    const full = await makeFullMemory(t, creator, member, { title: 'The island', timelineIds: [timelineId], sharedWith: [member.user.id], createdAt: '2024-07-01T09:30:00.000Z', tags: ['summer', 'lake'] });
    const avatar = await formBody([imagePart(await imageOf('png'), 'me.png', 'image/png')]);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile-image', payload: avatar.payload, headers: { ...avatar.headers, cookie: member.cookie } })).statusCode).toBe(200);
    await makeDirectUpload(t.ctx, creator.user, Buffer.from('a video still waiting for its memory'));
    // An address handed out whose bytes have not come (yet): its row is there, its file is not.
    await t.ctx.db.insertInto('uploads').values({ storage_key: newMediaKey('videos', 'mp4'), owner_id: member.user.id, created_at: new Date().toISOString(), attached_at: null }).execute();

    const dir = newFolder();
    const { manifest, snapshots } = await createBackup(source, dir);
    expect(snapshots).toBe(1);
    const target = newTarget();
    await restoreBackup(target.config, dir);

    const original = await rowsOf(source);
    expect(await rowsOf(target.config)).toEqual(original);
    for (const table of ['users', 'memories', 'media', 'uploads', 'follow_up_responses', 'comments', 'notifications', 'memory_tags']) {
      expect(original[table]!.length, table).toBeGreaterThan(0);
    }
    const sourceFiles = await filesOf(source);
    const restoredFiles = await filesOf(target.config);
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, bytes] of sourceFiles) expect(restoredFiles.get(key)!.equals(bytes), key).toBe(true);
    expect(manifest.files.filter((file) => file.path.startsWith('media/'))).toHaveLength(sourceFiles.size);

    const restoredApp = await appOn(target.config);
    try {
      const url = `/api/memories/${full.memory.id}`;
      const served = await restoredApp.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.json()).toEqual((await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })).json());
      const image = await restoredApp.app.inject({ method: 'GET', url: full.memory.images[0]!.originalUrl, headers: { cookie: member.cookie } });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(sourceFiles.get(full.memory.images[0]!.originalUrl.slice('/uploads/'.length))!)).toBe(true);
      // The search index came along (SQLite's FTS tables in the copy; PostgreSQL's rebuilt by the migrations).
      const found = await searchAs(restoredApp.app, { q: 'rowed to the isl' }, member);
      expect(found.json().map((memory: { id: string }) => memory.id)).toEqual([full.memory.id]);
    } finally {
      await restoredApp.close();
    }
  });

  it('takes a new snapshot when a memory is deleted after the first, so the backup holds every file its rows name', async () => {
    const doomed = await createMemory(t, creator, timelineId, 'Deleted while the backup runs');
    const doomedKeys = (await t.ctx.db.selectFrom('media').select('storage_key').where('memory_id', '=', doomed).execute()).map((row) => row.storage_key);
    const dir = newFolder();
    const lines: string[] = [];
    const { manifest, snapshots } = await createBackup(source, dir, {
      log: (line) => lines.push(line),
      afterSnapshot: async (attempt) => {
        if (attempt !== 1) return;
        const response = await t.app.inject({ method: 'DELETE', url: `/api/memories/${doomed}`, headers: { cookie: creator.cookie } });
        expect(response.statusCode).toBe(200);
      },
    });
    expect(snapshots).toBe(2);
    expect(lines).toEqual([`${doomedKeys.length} files named by the snapshot were deleted after it was taken; taking a new snapshot`]);
    const paths = manifest.files.map((file) => file.path);
    for (const key of doomedKeys) expect(paths).not.toContain(`media/${key}`);
    // Every file the final snapshot's rows name is there, and the doomed memory's rows are not.
    expect(await verifyBackup(dir, source)).toMatchObject({ problems: [] });
    expect(manifest.rows.memories).toBe((await t.ctx.db.selectFrom('memories').select('id').execute()).length);
  });

  it('refuses, and leaves no folder behind, when the store has lost a file that rows still name', async () => {
    const memory = await createMemory(t, creator, timelineId, 'Its recording goes missing');
    const { audio_key: key } = await t.ctx.db.selectFrom('memories').select('audio_key').where('id', '=', memory).executeTakeFirstOrThrow();
    const { id: mediaId } = await t.ctx.db.selectFrom('media').select('id').where('storage_key', '=', key!).executeTakeFirstOrThrow();
    const object = await t.ctx.media.get(key!);
    const bytes = Buffer.concat(await object!.body.toArray());
    await t.ctx.media.delete(key!);
    try {
      const dir = newFolder();
      const run = await runInProcess(['backup', dir], envOf(source));
      expect(run.code).toBe(1);
      expect(run.complaints).toEqual([
        'The media store has lost 1 file that rows still name, so no complete backup can be made:',
        `  ${key} (media.storage_key of row ${mediaId}; memories.audio_key of row ${memory})`,
      ]);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await t.ctx.media.put(key!, Readable.from([bytes]), { contentType: 'audio/wav' });
    }
  });

  it('refuses a folder that is not empty, and answers exit code 2 when no folder is named', async () => {
    const dir = newFolder();
    await createBackup(source, dir);
    expect(await runInProcess(['backup', dir], envOf(source))).toMatchObject({ code: 1, complaints: [`${dir} is not empty; a backup needs a new or empty folder`] });
    expect(await runInProcess(['backup'], envOf(source))).toMatchObject({ code: 2, complaints: ['Name the backup folder. Usage: npm run backup -- DIR'] });
    expect(await runInProcess(['backup', dir, 'again'], envOf(source))).toMatchObject({ code: 2, complaints: ['Name one backup folder. Usage: npm run backup -- DIR'] });
    expect(await runInProcess(['backups', dir], envOf(source))).toMatchObject({ code: 2 });
  });
});

/** Every key the rows name, sorted. */
function referencedKeys(rows: TableRows): string[] {
  const keys = new Set<string>();
  const add = (list: Row[] | undefined, column: string) => list?.forEach((row) => typeof row[column] === 'string' && keys.add(row[column] as string));
  add(rows.users, 'profile_image_key');
  add(rows.memories, 'audio_key');
  add(rows.media, 'storage_key');
  add(rows.uploads, 'storage_key');
  add(rows.follow_up_responses, 'audio_key');
  add(rows.comments, 'audio_key');
  return [...keys].sort();
}
