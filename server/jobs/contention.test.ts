// Several instances on one database share the queue (issue 22 "Tests and measures"): 200 jobs,
// 4 runners, each on its own connection (its own pool on PostgreSQL), each running 4 jobs at
// once, all claiming together. Every job runs exactly once and never twice at the same time.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { enqueueJob, jobsOf, JobRunner } from './index.js';
import { keptLog } from './test-support.js';

const JOBS = 200;
const RUNNERS = 4;

describe.each(dialects)('four runners on one %s database', (dialect) => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const schema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db)).rows[0]!.schema : undefined;
    for (let index = 0; index < RUNNERS; index++) handles.push(openDatabase(t.ctx.config.databaseUrl, { schema }));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await t.close();
  });

  it(`run each of ${JOBS} jobs exactly once, never two at once, and share them`, async () => {
    const ids = new Set<string>();
    for (let index = 0; index < JOBS; index++) ids.add(await enqueueJob(t.ctx.db, { kind: 'contended', payload: { index } }));

    const runs = new Map<string, number>();
    const active = new Set<string>();
    const overlaps: string[] = [];
    const byRunner = new Map<string, number>();
    const runners = handles.map(
      (handle, index) =>
        new JobRunner({
          db: handle.db,
          dialect,
          log: keptLog(),
          instanceId: `runner-${index}`,
          handlers: {
            contended: {
              concurrency: 4,
              run: async (_payload, job) => {
                if (active.has(job.id)) overlaps.push(job.id);
                active.add(job.id);
                runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
                byRunner.set(`runner-${index}`, (byRunner.get(`runner-${index}`) ?? 0) + 1);
                // Yield to the other runners' claims while this job "works".
                await new Promise((resolve) => setImmediate(resolve));
                active.delete(job.id);
              },
            },
          },
        }),
    );
    await Promise.all(runners.map((runner) => runner.drain()));

    expect(overlaps).toEqual([]);
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    const rows = await jobsOf(t.ctx.db, { kind: 'contended' });
    expect(rows.map((row) => [row.state, row.attempts]).filter(([state, attempts]) => state !== 'done' || attempts !== 1)).toEqual([]);
    expect(new Set(rows.map((row) => row.id))).toEqual(ids);
    // The runners really competed: more than one of them ran jobs.
    expect(byRunner.size).toBeGreaterThan(1);
  });
});
