import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.js';
import { openConfiguredDatabase } from '../db/open.js';
import { createMediaStore, newMediaKey } from '../providers/storage/index.js';
import { startS3Peer, type S3Peer } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeDirectUpload, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { createBackup, type OpsConfig } from './backup.js';
import { sqliteFileOf } from './database-sqlite.js';
import { MANIFEST_FILE } from './manifest.js';
import { heirloomTables } from './tables.js';
import { configOf, createMemory, envOf, filesOf, freshTarget, linesOf, rowsOf, runCli, runInProcess, type Target, type TableRows } from './test-support.js';

describe.each(dialects)('npm run restore on %s', (dialect) => {
  let t: TestApp;
  let source: OpsConfig;
  let creator: MadeUser;
  let scratch: string;
  /** A backup of one memory, and a later one of two with the source's rows at that moment. */
  let first: string;
  let second: string;
  let rowsAtSecond: TableRows;
  let filesAtSecond: Map<string, Buffer>;
  const targets: Target[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    source = await configOf(t);
    creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    await createMemory(t, creator, timeline.id, 'The first');
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-restore-test-'));
    first = join(scratch, 'first');
    await createBackup(source, first);
    await createMemory(t, creator, timeline.id, 'The second');
    second = join(scratch, 'second');
    await createBackup(source, second);
    rowsAtSecond = await rowsOf(source);
    filesAtSecond = await filesOf(source);
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    rmSync(scratch, { recursive: true, force: true });
    await t.close();
  });

  const newTarget = () => {
    const target = freshTarget(dialect);
    targets.push(target);
    return target;
  };
  const copyOf = (dir: string, name: string) => {
    const copy = join(scratch, name);
    cpSync(dir, copy, { recursive: true });
    return copy;
  };

  /** Nothing was written: no database file or schema, no media. */
  async function expectUntouched(target: Target) {
    if (dialect === 'sqlite') expect(existsSync(sqliteFileOf(target.config.databaseUrl))).toBe(false);
    else {
      const admin = openDatabase(target.config.databaseUrl);
      const { rows } = await sql`select 1 from pg_namespace where nspname = ${target.config.databaseSchema}`.execute(admin.db);
      await admin.close();
      expect(rows).toEqual([]);
    }
    expect((await filesOf(target.config)).size).toBe(0);
  }

  it('refuses a target that holds memories without --force and changes nothing; with --force it holds the backup exactly (the command as a process)', async () => {
    const target = newTarget();
    expect(await runInProcess(['restore', first], target.env)).toMatchObject({ code: 0, complaints: [] });
    const rowsBefore = await rowsOf(target.config);
    const filesBefore = await filesOf(target.config);
    expect(rowsBefore.memories).toHaveLength(1);

    const refused = await runCli(['restore', second], target.env);
    expect(refused.code).toBe(1);
    expect(linesOf(refused.stderr)).toEqual([
      `Nothing was restored: the target is not empty (1 user, 1 memory, ${countOther(rowsBefore)} other rows, 4 media files). Restore into an empty DATA_DIR and database, or add --force to replace what is there.`,
    ]);
    expect(await rowsOf(target.config)).toEqual(rowsBefore);
    expect(await filesOf(target.config)).toEqual(filesBefore);

    const forced = await runInProcess(['restore', second, '--force'], target.env);
    expect(forced.code).toBe(0);
    expect(forced.said).toEqual([
      `Restoring ${second} into ${dialect === 'sqlite' ? 'the SQLite database' : `PostgreSQL (schema ${target.config.databaseSchema})`} and the local media folder (--force: replacing what is there)`,
      `Replacing what the target held (1 user, 1 memory, ${countOther(rowsBefore)} other rows, 4 media files)`,
      'Media: 8 files stored (local folder)',
      expect.stringMatching(new RegExp(`^Database: (SQLite|PostgreSQL) at migration \\d{4}_\\w+, \\d+ rows in ${heirloomTables.length} tables .*, brought up to this Heirloom's tables$`)),
      expect.stringMatching(/^Restore complete \(a backup made .*\)\. Start Heirloom to use it\.$/),
    ]);
    expect(await rowsOf(target.config)).toEqual(rowsAtSecond);
    expect(await filesOf(target.config)).toEqual(filesAtSecond);
  });

  it('counts a database with its tables but no rows as empty, and a store holding a file as not', async () => {
    const migrated = newTarget();
    await (await openConfiguredDatabase(migrated.config, { migrate: true })).close();
    expect((await runInProcess(['restore', first], migrated.env)).code).toBe(0);
    expect((await rowsOf(migrated.config)).memories).toHaveLength(1);

    const withFile = newTarget();
    const media = await createMediaStore(withFile.config);
    await media.put(newMediaKey('images', 'png'), Readable.from([Buffer.from('someone else’s photo')]), { contentType: 'image/png' });
    const refused = await runInProcess(['restore', first], withFile.env);
    expect(refused).toMatchObject({ code: 1, complaints: [expect.stringContaining('the target is not empty (1 media file)')] });
  });

  it('refuses a backup that fails verification and writes nothing', async () => {
    const damaged = copyOf(first, 'damaged');
    const manifest = JSON.parse(readFileSync(join(damaged, MANIFEST_FILE), 'utf8'));
    const image = manifest.files.find((file: { path: string }) => file.path.startsWith('media/images/')).path;
    writeFileSync(join(damaged, image), 'not the photo');

    const target = newTarget();
    const run = await runInProcess(['restore', damaged], target.env);
    expect(run.code).toBe(1);
    expect(run.complaints).toEqual([
      'Nothing was restored: the backup failed verification.',
      expect.stringMatching(new RegExp(`^  ${image}: 13 bytes, but the manifest says \\d+ \\(changed or damaged\\)$`)),
    ]);
    await expectUntouched(target);
  });

  it('refuses a backup made by a newer Heirloom, naming the migration it does not know', async () => {
    const newer = copyOf(first, 'newer');
    const manifest = JSON.parse(readFileSync(join(newer, MANIFEST_FILE), 'utf8'));
    writeFileSync(join(newer, MANIFEST_FILE), JSON.stringify({ ...manifest, migration: '9999_from_the_future' }));

    const target = newTarget();
    const run = await runInProcess(['restore', newer], target.env);
    expect(run.code).toBe(1);
    expect(run.complaints).toContain(
      '  manifest.json: made by a newer Heirloom (migration 9999_from_the_future is unknown to this one); verify and restore it with that version or a newer one',
    );
    await expectUntouched(target);
  });
});

describe.each(dialects)('backup and restore with S3 storage on %s', (dialect) => {
  let from: S3Peer;
  let to: S3Peer;
  let t: TestApp;
  let scratch: string;
  const targets: Target[] = [];

  beforeAll(async () => {
    [from, to] = await Promise.all([startS3Peer(), startS3Peer()]);
    t = await makeTestApp(dialect, { env: from.env });
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-restore-s3-'));
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    rmSync(scratch, { recursive: true, force: true });
    await t?.close();
    await Promise.all([from?.close(), to?.close()]);
  });

  it('backs up from one bucket and restores into another, every row and every file as they were', async () => {
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    await createMemory(t, creator, timeline.id, 'In the bucket');
    await makeDirectUpload(t.ctx, creator.user, Buffer.from('a video on its way'));
    const source = await configOf(t);
    const dir = join(scratch, 'backup');
    const backup = await runInProcess(['backup', dir], envOf(source, from.env));
    expect(backup).toMatchObject({ code: 0, complaints: [] });
    expect(backup.said[0]).toContain(`and the S3 bucket ${from.bucket} into ${dir}`);

    const target = freshTarget(dialect, to.env);
    targets.push(target);
    const run = await runInProcess(['restore', dir], target.env);
    expect(run).toMatchObject({ code: 0, complaints: [] });
    expect(run.said).toContain('Media: 5 files stored (S3 bucket)');
    expect(await rowsOf(target.config)).toEqual(await rowsOf(source));
    expect(await filesOf(target.config)).toEqual(await filesOf(source));
    expect(await to.listAll()).toEqual(await from.listAll());
  });
});

/** Rows of every table but users and memories (and the migrator's own). */
function countOther(rows: TableRows): number {
  return Object.entries(rows)
    .filter(([table]) => !['users', 'memories', 'kysely_migration'].includes(table))
    .reduce((sum, [, list]) => sum + list.length, 0);
}
