// Builds a real app on a real database for API tests: SQLite always, PostgreSQL too when
// TEST_DATABASE_URL is set (each test file gets its own schema, dropped afterwards).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jobsOf, type JobRunner } from '../jobs/index.js';
import { sql } from 'kysely';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { openDatabase, type Dialect } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { createMediaStore } from '../providers/storage/index.js';

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_ORIGIN = 'http://heirloom.test';

/** settleJobs: at least every retry a job has (5 by default), and the longest back-off (jobs/backoff.ts). */
const SETTLE_ROUNDS = 12;
const BACKOFF_CEILING_MS = 60 * 60_000;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's job runner, not polling: a test runs the jobs due with `t.jobs.drain()` (on the app's clock). */
  jobs: JobRunner;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /**
   * Runs every job to its end: drains what is due, then moves the clock past each back-off and
   * drains again, until none is queued (a job that always fails ends failed, with its retries).
   */
  settleJobs(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<AppOptions, 'ctx'> {
  env?: Record<string, string>;
}

export async function makeTestApp(dialect: Dialect, { env = {}, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-test-'));
  const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The configuration names the schema too, so a tool given it (an ops command) finds this app's tables.
    ...(schema ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });

  if (schema) {
    const admin = openDatabase(config.databaseUrl);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
  }
  const handle = openDatabase(config.databaseUrl, { schema });
  await migrateToLatest(handle.db, schema);

  let offset = 0;
  const media = await createMediaStore(config);
  const ctx: AppContext = createContext({ db: handle.db, dialect, config, media, now: () => new Date(Date.now() + offset) });
  const app = await buildApp({ ctx, registerLimit: 1000, startJobs: false, ...options });
  await app.ready();

  return {
    app,
    ctx,
    jobs: app.jobs,
    advance: (ms) => {
      offset += ms;
    },
    async settleJobs() {
      for (let round = 0; round < SETTLE_ROUNDS; round++) {
        await app.jobs.drain();
        if ((await jobsOf(handle.db, { state: 'queued' })).length === 0) return;
        offset += BACKOFF_CEILING_MS;
      }
      throw new Error(`Jobs still queued after ${SETTLE_ROUNDS} rounds of retries`);
    },
    async close() {
      // A test that listened may end with a request still in flight (a screen's refetch as it is
      // unmounted). Its connection is kept alive when it ends and would hold the server's close
      // for Fastify's 72 s; as in main.ts's shutdown, it closes a moment after instead.
      app.server.keepAliveTimeout = 1;
      await app.close();
      media.close?.();
      await handle.close();
      if (schema) {
        const admin = openDatabase(config.databaseUrl);
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pair of a Set-Cookie header, ready to send back as a Cookie header. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const session = cookies.find((cookie): cookie is string => typeof cookie === 'string' && /^(__Host-)?sid=[^;]+/.test(cookie));
  if (!session) throw new Error('The response set no session cookie');
  return session.split(';')[0]!;
}
