import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { migrationNames } from '../db/migrate.js';
import { MEDIA_KEY_COLUMNS } from '../db/media-key-columns.js';
import { heirloomTables, migrationTables } from './tables.js';

/** The tables a migrated database holds, each with its columns and the tables its foreign keys name. */
async function schemaOf(t: TestApp): Promise<Map<string, { columns: string[]; parents: string[] }>> {
  const tables = new Map<string, { columns: string[]; parents: string[] }>();
  if (t.ctx.dialect === 'sqlite') {
    // FTS5's index (memory_search and its shadow tables) lives inside the file VACUUM INTO copies.
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'memory_search%'`.execute(t.ctx.db);
    for (const { name } of rows) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(t.ctx.db);
      const parents = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(t.ctx.db);
      tables.set(name, { columns: columns.rows.map((row) => row.name), parents: parents.rows.map((row) => row.table) });
    }
    return tables;
  }
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.db);
  for (const { name } of rows) {
    const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${name}`.execute(t.ctx.db);
    const parents = await sql<{ parent: string }>`select confrelid::regclass::text as parent from pg_constraint where contype = 'f' and conrelid = ${name}::regclass`.execute(t.ctx.db);
    tables.set(name, { columns: columns.rows.map((row) => row.name), parents: parents.rows.map((row) => row.parent.replace(/^.*\./, '').replaceAll('"', '')) });
  }
  return tables;
}

describe.each(dialects)("the backup's map of the data model on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('knows every table the migrations make, and lists parents before the children their foreign keys name', async () => {
    const schema = await schemaOf(t);
    const ours = [...schema.keys()].filter((name) => !(migrationTables as readonly string[]).includes(name)).sort();
    expect(heirloomTables.map((table) => table.name).sort()).toEqual(ours);
    const order = heirloomTables.map((table) => table.name);
    for (const [child, { parents }] of schema) {
      for (const parent of parents) expect(order.indexOf(parent), `${child} → ${parent}`).toBeLessThan(order.indexOf(child));
    }
  });

  it('knows every column that holds a media key, and each primary key is a set of real columns', async () => {
    const schema = await schemaOf(t);
    const keyColumns = [...schema].flatMap(([table, { columns }]) => columns.filter((column) => column.endsWith('_key')).map((column) => `${table}.${column}`));
    expect(MEDIA_KEY_COLUMNS.map(({ table, column }) => `${table}.${column}`).sort()).toEqual(keyColumns.sort());
    for (const { name, primaryKey } of heirloomTables) expect(schema.get(name)!.columns).toEqual(expect.arrayContaining([...primaryKey]));
  });

  it('knows the migrations this build applies, in order', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.ctx.db);
    expect(migrationNames).toEqual(rows.map((row) => row.name));
  });
});
