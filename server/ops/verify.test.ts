import { cpSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { createBackup, type OpsConfig } from './backup.js';
import { MANIFEST_FILE, SQLITE_FILE, type Manifest } from './manifest.js';
import { heirloomTables } from './tables.js';
import { configOf, createMemory, envOf, linesOf, runCli, runInProcess } from './test-support.js';

describe.each(dialects)('npm run backup:verify on %s', (dialect) => {
  let t: TestApp;
  let source: OpsConfig;
  let creator: MadeUser;
  let memoryId: string;
  let scratch: string;
  let pristine: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    source = await configOf(t);
    creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    await createMemory(t, creator, timeline.id, 'Kept whole');
    memoryId = await createMemory(t, creator, timeline.id, 'Damaged in the backup');
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-verify-'));
    pristine = join(scratch, 'pristine');
    await createBackup(source, pristine);
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await t.close();
  });

  let copies = 0;
  /** A copy of the sound backup to damage. */
  const copyOfBackup = () => {
    const dir = join(scratch, `copy-${++copies}`);
    cpSync(pristine, dir, { recursive: true });
    return dir;
  };
  const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  const keysOf = async (column: 'audio_key') => (await t.ctx.db.selectFrom('memories').select(column).where('id', '=', memoryId).executeTakeFirstOrThrow())[column]!;
  const imageKey = async () =>
    (await t.ctx.db.selectFrom('media').select('storage_key').where('memory_id', '=', memoryId).where('kind', '=', 'image').orderBy('storage_key').executeTakeFirstOrThrow()).storage_key;

  it('finds a sound backup sound and says what it checked', async () => {
    const run = await runInProcess(['verify', pristine], envOf(source));
    const manifest = manifestOf(pristine);
    expect(run).toMatchObject({ code: 0, complaints: [] });
    expect(run.said).toEqual([
      expect.stringMatching(new RegExp(`^Checking ${pristine}: a backup made ${manifest.createdAt}, (SQLite|PostgreSQL) at migration \\d{4}_\\w+, \\d+ rows in ${heirloomTables.length} tables .*, media 8 files \\(.*\\)$`)),
      `  Files: ${manifest.files.length} listed in the manifest; sizes and SHA-256 compared`,
      dialect === 'sqlite'
        ? '  Database: integrity_check and foreign_key_check on the SQLite copy'
        : '  Database: restored into a temporary PostgreSQL schema (dropped again), row counts as in the manifest',
      '  Media: 8 files named by rows, each looked for in the backup',
      'The backup is sound.',
    ]);
  });

  it('names a changed media file, a missing one and a damaged database, and exits 1 (the command as a process)', async () => {
    const dir = copyOfBackup();
    const changed = `media/${await imageKey()}`;
    const missing = `media/${await keysOf('audio_key')}`;
    flipByteOf(join(dir, changed));
    rmSync(join(dir, missing));
    if (dialect === 'sqlite') {
      // A page of a table's b-tree overwritten, as a failing disk would.
      const handle = openSync(join(dir, SQLITE_FILE), 'r+');
      writeSync(handle, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 3);
      closeSync(handle);
    } else {
      // Still JSON, but no longer a row PostgreSQL takes back.
      const path = join(dir, 'database/memories.jsonl');
      writeFileSync(path, readFileSync(path, 'utf8').replace(/"created_at":"[^"]+"/, '"created_at":"the day before yesterday"'));
    }

    const run = await runCli(['verify', dir], envOf(source));
    expect(run.code).toBe(1);
    // In the manifest's order (the database first, then media by key), then the rows' files.
    expect(linesOf(run.stderr)).toEqual(
      dialect === 'sqlite'
        ? [
            `${SQLITE_FILE}: its SHA-256 differs from the manifest's (changed or damaged)`,
            `${missing}: listed in the manifest, but missing`,
            `${changed}: its SHA-256 differs from the manifest's (changed or damaged)`,
            // A damaged copy's rows cannot be read, so no row is checked against the files.
            expect.stringMatching(/^database\/heirloom\.db: (integrity_check: .+|not a readable SQLite database \(.+\))$/),
            'The backup is damaged: 4 problems found.',
          ]
        : [
            expect.stringMatching(/^database\/memories\.jsonl: \d+ bytes, but the manifest says \d+ \(changed or damaged\)$/),
            `${missing}: listed in the manifest, but missing`,
            `${changed}: its SHA-256 differs from the manifest's (changed or damaged)`,
            'database: the test restore failed: invalid input syntax for type timestamp with time zone: "the day before yesterday"',
            `${missing}: named by memories.audio_key of row ${memoryId}, but the backup does not hold it`,
            'The backup is damaged: 5 problems found.',
          ],
    );
    expect(linesOf(run.stdout)[0]).toMatch(new RegExp(`^Checking ${dir}: `));
  });

  it('names a file the manifest does not list, and a row whose file is neither listed nor there', async () => {
    const dir = copyOfBackup();
    const image = `media/${await imageKey()}`;
    const manifest = manifestOf(dir);
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, files: manifest.files.filter((file) => file.path !== image) }));
    rmSync(join(dir, image));
    writeFileSync(join(dir, 'media', 'notes.txt'), 'not part of the backup');
    const { id: row } = await t.ctx.db.selectFrom('media').select('id').where('storage_key', '=', image.slice('media/'.length)).executeTakeFirstOrThrow();

    const run = await runInProcess(['verify', dir], envOf(source));
    expect(run.code).toBe(1);
    expect(run.complaints).toEqual([
      'media/notes.txt: not listed in the manifest',
      `${image}: named by media.storage_key of row ${row}, but the backup does not hold it`,
      'The backup is damaged: 2 problems found.',
    ]);
  });

  it('says a folder without a manifest is no finished backup', async () => {
    const dir = copyOfBackup();
    rmSync(join(dir, MANIFEST_FILE));
    expect(await runInProcess(['verify', dir], envOf(source))).toMatchObject({
      code: 1,
      complaints: ['manifest.json: missing, so this is not a finished backup (a backup writes it last)', 'The backup is damaged: 1 problem found.'],
    });
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...manifestOf(pristine), files: [{ path: '../../etc/passwd', size: 1, sha256: '0'.repeat(64) }] }));
    expect((await runInProcess(['verify', dir], envOf(source))).complaints[0]).toBe(
      'manifest.json: not a Heirloom backup manifest of version 1 (is not a place a backup puts a file at files.0.path)',
    );
  });
});

/** One byte of the file's middle changed, its size kept. */
function flipByteOf(path: string): void {
  const bytes = readFileSync(path);
  const middle = bytes.length >> 1;
  bytes[middle] = bytes[middle]! ^ 0xff;
  writeFileSync(path, bytes);
}
