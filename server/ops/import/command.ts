// npm run import -- FILE.zip [--dry-run] (issue 25 "Bringing it back"): verifies the whole
// archive, then brings it into the configured database and media store, or with --dry-run
// says what it would add and changes nothing. Exit codes: 0 done, 1 refused or failed (the
// lines say why), 2 not understood.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../../config.js';
import { dialectOf, openDatabase, type Db } from '../../db/index.js';
import { openConfiguredDatabase } from '../../db/open.js';
import { createMediaStore, type MediaStore } from '../../providers/storage/index.js';
import type { CommandIo } from '../commands.js';
import { sqliteFileOf } from '../database-sqlite.js';
import { OpsError } from '../errors.js';
import { openBag } from './bag.js';
import { countOf, importKinds, type ImportCounts, type ImportResult } from './counts.js';
import { verifyBag } from './verify.js';
import { importBag } from './write.js';

const USAGE = 'Usage: npm run import -- FILE.zip [--dry-run]';

export interface ImportHooks {
  /** Tests: the media store as the import sees it (one that fails part way, as a kill would). */
  wrapStore?: (store: MediaStore) => MediaStore;
}

export async function runArchiveImport(argv: string[], env: NodeJS.ProcessEnv, io: CommandIo, hooks: ImportHooks = {}): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const rest = argv.filter((word) => word !== '--dry-run');
  const option = rest.find((word) => word.startsWith('-'));
  if (option || rest.length !== 1) {
    io.complain(option ? `Unknown option ${option}. ${USAGE}` : `Name one archive (a .zip). ${USAGE}`);
    return 2;
  }
  // npm runs scripts from the package's folder; a relative FILE means the operator's own.
  const file = resolve(env.INIT_CWD ?? process.cwd(), rest[0]!);
  try {
    // This tool signs nothing: without a secret, loadConfig would make DATA_DIR/session-secret.
    const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || 'x'.repeat(32) });
    return await importArchive(config, file, dryRun, io, hooks);
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      for (const line of error.message.split('\n')) io.complain(line);
      return 1;
    }
    throw error;
  }
}

async function importArchive(config: Config, file: string, dryRun: boolean, { say, complain }: CommandIo, hooks: ImportHooks): Promise<number> {
  if (!existsSync(file)) throw new OpsError(`Nothing was imported: there is no ${file}`);
  const bag = await openBag(file);
  try {
    say(`Checking ${file}: every file's SHA-256 and every record, before anything is written`);
    const verification = await verifyBag(bag, say);
    if (!verification.ok) {
      for (const problem of verification.problems) complain(problem);
      complain(`Nothing was imported: the archive failed its checks (${verification.problems.length === 1 ? 'the problem above' : 'the problems above'}).`);
      return 1;
    }
    const { header } = verification.verified;
    say(`The archive is sound: made ${header.exportedAt} by ${header.exportedBy.displayName} (${header.generator}), ${countOf('memories', header.counts.memories)} and ${countOf('files', header.counts.files)}`);

    if (dryRun) {
      const db = await existingDatabase(config);
      try {
        const result = await importBag({ db: db?.db ?? null, media: unusedStore }, bag, verification.verified, false);
        report(result, true, config, say);
      } finally {
        await db?.close();
      }
      say('Dry run: nothing was changed.');
      return 0;
    }

    say(`Importing into ${whereTo(config)}`);
    const handle = await openConfiguredDatabase(config, { migrate: true });
    const store = await createMediaStore(config);
    try {
      const result = await importBag({ db: handle.db, media: hooks.wrapStore?.(store) ?? store, log: say }, bag, verification.verified, true);
      report(result, false, config, say);
      say('Import complete.');
      return 0;
    } finally {
      store.close?.();
      await handle.close();
    }
  } finally {
    bag.close();
  }
}

/** A dry run stores nothing; reaching for the store would be a fault of this module. */
const unusedStore = new Proxy({} as MediaStore, {
  get() {
    throw new Error('A dry run stores no file');
  },
});

/**
 * The database as it is, for a dry run: not made and not migrated, since that would be a
 * change. Null when there is none yet (everything in the archive would be added).
 */
async function existingDatabase(config: Config): Promise<{ db: Db; close(): Promise<void> } | null> {
  if (dialectOf(config.databaseUrl) === 'sqlite') {
    if (!existsSync(sqliteFileOf(config.databaseUrl))) return null;
  } else if (config.databaseSchema) {
    const admin = openDatabase(config.databaseUrl);
    try {
      const { rows } = await sql`select 1 from pg_namespace where nspname = ${config.databaseSchema}`.execute(admin.db);
      if (rows.length === 0) return null;
    } finally {
      await admin.close();
    }
  }
  const handle = openDatabase(config.databaseUrl, { schema: config.databaseSchema ?? undefined });
  const { rows } = await sql`select 1 from ${sql.table('kysely_migration')} limit 1`.execute(handle.db).catch(() => ({ rows: [] }));
  if (rows.length === 0) {
    await handle.close();
    return null;
  }
  return handle;
}

function whereTo(config: Config): string {
  const database = dialectOf(config.databaseUrl) === 'sqlite' ? 'the SQLite database' : `PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}`;
  return `${database} and ${config.storage === 's3' ? `the S3 bucket ${config.s3?.bucket}` : 'the local media folder'}`;
}

const listOf = (counts: ImportCounts, field: 'added' | 'already') =>
  importKinds.filter((kind) => counts[kind][field] > 0).map((kind) => countOf(kind, counts[kind][field])).join(', ');

function report({ counts, matched, withoutPassword }: ImportResult, dryRun: boolean, config: Config, say: (line: string) => void): void {
  const added = listOf(counts, 'added');
  const already = listOf(counts, 'already');
  say(added ? `${dryRun ? 'Would add' : 'Added'}: ${added}` : `Nothing ${dryRun ? 'would be' : 'was'} added: everything in the archive is here already.`);
  if (already) say(`Already here, left as they are: ${already}`);
  for (const person of matched) say(`${person.name} (${person.email}) is an account here already: ${dryRun ? 'their records would name it' : 'their records now name it'}.`);
  if (withoutPassword.length === 0) return;
  say(`${dryRun ? 'Would create' : 'Created'} ${countOf('people', withoutPassword.length)} without a password: ${withoutPassword.map((person) => `${person.name} (${person.email})`).join(', ')}.`);
  say(config.mail
    ? 'They set one with "Forgot password?" on the sign-in page, or you print each a link with: npm run user:reset-link -- EMAIL'
    : 'This server sends no mail (SMTP_URL is not set): print each a link with npm run user:reset-link -- EMAIL and pass it on.');
}
