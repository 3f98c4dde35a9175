// DESIGN "One honest fast path": one writer per table. Every table of the migrated database
// has one owning feature, the only folder whose code inserts, updates or deletes its rows; any
// other feature changes them by calling the owner's index.ts, inside its own transaction
// (the owners' functions take the caller's `db`). A new table fails the first test until it
// has an owner here; a write from another folder fails the second, naming file and table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';

/** A folder of server/ (the feature), and why the table is its. */
interface Owner {
  owner: string;
  why: string;
}

const TABLE_OWNERS: Record<string, Owner> = {
  users: { owner: 'users', why: "a person's account; sign-up and password changes (auth), joining a family (families) and a default timeline (timelines) call users/index.ts" },
  identities: { owner: 'auth', why: 'the OIDC subjects a person signs in as' },
  sessions: { owner: 'auth', why: 'sign-in sessions' },
  sign_in_failures: { owner: 'auth', why: 'the sign-in limits' },
  password_resets: { owner: 'auth', why: "password reset links (their tokens' hashes), made by Forgot password? and npm run user:reset-link through auth/index.ts" },
  families: { owner: 'families', why: 'families and their merge' },
  family_invites: { owner: 'families', why: "a family's invites" },
  timelines: { owner: 'timelines', why: 'timelines' },
  timeline_members: { owner: 'timelines', why: 'who belongs to a timeline: created, invited, removed' },
  timeline_invites: { owner: 'timelines', why: "a timeline's invites" },
  timeline_removals: { owner: 'timelines', why: 'when a member was removed (ends older invites)' },
  memories: {
    owner: 'memories',
    why: "memories; a family merge moves them (families) and a timeline's deletion deletes those filed only on it (timelines) through memories/index.ts",
  },
  memory_timelines: { owner: 'memories', why: 'where a memory is filed, chosen when it is made or retimed' },
  memory_shares: { owner: 'memories', why: "a memory's sharedWith; members leaving a timeline (timelines) and a family merge (families) change it through memories/index.ts" },
  memory_tags: { owner: 'memories', why: "a memory's tags" },
  follow_up_responses: { owner: 'memories', why: "a memory's follow-up answers, saved with it and transcribed into it" },
  media: {
    owner: 'media',
    why: 'the row of every stored file: media/ is the one intake for files (DESIGN "Files"); memories, comments and avatars record and forget theirs through media/index.ts',
  },
  uploads: { owner: 'uploads', why: 'direct uploads before their memory exists; memories and timelines attach and forget them through uploads/index.ts' },
  comments: { owner: 'comments', why: 'comments and their transcriptions' },
  notifications: { owner: 'notifications', why: 'written by its listeners of the events the other features raise' },
  daily_prompts: { owner: 'prompts', why: "a person's prompt of the day" },
  prompt_history: { owner: 'prompts', why: 'the prompts already given, so none repeats soon' },
  ai_calls: { owner: 'ai-limits', why: 'the AI calls counted against the per-user limits' },
  idempotency_keys: { owner: 'idempotency', why: 'the Idempotency-Keys of creates, written first in their transaction' },
  memory_search_rows: { owner: 'search', why: "SQLite's search index: written only by the triggers of migration 0005, in the memory's own transaction" },
  memory_search: { owner: 'search', why: "SQLite's FTS5 index (its shadow tables are SQLite's own): written only by the same triggers" },
  memory_search_terms: { owner: 'search', why: "SQLite's read-only view (fts5vocab) of memory_search's terms, which nothing writes" },
  storytellers: { owner: 'storytellers', why: "a storyteller's link and reminder; the storyteller's users row and membership come through users/index.ts and timelines/index.ts" },
  books: { owner: 'books', why: "a family book: its request, progress and PDF" },
  listen_links: { owner: 'listen', why: "a memory's listen code; a book gets its token through listen/index.ts" },
  archives: { owner: 'archives', why: "a person's archive of everything they may view: its request, progress and zip" },
  questions: { owner: 'questions', why: "the family's questions; a story sent by link marks its question answered through questions/index.ts" },
  jobs: { owner: 'jobs', why: 'the job queue: features enqueue through jobs/index.ts (enqueueJob), and only its runner claims and settles' },
  kysely_migration: { owner: 'db', why: "the migrator's own record (db/migrate.ts, through Kysely's Migrator)" },
  kysely_migration_lock: { owner: 'db', why: "the migrator's own lock" },
};

const serverDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Source that writes any table, and why it may:
 * - tests and their support (factories, `test-support.ts`) put in place the rows a test starts
 *   from, as no route would (a member who joined yesterday, a comment of last year);
 * - migrations make and backfill the tables themselves, before any feature runs;
 * - ops/ copies every table whole for backups, and a restore writes every row back as it was;
 *   an import (ops/import) brings an archive's rows into any instance, as an operator's tool
 *   beside restore, keeping every id the archive names.
 */
function exempt(path: string): boolean {
  return (
    path.endsWith('.test.ts') ||
    path.endsWith('.d.ts') ||
    /(^|[/-])test-support\.ts$/.test(path) ||
    path.startsWith('test/') ||
    path.startsWith('db/migrations/') ||
    path.startsWith('ops/')
  );
}

interface Write {
  table: string;
  line: number;
  how: string;
}

const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const RAW_WRITE = /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/gi;

/**
 * Every write in a file's source: Kysely's insertInto('t'), updateTable('t'), deleteFrom('t')
 * (a table named by anything but a literal counts as '?'), and raw SQL `insert into t`,
 * `update t`, `delete from t` in any string or template naming one of `tables`. Comments are
 * not code, so they never count.
 */
export function writesIn(source: string, tables: ReadonlySet<string>): Write[] {
  const file = ts.createSourceFile('scan.ts', source, ts.ScriptTarget.Latest, true);
  const writes: Write[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KYSELY_WRITES.has(node.expression.name.text)) {
      const [target] = node.arguments;
      const named = target && ts.isStringLiteralLike(target) ? target.text.trim().split(/\s+as\s+/i)[0]! : '?';
      writes.push({ table: named, line: lineOf(node), how: node.expression.name.text });
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      for (const [, how, table] of node.text.matchAll(RAW_WRITE)) {
        if (tables.has(table!)) writes.push({ table: table!, line: lineOf(node), how: how!.toLowerCase().replace(/\s+/g, ' ') });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return writes;
}

/** server/'s TypeScript files, as paths relative to it with '/' between folders. */
function serverSources(): string[] {
  return (readdirSync(serverDir, { recursive: true }) as string[])
    .filter((path) => path.endsWith('.ts'))
    .map((path) => relative(serverDir, join(serverDir, path)).split(sep).join('/'))
    .sort();
}

describe('one writer per table', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
  });
  afterAll(() => handle.close());

  it('gives every table of the migrated database one owning feature, and names no table that is not there', async () => {
    // 'shadow' tables are FTS5's own storage of memory_search; sqlite_* are SQLite's.
    const { rows } = await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type in ('table', 'virtual') and name not like 'sqlite_%'`.execute(handle.db);
    const live = rows.map((row) => row.name).sort();
    expect(live.filter((table) => !(table in TABLE_OWNERS)), 'tables without an owner in TABLE_OWNERS').toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !live.includes(table)), 'TABLE_OWNERS names tables the migrations do not make').toEqual([]);
  });

  it('names a folder of server/ as each owner', () => {
    const folders = new Set(serverSources().map((path) => path.split('/')[0]));
    for (const [table, { owner }] of Object.entries(TABLE_OWNERS)) expect(folders, `the owner of ${table}`).toContain(owner);
  });

  it("writes each table only from its owner's folder (tests, migrations and ops/ excepted)", () => {
    const tables = new Set(Object.keys(TABLE_OWNERS));
    const strays: string[] = [];
    for (const path of serverSources().filter((candidate) => !exempt(candidate))) {
      const folder = path.includes('/') ? path.split('/')[0] : '(server/)';
      for (const { table, line, how } of writesIn(readFileSync(join(serverDir, path), 'utf8'), tables)) {
        const owner = TABLE_OWNERS[table]?.owner;
        if (owner !== folder) strays.push(`server/${path}:${line} ${how} ${table}, owned by ${owner ?? 'no feature'}`);
      }
    }
    expect(strays, 'writes outside the owning feature: call its index.ts instead').toEqual([]);
  });

  it('finds Kysely and raw SQL writes, and none in comments', () => {
    const tables = new Set(['memories', 'media', 'uploads']);
    const source = [
      "await db.insertInto('media').values(row).execute();",
      "await trx.updateTable('memories as m').set({ title }).execute();",
      'await db.deleteFrom(name).execute();',
      "await sql`DELETE FROM uploads where storage_key = ${key}`.execute(db);",
      "await sql`insert or ignore into \"memories\" select ${x}`.execute(db);",
      "// deleteFrom('uploads') and update memories in a comment are not writes",
      "db.selectFrom('media'); const words = 'update the page';",
    ].join('\n');
    expect(writesIn(source, tables).map(({ table, line, how }) => `${line} ${how} ${table}`)).toEqual([
      '1 insertInto media',
      '2 updateTable memories',
      '3 deleteFrom ?',
      '4 delete from uploads',
      '5 insert or ignore into memories',
    ]);
  });

  it('holds each exemption to what it says', () => {
    expect(['memories/queries.ts', 'db/kept.ts', 'app.ts', 'memories/test-supportive.ts'].filter(exempt)).toEqual([]);
    expect(['ops/restore.ts', 'db/migrations/0001_data_model.ts', 'test/factories.ts', 'search/test-support.ts', 'memories/edit-test-support.ts', 'users/users.test.ts'].every(exempt)).toBe(true);
  });
});
