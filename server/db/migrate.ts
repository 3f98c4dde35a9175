// Forward-only migrations, applied at start. Kysely's migrator takes a lock, so several
// instances starting together on PostgreSQL apply each migration once.
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './index.js';
import * as dataModel from './migrations/0001_data_model.js';
import * as promptHistory from './migrations/0002_prompt_history.js';
import * as browseIndexes from './migrations/0003_browse_indexes.js';
import * as followUpAudio from './migrations/0004_follow_up_audio.js';
import * as searchIndex from './migrations/0005_search_index.js';
import * as searchFilterIndex from './migrations/0006_search_filter_index.js';
import * as contentVersion from './migrations/0007_content_version.js';
import * as timelineRemovals from './migrations/0008_timeline_removals.js';
import * as aiCalls from './migrations/0009_ai_calls.js';
import * as memoryAudience from './migrations/0010_memory_audience.js';
import * as idempotencyKeys from './migrations/0011_idempotency_keys.js';
import * as dropContentVersion from './migrations/0012_drop_content_version.js';
import * as searchShortTerms from './migrations/0013_search_short_terms.js';
import * as jobs from './migrations/0014_jobs.js';
import * as transcriptionStatus from './migrations/0015_transcription_status.js';
import * as storytellers from './migrations/0016_storytellers.js';
import * as passwordResets from './migrations/0017_password_resets.js';
import * as notificationMail from './migrations/0018_notification_mail.js';
import * as books from './migrations/0019_books.js';
import * as archives from './migrations/0020_archives.js';

const migrations: Record<string, Migration> = {
  '0001_data_model': dataModel,
  '0002_prompt_history': promptHistory,
  '0003_browse_indexes': browseIndexes,
  '0004_follow_up_audio': followUpAudio,
  '0005_search_index': searchIndex,
  '0006_search_filter_index': searchFilterIndex,
  '0007_content_version': contentVersion,
  '0008_timeline_removals': timelineRemovals,
  '0009_ai_calls': aiCalls,
  '0010_memory_audience': memoryAudience,
  '0011_idempotency_keys': idempotencyKeys,
  '0012_drop_content_version': dropContentVersion,
  '0013_search_short_terms': searchShortTerms,
  '0014_jobs': jobs,
  '0015_transcription_status': transcriptionStatus,
  '0016_storytellers': storytellers,
  '0017_password_resets': passwordResets,
  '0018_notification_mail': notificationMail,
  '0019_books': books,
  '0020_archives': archives,
};

/** Every migration this code knows, oldest first (a backup made by a newer Heirloom names one more). */
export const migrationNames = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` names the PostgreSQL schema to keep Kysely's own bookkeeping in: without it the
 * migrator may find another schema's lock table on the search path (tests run one schema
 * per file, side by side).
 */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateToLatest());
}

/** Up to and including `name`: a migration's test writes rows as they were before the next one. */
export async function migrateUpTo(db: Db, name: string, schema?: string): Promise<void> {
  await migrate(db, schema, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, schema: string | undefined, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
