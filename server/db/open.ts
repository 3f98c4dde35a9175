// The database the configuration names, opened the one way the server and the operator's
// tools (backup, restore) share: in DATABASE_SCHEMA when one is set, migrated when asked.
import { sql } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './index.js';
import { migrateToLatest } from './migrate.js';

export interface OpenOptions {
  /** Bring the tables up to date first (the server's start; a restore's empty target). */
  migrate?: boolean;
}

export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema'>, { migrate = false }: OpenOptions = {}): Promise<DatabaseHandle> {
  const schema = config.databaseSchema ?? undefined;
  const handle = openDatabase(config.databaseUrl, { schema });
  try {
    if (schema && handle.dialect === 'postgres') await createSchema(handle, schema);
    if (migrate) await migrateToLatest(handle.db, handle.dialect === 'postgres' ? schema : undefined);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * `if not exists` is no guard against a twin: two instances first started together on a new
 * schema both try to create it, and one fails on the catalogue's unique name. Made by the
 * other a moment ago is as good as made here.
 */
async function createSchema({ db }: DatabaseHandle, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    const made = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db);
    if (made.rows.length === 0) throw error;
  }
}
