// A database stopped at an older migration, as an instance from before a change had it, for
// the tests that write rows the old way and check what a later migration makes of them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { createMediaStore } from '../providers/storage/index.js';
import { TEST_ORIGIN } from '../test/app.js';
import { openDatabase, type Dialect } from './index.js';
import { migrateToLatest, migrateUpTo } from './migrate.js';

/**
 * A context on a fresh database (SQLite in a temporary folder, or a schema of its own on
 * PostgreSQL) migrated up to `lastMigration` only, and `migrate` to run the rest. What it
 * makes is undone by `cleanups`, which the caller runs in reverse after each test.
 */
export async function databaseMigratedUpTo(dialect: Dialect, lastMigration: string, cleanups: (() => Promise<void>)[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-migration-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  });
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (schema) {
    const admin = openDatabase(config.databaseUrl);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    cleanups.push(async () => {
      const dropper = openDatabase(config.databaseUrl);
      await sql`drop schema ${sql.id(schema)} cascade`.execute(dropper.db);
      await dropper.close();
    });
  }
  const handle = openDatabase(config.databaseUrl, { schema });
  cleanups.push(() => handle.close());
  await migrateUpTo(handle.db, lastMigration, schema);
  const media = await createMediaStore(config);
  const ctx = createContext({ db: handle.db, dialect, config, media, now: () => new Date() });
  return { ctx, migrate: () => migrateToLatest(handle.db, schema) };
}
