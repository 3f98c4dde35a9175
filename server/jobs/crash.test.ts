// A process killed with SIGKILL in the middle of a job loses nothing (issue 22 "Tests and
// measures"): a runner in a child process claims a job and is killed while running it; the
// job stays, still leased to the dead process, until the lease expires, and then another
// runner claims it and finishes it. On a SQLite file and on a PostgreSQL schema.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { enqueueJob, jobsOf, JobRunner } from './index.js';
import { heldClock, keptLog } from './test-support.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The runner's default lease. */
const LEASE_MS = 60_000;

describe.each(dialects)('a runner killed mid-job on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('loses nothing: the job is claimed again once its lease expires, and finished', { timeout: 60_000 }, async () => {
    const id = await enqueueJob(t.ctx.db, { kind: 'recording', payload: { memoryId: 'm1' } });
    const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db)).rows[0]!.schema : '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/jobs/crash-child-test-support.ts'], {
      cwd: projectRoot,
      env: { ...process.env, JOBS_CHILD_DATABASE_URL: t.ctx.config.databaseUrl, JOBS_CHILD_SCHEMA: schema },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    try {
      const running = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The child never ran the job:\n${output}`)), 45_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const line = /RUNNING (\S+) (\d+)/.exec(output);
          if (line) {
            clearTimeout(timer);
            resolve(`${line[1]}#${line[2]}`);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then(() => reject(new Error(`The child exited before running the job:\n${output}`)));
      });
      expect(running).toBe(`${id}#1`);
      expect(await jobsOf(t.ctx.db, { kind: 'recording' })).toMatchObject([{ id, state: 'running', attempts: 1, lease_owner: `child-${child.pid}` }]);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      child.kill('SIGKILL');
    }

    // Killed: the job is still there, leased to the dead process.
    const [afterKill] = await jobsOf(t.ctx.db, { kind: 'recording' });
    expect(afterKill).toMatchObject({ id, state: 'running', attempts: 1, lease_owner: `child-${child.pid}` });

    const finished: string[] = [];
    const handlers = { recording: { run: async (_payload: unknown, job: { id: string; attempt: number }) => void finished.push(`${job.id}#${job.attempt}`) } };
    // Before the lease expires no one takes it (the process might only be slow).
    await new JobRunner({ db: t.ctx.db, dialect, log: keptLog(), handlers, now: heldClock(new Date(new Date(afterKill!.lease_expires_at!).getTime() - 1_000)).now }).drain();
    expect(finished).toEqual([]);
    // After it, another instance does, and finishes it.
    await new JobRunner({ db: t.ctx.db, dialect, log: keptLog(), handlers, now: heldClock(new Date(Date.now() + LEASE_MS + 1_000)).now }).drain();
    expect(finished).toEqual([`${id}#2`]);
    expect(await jobsOf(t.ctx.db, { kind: 'recording' })).toMatchObject([{ id, state: 'done', attempts: 2, lease_owner: null }]);
  });
});
