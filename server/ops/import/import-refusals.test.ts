import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../common/archive-format.js';
import { openDatabase } from '../../db/index.js';
import { dialects } from '../../test/app.js';
import { sqliteFileOf } from '../database-sqlite.js';
import { filesOf, freshTarget, type Target } from '../test-support.js';
import { runImport, sampleArchive, writeArchiveZip, type ArchiveContent, type WriteOptions } from './test-support.js';

describe.each(dialects)('npm run import refuses on %s', (dialect) => {
  let scratch: string;
  let target: Target;
  let made = 0;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-import-refusals-'));
    target = freshTarget(dialect);
  });
  afterAll(async () => {
    await target.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Nothing was written: no database file or schema, and no file in the store. */
  async function expectUntouched() {
    if (dialect === 'sqlite') expect(existsSync(sqliteFileOf(target.config.databaseUrl))).toBe(false);
    else {
      const admin = openDatabase(target.config.databaseUrl);
      const { rows } = await sql`select 1 from pg_namespace where nspname = ${target.config.databaseSchema}`.execute(admin.db);
      await admin.close();
      expect(rows).toEqual([]);
    }
    expect((await filesOf(target.config)).size).toBe(0);
  }

  async function refusal(change: (archive: ReturnType<typeof sampleArchive>) => ArchiveContent | void, options: WriteOptions = {}) {
    const archive = sampleArchive();
    const zip = await writeArchiveZip(scratch, `heirloom-damaged-${++made}`, change(archive) ?? archive, options);
    const run = await runImport([zip], target.env);
    expect(run.code).toBe(1);
    expect(run.complaints.at(-1)).toMatch(/^Nothing was imported: the archive failed its checks/);
    await expectUntouched();
    return { archive, complaints: run.complaints };
  }
  const mediaPathOf = (archive: ReturnType<typeof sampleArchive>) => `data/${(archive.records.memories[1] as MemoryRecord).files[0]!.path}`;

  it('a changed byte in a media file, naming the file', async () => {
    let path = '';
    const { complaints } = await refusal((archive) => void (path = mediaPathOf(archive)), {
      damage: (entries) => {
        const bytes = Buffer.from(entries.get(path)!);
        bytes[10] = bytes[10]! ^ 1;
        entries.set(path, bytes);
      },
    });
    expect(complaints).toContain(`${path}: its SHA-256 is not the one manifest-sha256.txt gives`);
  });

  it('a file missing from the archive, naming it', async () => {
    let path = '';
    const { complaints } = await refusal((archive) => void (path = mediaPathOf(archive)), { damage: (entries) => entries.delete(path) });
    expect(complaints).toContain(`${path}: in manifest-sha256.txt but missing from the archive`);
  });

  it('a record naming a file the archive does not hold, naming the record file and line', async () => {
    const { complaints } = await refusal((archive) => {
      archive.files.delete(mediaPathOf(archive).slice('data/'.length));
    });
    expect(complaints.some((line) => /^data\/records\/memories\.jsonl line 2: its file data\/media\/[0-9a-f]{64}\.png is not in the archive$/.test(line))).toBe(true);
  });

  it('a record whose file is not the size it says, before any file is stored', async () => {
    const { complaints } = await refusal((archive) => {
      (archive.records.memories[1] as MemoryRecord).files[0]!.bytes += 1;
    });
    expect(complaints.some((line) => /^data\/records\/memories\.jsonl line 2: its file data\/media\/[0-9a-f]{64}\.png holds \d+ bytes, and the record says \d+$/.test(line))).toBe(true);
  });

  it('a record line that is not a record, naming the file, the line and the field', async () => {
    const { complaints } = await refusal((archive) => {
      archive.records.memories[1] = JSON.stringify({ ...(archive.records.memories[1] as MemoryRecord), audience: 'everyone' });
      archive.records.comments[0] = '{"id": "half a line';
    });
    expect(complaints.some((line) => line.startsWith('data/records/memories.jsonl line 2: audience:'))).toBe(true);
    expect(complaints).toContain('data/records/comments.jsonl line 1: not JSON');
  });

  it('a record naming someone or something the archive does not hold', async () => {
    const { complaints } = await refusal((archive) => {
      (archive.records.memories[0] as MemoryRecord).timelineIds.push('a-timeline-elsewhere');
      (archive.records.memories[1] as MemoryRecord).sharedWith.push('someone-elsewhere');
    });
    expect(complaints).toContain('data/records/memories.jsonl line 1: timeline a-timeline-elsewhere is not in the archive');
    expect(complaints).toContain('data/records/memories.jsonl line 2: person someone-elsewhere is not in the archive');
  });

  it('an archive of a later version, saying to update Heirloom', async () => {
    const { complaints } = await refusal((archive) => {
      archive.header.version = 2;
    });
    expect(complaints).toContain('data/heirloom.json: the archive is version 2, made by a newer Heirloom; this one reads version 1. Update Heirloom, then import it.');
  });

  it('a zip that is no BagIt bag', async () => {
    const { complaints } = await refusal(() => {}, { damage: (entries) => entries.delete('bagit.txt') });
    expect(complaints).toContain('bagit.txt: missing, so this is no BagIt bag');
  });

  it('answers 2 when not understood and 1 for a file that is not there or not a zip, writing nothing', async () => {
    expect(await runImport([], target.env)).toMatchObject({ code: 2, complaints: ['Name one archive (a .zip). Usage: npm run import -- FILE.zip [--dry-run]'] });
    expect(await runImport(['a.zip', '--force'], target.env)).toMatchObject({ code: 2, complaints: ['Unknown option --force. Usage: npm run import -- FILE.zip [--dry-run]'] });
    const missing = join(scratch, 'missing.zip');
    expect(await runImport([missing], target.env)).toMatchObject({ code: 1, complaints: [`Nothing was imported: there is no ${missing}`] });
    const notZip = join(scratch, 'not.zip');
    writeFileSync(notZip, 'hello');
    const run = await runImport([notZip], target.env);
    expect(run.code).toBe(1);
    expect(run.complaints[0]).toMatch(/is not a zip that can be read/);
    await expectUntouched();
  });

  it('--dry-run into an instance not made yet says everything would be added and makes nothing', async () => {
    const zip = await writeArchiveZip(scratch, 'heirloom-clean', sampleArchive());
    const run = await runImport([zip, '--dry-run'], target.env);
    expect(run.code).toBe(0);
    expect(run.says).toContain('Would add: 4 people, 1 family, 1 timeline, 3 memberships, 2 memories, 2 comments, 1 question, 1 storyteller, 1 listen code, 6 files');
    await expectUntouched();
  });
});
