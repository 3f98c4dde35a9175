// What a backup knows of the data model: every table Heirloom's migrations make, parents
// before children (a restore inserts in this order, so every foreign key finds its row), each
// with its primary key (rows are read in that order and compared by it), and every column
// that holds a media key. A migration that adds a table or a key column adds it here too;
// tables.test.ts fails until it does, and a backup refuses a table it does not know.
import { sql, type Kysely } from 'kysely';
import { MEDIA_KEY_COLUMNS } from '../db/media-key-columns.js';

export interface TableInfo {
  name: string;
  primaryKey: readonly string[];
}

export const heirloomTables: readonly TableInfo[] = [
  { name: 'users', primaryKey: ['id'] },
  { name: 'identities', primaryKey: ['issuer', 'subject'] },
  { name: 'sessions', primaryKey: ['token_hash'] },
  { name: 'sign_in_failures', primaryKey: ['id'] },
  { name: 'password_resets', primaryKey: ['token_hash'] },
  { name: 'families', primaryKey: ['id'] },
  { name: 'family_invites', primaryKey: ['id'] },
  { name: 'timelines', primaryKey: ['id'] },
  { name: 'timeline_members', primaryKey: ['timeline_id', 'user_id'] },
  { name: 'timeline_invites', primaryKey: ['id'] },
  { name: 'timeline_removals', primaryKey: ['timeline_id', 'user_id'] },
  { name: 'memories', primaryKey: ['id'] },
  { name: 'memory_timelines', primaryKey: ['memory_id', 'timeline_id'] },
  { name: 'memory_shares', primaryKey: ['memory_id', 'user_id'] },
  { name: 'memory_tags', primaryKey: ['memory_id', 'tag'] },
  { name: 'media', primaryKey: ['id'] },
  { name: 'uploads', primaryKey: ['storage_key'] },
  { name: 'storytellers', primaryKey: ['user_id'] },
  { name: 'questions', primaryKey: ['id'] },
  { name: 'books', primaryKey: ['id'] },
  { name: 'listen_links', primaryKey: ['id'] },
  { name: 'archives', primaryKey: ['id'] },
  { name: 'follow_up_responses', primaryKey: ['id'] },
  { name: 'comments', primaryKey: ['id'] },
  { name: 'notifications', primaryKey: ['id'] },
  { name: 'daily_prompts', primaryKey: ['user_id', 'timeline_id', 'day'] },
  { name: 'prompt_history', primaryKey: ['user_id', 'timeline_id', 'kind', 'prompt'] },
  { name: 'ai_calls', primaryKey: ['id'] },
  // Carried: a send retried against the restored server still answers what it first made (server/idempotency).
  { name: 'idempotency_keys', primaryKey: ['caller', 'key'] },
  // Carried: work queued or failed (a recording's transcription) is part of the family's data's
  // state; a job running when the backup was taken is reclaimed once its lease has expired.
  { name: 'jobs', primaryKey: ['id'] },
];

/**
 * Made afresh by migrating, so a restore does not copy them as rows: Kysely's own bookkeeping,
 * and the content version of migrations 0007 to 0011 (0012 drops it), which a database or a
 * restore stopped at one of those still has.
 */
export const migrationTables = ['kysely_migration', 'kysely_migration_lock', 'content_version'] as const;

export function tableInfo(name: string): TableInfo {
  const table = heirloomTables.find((candidate) => candidate.name === name);
  if (!table) throw new Error(`Not one of Heirloom's tables: ${name}`);
  return table;
}

/** One row's mention of a file: which key, and where (for a message that names the row). */
export interface MediaReference {
  key: string;
  /** `media.storage_key`, `users.profile_image_key`, … */
  column: string;
  /** The row's primary key, its parts joined by '/'. */
  row: string;
  /** A row that may name a file not stored (yet): a pending direct upload. */
  mayLackFile: boolean;
}

/** Every mention of a file by the rows of `db` (SQLite or PostgreSQL), one query per key column. */
export async function mediaReferences(db: Kysely<any>, presentTables: ReadonlySet<string>): Promise<MediaReference[]> {
  const references: MediaReference[] = [];
  for (const { table, column, mayLackFile = false } of MEDIA_KEY_COLUMNS) {
    if (!presentTables.has(table)) continue;
    const { primaryKey } = tableInfo(table);
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(primaryKey.map((part) => sql.ref(part)))}, ${sql.ref(column)} as media_key
      from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(db);
    for (const row of rows) {
      references.push({ key: String(row.media_key), column: `${table}.${column}`, row: primaryKey.map((part) => String(row[part])).join('/'), mayLackFile });
    }
  }
  return references;
}

/** The mentions in one row as a backup's JSON lines hold it. */
export function referencesInRow(table: string, row: Record<string, unknown>): MediaReference[] {
  const { primaryKey } = tableInfo(table);
  return MEDIA_KEY_COLUMNS
    .filter((entry) => entry.table === table && typeof row[entry.column] === 'string')
    .map((entry) => ({
      key: row[entry.column] as string,
      column: `${table}.${entry.column}`,
      row: primaryKey.map((part) => String(row[part])).join('/'),
      mayLackFile: entry.mayLackFile ?? false,
    }));
}

/** Rows per Heirloom table that exists in `db`. */
export async function rowCounts(db: Kysely<any>, presentTables: ReadonlySet<string>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of heirloomTables) {
    if (!presentTables.has(name)) continue;
    const { rows } = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]!.count);
  }
  return counts;
}

/** The latest migration a database has applied (null: none, not a Heirloom database). */
export async function latestMigration(db: Kysely<any>, presentTables: ReadonlySet<string>): Promise<string | null> {
  if (!presentTables.has('kysely_migration')) return null;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}
