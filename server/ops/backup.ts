// npm run backup -- DIR: a consistent snapshot of a running or stopped instance (DESIGN
// "Security and durability"): the database at one instant, every file its rows name, and a
// manifest with the SHA-256 of each, written last.
//
// Files and rows move in a known order: a file is stored before the rows naming it commit,
// and removed only after those rows are deleted. So every file the snapshot's rows name is
// still in the store when it is copied, unless its rows were deleted after the snapshot; then
// a new snapshot (which no longer names it) is taken. Files no row of the snapshot names
// (uploads still in flight, leftovers of interrupted requests) are left out: no restored row
// could reach them.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { dialectOf } from '../db/index.js';
import { createMediaStore, typeOfKey, type MediaStore } from '../providers/storage/index.js';
import { dumpTables } from './database-postgres.js';
import { describeCopy, vacuumInto } from './database-sqlite.js';
import { OpsError } from './errors.js';
import { eachAtOnce, hashFile, makePrivateFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './files.js';
import { mediaFile, MANIFEST_FORMAT, MANIFEST_VERSION, SQLITE_FILE, writeManifest, type Manifest, type ManifestFile } from './manifest.js';
import type { MediaReference } from './tables.js';

export type OpsConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'storage' | 'dataDir' | 's3'>;

/** Snapshots taken at most before giving up on a store whose files keep vanishing. */
const MAX_SNAPSHOTS = 5;
/** Files copied at once: enough to hide S3's latency, few enough for a small machine. */
const COPIES_AT_ONCE = 4;

export interface BackupOptions {
  /** Called after each snapshot, before its files are copied (tests delete a memory there). */
  afterSnapshot?: (attempt: number) => Promise<void>;
  log?: (line: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  /** Snapshots taken: more than one when files were deleted while the backup ran. */
  snapshots: number;
}

interface Snapshot {
  migration: string;
  rows: Record<string, number>;
  references: MediaReference[];
  mediaTypes: Map<string, string>;
  databaseFiles: string[];
}

export async function createBackup(config: OpsConfig, dir: string, { afterSnapshot, log = () => {} }: BackupOptions = {}): Promise<BackupResult> {
  const created = await prepareEmptyFolder(dir);
  const media = await createMediaStore(config);
  try {
    // Keys are never reused (a random UUID each), so a file copied for one snapshot is the
    // same file for the next.
    const copied = new Map<string, ManifestFile>();
    let lastMissing: string[] = [];
    for (let attempt = 1; attempt <= MAX_SNAPSHOTS; attempt++) {
      const snapshot = await takeSnapshot(config, dir);
      await afterSnapshot?.(attempt);

      const named = new Map<string, MediaReference[]>();
      for (const reference of snapshot.references) named.set(reference.key, [...(named.get(reference.key) ?? []), reference]);
      // Named only by rows that may precede their file (a video still on its way): copied when there.
      const required = (key: string) => named.get(key)?.some((reference) => !reference.mayLackFile) ?? false;
      // A file still named by rows that outlived its disappearance was not deleted with
      // them: the store has lost it, and no later snapshot will bring it back.
      const lost = lastMissing.filter(required);
      if (lost.length > 0) throw new OpsError(lostFilesMessage(lost.map((key) => named.get(key)!)));

      const missing: string[] = [];
      const toCopy = [...named.keys()].filter((key) => !copied.has(key));
      await eachAtOnce(toCopy, COPIES_AT_ONCE, async (key) => {
        const entry = await copyFile(media, key, snapshot.mediaTypes.get(key) ?? typeOfKey(key), dir);
        if (entry) copied.set(key, entry);
        else if (required(key)) missing.push(key);
      });
      if (missing.length === 0) {
        // Files an earlier snapshot named whose rows are gone by this one.
        for (const key of [...copied.keys()].filter((key) => !named.has(key))) {
          await rm(join(dir, mediaFile(key)));
          copied.delete(key);
        }
        const manifest = await finish(dir, config, snapshot, [...copied.values()]);
        return { manifest, snapshots: attempt };
      }
      log(`${missing.length} ${missing.length === 1 ? 'file' : 'files'} named by the snapshot ${missing.length === 1 ? 'was' : 'were'} deleted after it was taken; taking a new snapshot`);
      lastMissing = missing;
    }
    throw new OpsError(`Files kept vanishing while the backup ran (${MAX_SNAPSHOTS} snapshots taken); try again when fewer memories are being deleted`);
  } catch (error) {
    // A backup that did not finish leaves nothing that could be mistaken for one.
    await rm(created ? dir : join(dir, 'database'), { recursive: true, force: true });
    if (!created) await rm(join(dir, 'media'), { recursive: true, force: true });
    throw error;
  } finally {
    media.close?.();
  }
}

/** DIR must be new or empty: a backup never mixes with other files. Returns whether it was made here. */
async function prepareEmptyFolder(dir: string): Promise<boolean> {
  const existed = existsSync(dir);
  if (existed) {
    if (!(await stat(dir)).isDirectory()) throw new OpsError(`${dir} is a file; a backup needs a new or empty folder`);
    if ((await readdir(dir)).length > 0) throw new OpsError(`${dir} is not empty; a backup needs a new or empty folder`);
  }
  // An empty folder the operator made is narrowed too: what goes in is private (files.ts).
  await makePrivateFolder(dir);
  await makePrivateFolder(join(dir, 'media'));
  return !existed;
}

async function takeSnapshot(config: OpsConfig, dir: string): Promise<Snapshot> {
  const databaseDir = join(dir, 'database');
  await rm(databaseDir, { recursive: true, force: true });
  await mkdir(databaseDir, { mode: PRIVATE_FOLDER_MODE });
  if (dialectOf(config.databaseUrl) === 'sqlite') {
    await vacuumInto(config.databaseUrl, join(dir, SQLITE_FILE));
    const copy = await describeCopy(join(dir, SQLITE_FILE));
    return { ...copy, migration: requireMigration(copy.migration), databaseFiles: [SQLITE_FILE] };
  }
  const handle = await openConfiguredDatabase(config);
  try {
    const dump = await dumpTables(handle.db, dir);
    return { ...dump, migration: requireMigration(dump.migration), databaseFiles: dump.files };
  } finally {
    await handle.close();
  }
}

function requireMigration(migration: string | null): string {
  if (!migration) throw new OpsError('The configured database holds no Heirloom tables (check DATABASE_URL and DATABASE_SCHEMA)');
  return migration;
}

/** Copies one stored file into the backup, hashing it on the way; null when the store has no such key. */
async function copyFile(media: MediaStore, key: string, contentType: string, dir: string): Promise<ManifestFile | null> {
  const object = await media.get(key);
  if (!object) return null;
  const path = join(dir, mediaFile(key));
  await mkdir(dirname(path), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(object.body, hashing, createWriteStream(path, { flags: 'wx', flush: true, mode: PRIVATE_FILE_MODE }));
  if (size !== object.size) throw new OpsError(`${key}: the store said ${object.size} bytes but sent ${size}`);
  return { path: mediaFile(key), size, sha256: hash.digest('hex'), contentType };
}

async function finish(dir: string, config: OpsConfig, snapshot: Snapshot, mediaFiles: ManifestFile[]): Promise<Manifest> {
  const databaseFiles: ManifestFile[] = [];
  for (const path of snapshot.databaseFiles) databaseFiles.push({ path, ...(await hashFile(join(dir, path))) });
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: new Date().toISOString(),
    dialect: dialectOf(config.databaseUrl),
    migration: snapshot.migration,
    rows: snapshot.rows,
    files: [...databaseFiles, ...mediaFiles.sort((a, b) => (a.path < b.path ? -1 : 1))],
  };
  await writeManifest(dir, manifest);
  return manifest;
}

/** One line per lost file, naming every row that holds it. */
function lostFilesMessage(lost: MediaReference[][]): string {
  const lines = lost.slice(0, 20).map((references) => `  ${references[0]!.key} (${references.map((reference) => `${reference.column} of row ${reference.row}`).join('; ')})`);
  const more = lost.length > 20 ? [`  … and ${lost.length - 20} more`] : [];
  return [`The media store has lost ${lost.length} ${lost.length === 1 ? 'file' : 'files'} that rows still name, so no complete backup can be made:`, ...lines, ...more].join('\n');
}
