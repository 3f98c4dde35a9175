// npm run backup:verify -- DIR: re-checks a backup and names each thing wrong with it. The
// manifest; every file's size and SHA-256, nothing missing and nothing unlisted; the
// database (SQLite: integrity_check and foreign_key_check on the copy; PostgreSQL: a test
// restore into a temporary schema, dropped afterwards); and every file a row names.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { dialectOf, openDatabase } from '../db/index.js';
import { migrateToLatest, migrateUpTo, migrationNames } from '../db/migrate.js';
import { loadTables, tableLines } from './database-postgres.js';
import { checkCopy, describeCopy } from './database-sqlite.js';
import { OpsError } from './errors.js';
import { counted, filesIn, hashFile } from './files.js';
import { MANIFEST_FILE, mediaFile, readManifest, SQLITE_FILE, tableFile, type Manifest } from './manifest.js';
import { referencesInRow, type MediaReference } from './tables.js';

export interface VerifyReport {
  /** Null when the manifest itself is missing or unreadable. */
  manifest: Manifest | null;
  /** One line per fault, each naming the file or row; none when the backup is sound. */
  problems: string[];
  /** What was checked, for the operator. */
  checked: string[];
}

/** Lines of one JSON-lines file reported at most: a file of garbage should not drown the rest. */
const MAX_LINE_PROBLEMS = 5;

/** `config` names the PostgreSQL server a PostgreSQL backup is test-restored on. */
export async function verifyBackup(dir: string, config: Pick<Config, 'databaseUrl'>): Promise<VerifyReport> {
  if (!existsSync(dir) || !(await stat(dir)).isDirectory()) throw new OpsError(`${dir} is not a folder`);
  let manifest: Manifest;
  try {
    manifest = await readManifest(dir);
  } catch (error) {
    if (error instanceof OpsError) return { manifest: null, problems: [error.message], checked: [] };
    throw error;
  }
  const problems: string[] = [];
  const checked: string[] = [];

  const migrationKnown = migrationNames.includes(manifest.migration);
  if (!migrationKnown) {
    problems.push(`${MANIFEST_FILE}: made by a newer Heirloom (migration ${manifest.migration} is unknown to this one); verify and restore it with that version or a newer one`);
  }

  const present = await checkFiles(dir, manifest, problems);
  checked.push(`Files: ${manifest.files.length} listed in the manifest; sizes and SHA-256 compared`);

  let references: MediaReference[] | null = null;
  if (manifest.dialect === 'sqlite') {
    references = await checkSqlite(dir, manifest, present, problems);
    if (references) checked.push('Database: integrity_check and foreign_key_check on the SQLite copy');
  } else {
    references = await checkPostgresLines(dir, manifest, present, problems);
    if (references && migrationKnown) {
      if (dialectOf(config.databaseUrl) !== 'postgres') {
        problems.push('database: not test-restored, since DATABASE_URL names no PostgreSQL server; verify a PostgreSQL backup where one is configured');
      } else {
        const failure = await testRestore(dir, manifest, config.databaseUrl);
        if (failure) problems.push(`database: the test restore failed: ${failure}`);
        else checked.push('Database: restored into a temporary PostgreSQL schema (dropped again), row counts as in the manifest');
      }
    }
  }

  if (references) {
    const reported = new Set<string>();
    for (const reference of references) {
      const path = mediaFile(reference.key);
      if (present.has(path) || reported.has(path) || reference.mayLackFile) continue;
      reported.add(path);
      problems.push(`${path}: named by ${reference.column} of row ${reference.row}, but the backup does not hold it`);
    }
    const named = new Set(references.filter((reference) => !reference.mayLackFile).map((reference) => reference.key));
    checked.push(`Media: ${counted(named.size, 'file', 'files')} named by rows, each looked for in the backup`);
  }
  return { manifest, problems, checked };
}

/** Sizes and hashes against the manifest; returns the listed files that are there. */
async function checkFiles(dir: string, manifest: Manifest, problems: string[]): Promise<Set<string>> {
  const onDisk = new Set((await filesIn(dir)).filter((path) => path !== MANIFEST_FILE));
  const present = new Set<string>();
  for (const file of manifest.files) {
    if (!onDisk.has(file.path)) {
      problems.push(`${file.path}: listed in the manifest, but missing`);
      continue;
    }
    present.add(file.path);
    const actual = await hashFile(join(dir, file.path));
    if (actual.size !== file.size) problems.push(`${file.path}: ${actual.size} bytes, but the manifest says ${file.size} (changed or damaged)`);
    else if (actual.sha256 !== file.sha256) problems.push(`${file.path}: its SHA-256 differs from the manifest's (changed or damaged)`);
  }
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const path of onDisk) if (!listed.has(path)) problems.push(`${path}: not listed in the manifest`);

  const databaseFiles = manifest.dialect === 'sqlite' ? [SQLITE_FILE] : Object.keys(manifest.rows).map(tableFile);
  for (const path of databaseFiles) if (!listed.has(path)) problems.push(`${MANIFEST_FILE}: does not list ${path}`);
  return present;
}

async function checkSqlite(dir: string, manifest: Manifest, present: Set<string>, problems: string[]): Promise<MediaReference[] | null> {
  if (!present.has(SQLITE_FILE)) return null;
  const file = join(dir, SQLITE_FILE);
  const faults = await checkCopy(file);
  if (faults.length > 0) {
    problems.push(...faults.map((fault) => `${SQLITE_FILE}: ${fault}`));
    return null;
  }
  const copy = await describeCopy(file);
  if (copy.migration !== manifest.migration) problems.push(`${SQLITE_FILE}: at migration ${copy.migration}, but the manifest says ${manifest.migration}`);
  compareCounts(copy.rows, manifest.rows, SQLITE_FILE, problems);
  return copy.references;
}

/** Every line of every table's file parsed; the files each row names collected. */
async function checkPostgresLines(dir: string, manifest: Manifest, present: Set<string>, problems: string[]): Promise<MediaReference[] | null> {
  const references: MediaReference[] = [];
  const counts: Record<string, number> = {};
  let readable = true;
  for (const table of Object.keys(manifest.rows)) {
    const path = tableFile(table);
    if (!present.has(path)) {
      readable = false;
      continue;
    }
    let count = 0;
    let bad = 0;
    for await (const line of tableLines(dir, table)) {
      count++;
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        row = null;
      }
      if (row === null || typeof row !== 'object' || Array.isArray(row)) {
        if (++bad <= MAX_LINE_PROBLEMS) problems.push(`${path}: line ${count} is not a row in JSON`);
        continue;
      }
      references.push(...referencesInRow(table, row as Record<string, unknown>));
    }
    if (bad > MAX_LINE_PROBLEMS) problems.push(`${path}: ${bad - MAX_LINE_PROBLEMS} more lines are not rows in JSON`);
    if (bad > 0) readable = false;
    counts[table] = count;
  }
  compareCounts(counts, manifest.rows, 'database', problems);
  return readable ? references : null;
}

function compareCounts(actual: Record<string, number>, expected: Record<string, number>, where: string, problems: string[]): void {
  for (const [table, count] of Object.entries(expected)) {
    if (actual[table] !== undefined && actual[table] !== count) problems.push(`${where}: ${table} holds ${actual[table]} rows, but the manifest says ${count}`);
  }
}

/** Restores the rows into a schema of their own, as a restore would; returns what failed, or null. */
async function testRestore(dir: string, manifest: Manifest, databaseUrl: string): Promise<string | null> {
  const schema = `heirloom_verify_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(databaseUrl);
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const scratch = openDatabase(databaseUrl, { schema });
    try {
      await migrateUpTo(scratch.db, manifest.migration, schema);
      await loadTables(scratch.db, dir, manifest);
      await migrateToLatest(scratch.db, schema);
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await scratch.close();
    }
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.close();
  }
}
