// Test helpers for backups: the configuration of a test app as the operator's tools see it,
// fresh targets to restore into, every row and every file of an instance to compare, and
// the CLI run as its own process.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createContext } from '../context.js';
import { openDatabase, type Dialect } from '../db/index.js';
import { openConfiguredDatabase } from '../db/open.js';
import { createMediaStore } from '../providers/storage/index.js';
import { formBody, imageOf } from '../media/test-support.js';
import { audioFile, imageFile, memoryFields, wavBytes } from '../memories/test-support.js';
import type { TestApp } from '../test/app.js';
import type { MadeUser } from '../test/factories.js';
import type { OpsConfig } from './backup.js';
import { runCommand } from './commands.js';
import { postgresTables } from './database-postgres.js';
import { sqliteTables } from './database-sqlite.js';
import { heirloomTables } from './tables.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The instance behind a test app, as DATA_DIR, DATABASE_URL and DATABASE_SCHEMA name it. */
export async function configOf(t: TestApp): Promise<OpsConfig> {
  const config = t.ctx.config;
  if (t.ctx.dialect === 'sqlite') return config;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db);
  return { ...config, databaseSchema: rows[0]!.schema };
}

export interface Target {
  config: Config;
  /** The variables naming it, for the CLI. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An empty place to restore into: a new DATA_DIR and, on PostgreSQL, a schema not yet made. */
export function freshTarget(dialect: Dialect, extraEnv: Record<string, string> = {}): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-restore-'));
  const schema = `restore_${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
    ...extraEnv,
  };
  const config = loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(32) });
  return {
    config,
    env,
    async close() {
      if (dialect === 'postgres') {
        const admin = openDatabase(config.databaseUrl);
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The variables that name `config`'s instance, for the CLI. */
export function envOf(config: OpsConfig, extraEnv: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl,
    ...(config.databaseSchema ? { DATABASE_SCHEMA: config.databaseSchema } : {}),
    ...extraEnv,
  };
}

export type Row = Record<string, unknown>;
/** Every row of every Heirloom table in primary-key order, read as the app reads them. */
export type TableRows = Record<string, Row[]>;

export async function rowsOf(config: OpsConfig): Promise<TableRows> {
  const handle = await openConfiguredDatabase(config);
  try {
    const present = handle.dialect === 'sqlite' ? await sqliteTables(handle.db) : await postgresTables(handle.db);
    const tables: TableRows = {};
    for (const { name, primaryKey } of heirloomTables) {
      if (!present.has(name)) continue;
      const order = sql.join(primaryKey.map((column) => sql.ref(column)));
      tables[name] = (await sql<Row>`select * from ${sql.table(name)} order by ${order}`.execute(handle.db)).rows;
    }
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    tables.kysely_migration = rows;
    return tables;
  } finally {
    await handle.close();
  }
}

/** Every stored media file's bytes, by key. */
export async function filesOf(config: OpsConfig): Promise<Map<string, Buffer>> {
  const media = await createMediaStore(config);
  try {
    const files = new Map<string, Buffer>();
    for await (const { key } of media.list()) {
      const object = await media.get(key);
      if (object) files.set(key, await buffer(object.body));
    }
    return files;
  } finally {
    media.close?.();
  }
}

/** An app serving a restored instance, to show it works as the original did. */
export async function appOn(config: Config): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const handle = await openConfiguredDatabase(config);
  const media = await createMediaStore(config);
  const app = await buildApp({ ctx: createContext({ db: handle.db, dialect: handle.dialect, config, media, now: () => new Date() }) });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      media.close?.();
      await handle.close();
    },
  };
}

/** A memory with a photo (three files) and a voice recording, made through the API; its id. */
export async function createMemory(t: TestApp, creator: MadeUser, timelineId: string, title: string): Promise<string> {
  const { payload, headers } = await formBody([
    ...memoryFields({ title, content: `Written as ${title}`, timelineIds: [timelineId] }),
    imageFile(await (photo ??= imageOf('png', 64, 48))),
    audioFile(recording),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  if (response.statusCode !== 201) throw new Error(`POST /api/memories answered ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

let photo: Promise<Buffer> | undefined;
const recording = wavBytes(4_000);

export const primaryKeyOf = (table: string, row: Row): string =>
  (heirloomTables.find((candidate) => candidate.name === table)?.primaryKey ?? ['name']).map((column) => String(row[column])).join('/');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run backup|backup:verify|restore` as the launcher runs it, in a process of its own;
 * another of the operator's tools with `entry` (e.g. 'server/ops/reset-link.ts').
 */
export function runCli(args: string[], env: Record<string, string>, entry = 'server/ops/cli.ts'): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // Only what the tools read: nothing of this process's own database settings leaks in.
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, entry), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface InProcessRun {
  code: number;
  said: string[];
  complaints: string[];
}

/** The same command without a process of its own: its lines and exit code. */
export async function runInProcess(args: string[], env: Record<string, string>): Promise<InProcessRun> {
  const said: string[] = [];
  const complaints: string[] = [];
  const code = await runCommand(args, env, { say: (line) => said.push(line), complain: (line) => complaints.push(line) });
  return { code, said, complaints };
}

export const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');
