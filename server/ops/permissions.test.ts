// Issue 19: backups hold every family's memories and the whole database, so whatever the
// umask, only the operator's account may read what a backup or a restore writes.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { createBackup, type OpsConfig } from './backup.js';
import { sqliteFileOf } from './database-sqlite.js';
import { MANIFEST_FILE, SQLITE_FILE } from './manifest.js';
import { restoreBackup } from './restore.js';
import { configOf, createMemory, freshTarget, type Target } from './test-support.js';

/** Every folder and file under `root` (itself included) with its permission bits, as 'path 700'. */
function modesUnder(root: string): string[] {
  const entries = [`. ${(statSync(root).mode & 0o777).toString(8)}`];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    entries.push(`${relative(root, path)} ${(statSync(path).mode & 0o777).toString(8)}`);
  }
  return entries.sort();
}

const onlyMode = (modes: string[], mode: string) => modes.filter((line) => !line.endsWith(` ${mode}`));

describe.each(dialects)('permissions of backups and restores on %s', (dialect) => {
  let t: TestApp;
  let source: OpsConfig;
  let scratch: string;
  let umask: number;
  const targets: Target[] = [];

  beforeAll(async () => {
    // Most hosts' umask: files 0644 and folders 0755 unless the tools say otherwise.
    umask = process.umask(0o022);
    t = await makeTestApp(dialect);
    source = await configOf(t);
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    await createMemory(t, creator, timeline.id, 'Divorce papers signed');
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-modes-'));
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    rmSync(scratch, { recursive: true, force: true });
    await t.close();
    process.umask(umask);
  });

  it('writes every folder 0700 and every file 0600, the database copy, the media and the manifest included', async () => {
    const dir = join(scratch, 'new', 'backup');
    const { manifest } = await createBackup(source, dir);
    const modes = modesUnder(dir);
    const files = manifest.files.map((file) => file.path);
    expect(files.filter((path) => path.startsWith('media/')).length).toBeGreaterThanOrEqual(4);
    expect(files.filter((path) => path.startsWith('database/')).length).toBeGreaterThanOrEqual(1);
    for (const path of [...files, MANIFEST_FILE]) expect(modes).toContain(`${path} 600`);
    for (const folder of ['.', 'database', 'media']) expect(modes).toContain(`${folder} 700`);
    const folders = modes.filter((line) => statSync(join(dir, line.slice(0, line.lastIndexOf(' ')))).isDirectory());
    expect(onlyMode(folders, '700')).toEqual([]);
    expect(onlyMode(modes.filter((line) => !folders.includes(line)), '600')).toEqual([]);
    // The new folder's parent, made by the backup too.
    expect((statSync(join(scratch, 'new')).mode & 0o777).toString(8)).toBe('700');
  });

  it('narrows an empty folder the operator made to 0700 before writing into it', async () => {
    const dir = join(scratch, 'made-by-hand');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    await createBackup(source, dir);
    expect(onlyMode(modesUnder(dir), '700').every((line) => line.endsWith(' 600'))).toBe(true);
    expect(modesUnder(dir)).toContain('. 700');
  });

  it('restores the database file 0600 even from an older backup whose copy was 0644, and the media files 0600', async () => {
    const dir = join(scratch, 'older');
    const { manifest } = await createBackup(source, dir);
    for (const file of manifest.files) chmodSync(join(dir, file.path), 0o644);
    const target = freshTarget(dialect);
    targets.push(target);
    await restoreBackup(target.config, dir);
    if (dialect === 'sqlite') {
      const database = sqliteFileOf(target.config.databaseUrl);
      expect(manifest.files.map((file) => file.path)).toContain(SQLITE_FILE);
      expect((statSync(database).mode & 0o777).toString(8)).toBe('600');
    }
    const restoredMedia = modesUnder(target.config.dataDir).filter((line) => /\.(webp|png|jpg|wav|webm)\s/.test(line));
    expect(restoredMedia.length).toBeGreaterThanOrEqual(4);
    expect(onlyMode(restoredMedia, '600')).toEqual([]);
  });
});
