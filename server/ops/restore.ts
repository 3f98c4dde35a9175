// npm run restore -- DIR [--force]: brings a backup into the configured DATA_DIR, database and
// media store. It verifies the backup first and refuses a damaged one, changing nothing; it
// refuses a target that holds anything unless told --force. Files go in before rows (as the
// server writes them), so a restore cut short never leaves a row naming a missing file.
import { createReadStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import { dialectOf, openDatabase } from '../db/index.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import { openConfiguredDatabase } from '../db/open.js';
import { createMediaStore, type MediaStore } from '../providers/storage/index.js';
import type { OpsConfig } from './backup.js';
import { dropTables, loadTables, postgresTables } from './database-postgres.js';
import { placeCopy, sqliteFileOf, sqliteTables } from './database-sqlite.js';
import { OpsError } from './errors.js';
import { counted, eachAtOnce, PRIVATE_FOLDER_MODE } from './files.js';
import { readManifest, SQLITE_FILE, type Manifest } from './manifest.js';
import { heirloomTables, migrationTables, rowCounts } from './tables.js';
import { verifyBackup } from './verify.js';

/** Files stored at once (S3's latency; a small machine's disk). */
const PUTS_AT_ONCE = 4;

export interface RestoreOptions {
  /** Replace whatever the target holds. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  bytes: number;
  /** Files the target already held that the backup does not: no restored row names them. */
  leftInStore: number;
}

/** What the target holds before the restore, in words; empty when it holds nothing. */
interface TargetContents {
  rows: Record<string, number>;
  mediaKeys: Set<string>;
}

export async function restoreBackup(config: OpsConfig, dir: string, { force = false, log = () => {} }: RestoreOptions = {}): Promise<RestoreResult> {
  const dialect = dialectOf(config.databaseUrl);
  const claimed = await readManifest(dir).catch(() => null);
  if (claimed && claimed.dialect !== dialect) {
    throw new OpsError(`Nothing was restored: this is a backup of a ${nameOf(claimed.dialect)} database, and DATABASE_URL names ${nameOf(dialect)}; restore it into the same kind`);
  }

  const media = await createMediaStore(config);
  try {
    // The cheap refusal first: a full verification can take minutes.
    const target = await contentsOf(config, media);
    const held = describe(target);
    if (held && !force) {
      throw new OpsError(`Nothing was restored: the target is not empty (${held}). Restore into an empty DATA_DIR and database, or add --force to replace what is there.`);
    }
    const report = await verifyBackup(dir, config);
    if (report.problems.length > 0 || !report.manifest) {
      throw new OpsError(['Nothing was restored: the backup failed verification.', ...report.problems.map((problem) => `  ${problem}`)].join('\n'));
    }
    const manifest = report.manifest;
    if (held) log(`Replacing what the target held (${held})`);

    const mediaFiles = manifest.files.filter((file) => file.path.startsWith('media/'));
    await eachAtOnce(mediaFiles, PUTS_AT_ONCE, async (file) => {
      const key = file.path.slice('media/'.length);
      const { size } = await media.put(key, createReadStream(join(dir, file.path)), { contentType: file.contentType ?? 'application/octet-stream' });
      if (size !== file.size) throw new OpsError(`${file.path}: stored ${size} bytes of ${file.size}`);
    });
    log(`Media: ${counted(mediaFiles.length, 'file', 'files')} stored (${media.driver === 's3' ? 'S3 bucket' : 'local folder'})`);

    if (dialect === 'sqlite') await restoreSqlite(config, dir);
    else await restorePostgres(config, dir, manifest);

    const restoredKeys = new Set(mediaFiles.map((file) => file.path.slice('media/'.length)));
    return {
      manifest,
      files: mediaFiles.length,
      bytes: mediaFiles.reduce((sum, file) => sum + file.size, 0),
      leftInStore: [...target.mediaKeys].filter((key) => !restoredKeys.has(key)).length,
    };
  } finally {
    media.close?.();
  }
}

const nameOf = (dialect: string) => (dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL');

async function contentsOf(config: OpsConfig, media: MediaStore): Promise<TargetContents> {
  const mediaKeys = new Set<string>();
  for await (const object of media.list()) mediaKeys.add(object.key);
  if (!(await databaseExists(config))) return { rows: {}, mediaKeys };
  const handle = openDatabase(config.databaseUrl, { schema: config.databaseSchema ?? undefined });
  try {
    const present = handle.dialect === 'sqlite' ? await sqliteTables(handle.db) : await postgresTables(handle.db);
    return { rows: await rowCounts(handle.db, present), mediaKeys };
  } finally {
    await handle.close();
  }
}

/** Looked for without making it: a refused restore leaves no trace. */
async function databaseExists(config: OpsConfig): Promise<boolean> {
  if (dialectOf(config.databaseUrl) === 'sqlite') return existsSync(sqliteFileOf(config.databaseUrl));
  if (!config.databaseSchema) return true;
  const admin = openDatabase(config.databaseUrl);
  try {
    const { rows } = await sql`select 1 from pg_namespace where nspname = ${config.databaseSchema}`.execute(admin.db);
    return rows.length > 0;
  } finally {
    await admin.close();
  }
}

/** "2 users, 5 memories, 31 other rows, 40 media files", or '' for an empty target. */
function describe({ rows, mediaKeys }: TargetContents): string {
  const users = rows.users ?? 0;
  const memories = rows.memories ?? 0;
  const other = Object.values(rows).reduce((sum, count) => sum + count, 0) - users - memories;
  const parts = [
    users > 0 ? counted(users, 'user', 'users') : '',
    memories > 0 ? counted(memories, 'memory', 'memories') : '',
    other > 0 ? counted(other, 'other row', 'other rows') : '',
    mediaKeys.size > 0 ? counted(mediaKeys.size, 'media file', 'media files') : '',
  ];
  return parts.filter(Boolean).join(', ');
}

async function restoreSqlite(config: OpsConfig, dir: string): Promise<void> {
  const target = sqliteFileOf(config.databaseUrl);
  await mkdir(dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await placeCopy(join(dir, SQLITE_FILE), target);
  // A backup of an older Heirloom is brought up to this one's tables.
  const handle = await openConfiguredDatabase(config, { migrate: true });
  await handle.close();
}

async function restorePostgres(config: OpsConfig, dir: string, manifest: Manifest): Promise<void> {
  const schema = config.databaseSchema ?? undefined;
  const handle = await openConfiguredDatabase(config);
  try {
    const present = await postgresTables(handle.db);
    const ours = [...heirloomTables.map((table) => table.name), ...migrationTables];
    // Empty tables (a server that started once) or --force: the backup's migration is made afresh.
    if (ours.some((name) => present.has(name))) await dropTables(handle.db);
    await migrateUpTo(handle.db, manifest.migration, schema);
    await loadTables(handle.db, dir, manifest);
    await migrateToLatest(handle.db, schema);
  } catch (error) {
    throw new OpsError(`The restore stopped part-way, so the database is incomplete: ${(error as Error).message}. Run it again with --force once the cause is mended.`);
  } finally {
    await handle.close();
  }
}
