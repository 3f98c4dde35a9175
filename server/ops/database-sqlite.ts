// The SQLite side of backups: the database file itself, copied by `VACUUM INTO` (one read
// transaction, so a consistent snapshot while the server goes on writing in WAL mode),
// checked with SQLite's own integrity checks, and put back in place whole.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { openDatabase } from '../db/index.js';
import { OpsError } from './errors.js';
import { PRIVATE_FILE_MODE, syncFolder } from './files.js';
import { latestMigration, mediaReferences, rowCounts, type MediaReference } from './tables.js';

/** The file a `sqlite:` DATABASE_URL names, as server/db/index.ts reads it. */
export function sqliteFileOf(databaseUrl: string): string {
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:') throw new OpsError('DATABASE_URL names an in-memory database, which has nothing to back up or restore into');
  return file;
}

/** Copies the live database at `databaseUrl` into `target` (which must not exist yet). */
export async function vacuumInto(databaseUrl: string, target: string): Promise<void> {
  const source = sqliteFileOf(databaseUrl);
  if (!existsSync(source)) throw new OpsError(`There is no database at ${source} (check DATA_DIR and DATABASE_URL)`);
  // Made empty at 0600 first (files.ts): SQLite fills an empty file and keeps its mode, and
  // gives its journal the same, where a file of its own would follow the umask.
  await (await open(target, 'wx', PRIVATE_FILE_MODE)).close();
  const live = openDatabase(databaseUrl);
  try {
    await sql`vacuum into ${target}`.execute(live.db);
  } finally {
    await live.close();
  }
  // The copy keeps the source's WAL mode, which would make even a reader create -wal and
  // -shm files beside it; in rollback mode the one file is the whole database.
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const handle = await open(target, 'r+');
  await handle.sync().finally(() => handle.close());
}

/** A backup's copy opened without writing a byte to it. */
export function openCopy(file: string): Kysely<any> {
  return new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }) });
}

export async function sqliteTables(db: Kysely<any>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return new Set(rows.map((row) => row.name));
}

export interface SqliteContents {
  migration: string | null;
  rows: Record<string, number>;
  references: MediaReference[];
  /** storage_key → mime_type of the media rows. */
  mediaTypes: Map<string, string>;
}

/** What a copy holds: its migration, rows per Heirloom table, and the files its rows name. */
export async function describeCopy(file: string): Promise<SqliteContents> {
  const db = openCopy(file);
  try {
    const present = await sqliteTables(db);
    const rows = await rowCounts(db, present);
    const mediaTypes = new Map<string, string>();
    if (present.has('media')) {
      const { rows: media } = await sql<{ storage_key: string; mime_type: string }>`select storage_key, mime_type from media`.execute(db);
      for (const row of media) mediaTypes.set(row.storage_key, row.mime_type);
    }
    return { migration: await latestMigration(db, present), rows, references: await mediaReferences(db, present), mediaTypes };
  } finally {
    await db.destroy();
  }
}

/** SQLite's own verdict on a copy: each problem as a line, none when it is sound. */
export async function checkCopy(file: string): Promise<string[]> {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return [`not a readable SQLite database (${(error as Error).message})`];
  }
  try {
    const integrity = database.pragma('integrity_check') as { integrity_check: string }[];
    const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) return problems.map((line) => `integrity_check: ${line}`);
    const orphans = database.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
    return orphans.map((row) => `foreign_key_check: a row of ${row.table} (rowid ${row.rowid}) names a ${row.parent} row that is not there`);
  } catch (error) {
    return [`not a readable SQLite database (${(error as Error).message})`];
  } finally {
    database.close();
  }
}

/**
 * Puts the copy at `source` in place of the database file `target`, whole: copied beside it,
 * flushed, the old -wal and -shm removed (they belong to the file being replaced and would be
 * replayed into the new one), then renamed over it. The copy is written 0600 whatever mode
 * the backup's file has (issue 19: an older backup's was the umask's 0644), and the server's
 * -wal and -shm take the database file's mode.
 */
export async function placeCopy(source: string, target: string): Promise<void> {
  const temp = join(dirname(target), `.restore-${process.pid}.db`);
  try {
    // A leftover of an interrupted restore would keep its own mode: made afresh.
    await rm(temp, { force: true });
    await pipeline(createReadStream(source), createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    const handle = await open(temp, 'r+');
    await handle.sync().finally(() => handle.close());
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    await rename(temp, target);
    await syncFolder(dirname(target));
  } finally {
    await rm(temp, { force: true });
  }
}
