// The PostgreSQL side of backups, with no external binaries (the production image has no
// pg_dump): every table read in one REPEATABLE READ, READ ONLY transaction (one snapshot of
// the whole database while the server goes on writing), each row as PostgreSQL's own JSON of
// it, one file per table. A restore hands those lines back to PostgreSQL as they are
// (json_populate_recordset), so timestamps, booleans, numbers and nulls come back exact.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import { PRIVATE_FILE_MODE } from './files.js';
import { tableFile, type Manifest } from './manifest.js';
import { heirloomTables, latestMigration, mediaReferences, migrationTables, type MediaReference } from './tables.js';

/** Rows read per query: a table of any length never has to fit in memory. */
const READ_BATCH = 2000;
/** Rows per insert: a few MB of JSON at most for the longest memories. */
const WRITE_BATCH = 500;

export async function postgresTables(db: Kysely<any>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return new Set(rows.map((row) => row.name));
}

export interface PostgresSnapshot {
  migration: string | null;
  rows: Record<string, number>;
  references: MediaReference[];
  mediaTypes: Map<string, string>;
  /** The files written, relative to the backup folder. */
  files: string[];
}

/** Writes every Heirloom table of `db`'s schema into `dir` as JSON lines, from one snapshot. */
export async function dumpTables(db: Kysely<any>, dir: string): Promise<PostgresSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const present = await postgresTables(trx);
      const known = new Set<string>([...heirloomTables.map((table) => table.name), ...migrationTables]);
      const unknown = [...present].filter((name) => !known.has(name)).sort();
      if (unknown.length > 0) {
        // A table the backup would silently leave out is worse than no backup.
        throw new Error(`The database has tables this backup does not know (${unknown.join(', ')}): is it a newer Heirloom's, or shared with another application?`);
      }
      const rows: Record<string, number> = {};
      const files: string[] = [];
      for (const table of heirloomTables) {
        if (!present.has(table.name)) continue;
        rows[table.name] = await dumpTable(trx, table.name, table.primaryKey, join(dir, tableFile(table.name)));
        files.push(tableFile(table.name));
      }
      const mediaTypes = new Map<string, string>();
      if (present.has('media')) {
        const { rows: media } = await sql<{ storage_key: string; mime_type: string }>`select storage_key, mime_type from media`.execute(trx);
        for (const row of media) mediaTypes.set(row.storage_key, row.mime_type);
      }
      return { migration: await latestMigration(trx, present), rows, references: await mediaReferences(trx, present), mediaTypes, files };
    });
}

async function dumpTable(db: Kysely<any>, table: string, primaryKey: readonly string[], path: string): Promise<number> {
  const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
  try {
    const order = sql.join(primaryKey.map((column) => sql.ref(`t.${column}`)));
    let after: unknown[] | null = null;
    let count = 0;
    for (;;) {
      // Keyset pages in primary-key order: each query starts where the last one ended.
      const { rows } = await sql<{ line: string }>`select to_json(t)::text as line from ${sql.table(table)} as t
        ${after ? sql`where (${order}) > (${sql.join(after)})` : sql``}
        order by ${order} limit ${READ_BATCH}`.execute(db);
      if (rows.length === 0) break;
      await handle.write(rows.map((row) => row.line).join('\n') + '\n');
      count += rows.length;
      const last = JSON.parse(rows[rows.length - 1]!.line) as Record<string, unknown>;
      after = primaryKey.map((column) => last[column]);
      if (rows.length < READ_BATCH) break;
    }
    await handle.sync();
    return count;
  } finally {
    await handle.close();
  }
}

/** The JSON lines of `table` in a backup folder, one at a time. */
export async function* tableLines(dir: string, table: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(join(dir, tableFile(table)), 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) if (line !== '') yield line;
}

/**
 * Inserts a backup's rows into `db`'s schema, whose tables must be at the backup's migration
 * and empty: parents first, all in one transaction, so it holds all of them or none.
 */
export async function loadTables(db: Kysely<any>, dir: string, manifest: Manifest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { name } of heirloomTables) {
      const expected = manifest.rows[name];
      if (expected === undefined) continue;
      const columns = await columnsOf(trx, name);
      let batch: string[] = [];
      let loaded = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await sql`insert into ${sql.table(name)} select * from json_populate_recordset(null::${sql.table(name)}, ${`[${batch.join(',')}]`}::json)`.execute(trx);
        loaded += batch.length;
        batch = [];
      };
      for await (const line of tableLines(dir, name)) {
        // json_populate_recordset would drop a field the table lacks without a word.
        if (loaded === 0 && batch.length === 0) checkColumns(name, Object.keys(JSON.parse(line) as object), columns, manifest.migration);
        batch.push(line);
        if (batch.length >= WRITE_BATCH) await flush();
      }
      await flush();
      if (loaded !== expected) throw new Error(`${tableFile(name)}: ${loaded} rows, but the manifest says ${expected}`);
    }
  });
}

async function columnsOf(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.map((row) => row.name);
}

function checkColumns(table: string, inBackup: string[], inTable: string[], migration: string): void {
  const extra = inBackup.filter((column) => !inTable.includes(column));
  const missing = inTable.filter((column) => !inBackup.includes(column));
  if (extra.length + missing.length === 0) return;
  const parts = [extra.length > 0 ? `columns the table lacks: ${extra.join(', ')}` : '', missing.length > 0 ? `columns missing: ${missing.join(', ')}` : ''];
  throw new Error(`${tableFile(table)}: its rows do not fit the ${table} table of migration ${migration} (${parts.filter(Boolean).join('; ')})`);
}

/** Removes Heirloom's tables (and the migrator's) from `db`'s schema, children first, in one transaction. */
export async function dropTables(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { name } of [...heirloomTables].reverse()) await sql`drop table if exists ${sql.table(name)} cascade`.execute(trx);
    for (const name of migrationTables) await sql`drop table if exists ${sql.table(name)}`.execute(trx);
  });
}
