// The job queue on each database (issue 22 "Tests and measures"; DESIGN "Work that outlives a
// request"): a job runs once and is kept done; a failing one waits longer after each attempt,
// then fails for good with its error; a job whose instance died is claimed again once its
// lease expires (and not before, while a heartbeat renews it); a dedupe key; kinds this
// instance has no handler for; a stop that gives unfinished jobs back; the pruning of done
// jobs. Clocks are moved, never slept on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { backoffMs } from './backoff.js';
import { enqueueJob, jobsOf, JobRunner, type JobHandler, type JobPayload } from './index.js';
import { deferred, heldClock, keptLog } from './test-support.js';

const SECOND = 1_000;
const LEASE_MS = 60 * SECOND;

describe('the back-off after a failed attempt', () => {
  it('is between half and all of 2^attempt × 5 s, and at most an hour', () => {
    expect(backoffMs(1, () => 0)).toBe(5_000);
    expect(backoffMs(1, () => 1)).toBe(10_000);
    expect(backoffMs(3, () => 0.5)).toBe(30_000);
    expect(backoffMs(30, () => 1)).toBe(60 * 60_000);
  });
});

describe.each(dialects)('the job queue on %s', (dialect) => {
  let t: TestApp;
  const greeted: JobPayload[] = [];
  beforeAll(async () => {
    t = await makeTestApp(dialect, { jobHandlers: { greet: { run: async (payload) => void greeted.push(payload) } } });
  });
  afterAll(() => t.close());

  /** A runner on the test's database with its own clock and log. */
  const runnerWith = (handlers: Record<string, JobHandler>, clock = heldClock(t.ctx.now())) => {
    const log = keptLog();
    return { runner: new JobRunner({ db: t.ctx.db, dialect, log, handlers, now: clock.now }), log, clock };
  };

  it("runs an enqueued job once on the app's runner and keeps it done", async () => {
    const id = await enqueueJob(t.ctx.db, { kind: 'greet', payload: { name: 'Grandma Rose' } });
    expect((await jobsOf(t.ctx.db, { kind: 'greet' })).map((job) => [job.id, job.state, job.attempts])).toEqual([[id, 'queued', 0]]);
    await t.jobs.drain();
    await t.jobs.drain();
    expect(greeted).toEqual([{ name: 'Grandma Rose' }]);
    const [job] = await jobsOf(t.ctx.db, { kind: 'greet' });
    expect(job).toMatchObject({ id, state: 'done', attempts: 1, lease_owner: null, lease_expires_at: null, last_error: null, payload: { name: 'Grandma Rose' } });
  });

  it('drains the work a job enqueued when that job ended before its claim round did', async () => {
    // A round claims kind by kind: 'then' is asked for before 'first' runs, and the round is
    // still asking for the kinds after 'first' when 'first' has enqueued 'then' and ended. So
    // the round ends with nothing running, and a drain that stopped there left 'then' queued
    // and due (seen as a members' mail that never went, server/notifications/mail.test.ts).
    const ran: string[] = [];
    const clock = heldClock(t.ctx.now());
    const laterKinds = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`later-${n}`, { run: async () => undefined }]));
    const { runner } = runnerWith(
      {
        then: { run: async () => void ran.push('then') },
        first: {
          run: async () => {
            ran.push('first');
            await enqueueJob(t.ctx.db, { kind: 'then', payload: {} }, clock.now());
          },
        },
        ...laterKinds,
      },
      clock,
    );
    await enqueueJob(t.ctx.db, { kind: 'first', payload: {} }, clock.now());
    await runner.drain();
    expect(ran).toEqual(['first', 'then']);
    expect((await jobsOf(t.ctx.db, { kind: 'then' })).map((job) => job.state)).toEqual(['done']);
  });

  it('stores a job enqueued in a transaction only when the transaction commits', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, { kind: 'rolled-back', payload: {} });
        throw new Error('the row it was about was refused');
      }),
    ).rejects.toThrow('refused');
    const id = await t.ctx.db.transaction().execute((trx) => enqueueJob(trx, { kind: 'committed', payload: {} }));
    expect(await jobsOf(t.ctx.db, { kind: 'rolled-back' })).toEqual([]);
    expect((await jobsOf(t.ctx.db, { kind: 'committed' })).map((job) => job.id)).toEqual([id]);
  });

  it('retries a failing job after 5–10 s, then 10–20 s, then fails it for good with its last error kept and logged', async () => {
    const attempts: number[] = [];
    const { runner, log, clock } = runnerWith({
      flaky: {
        maxAttempts: 3,
        run: async (_payload, job) => {
          attempts.push(job.attempt);
          throw new Error(`The engine is unavailable (attempt ${job.attempt})`);
        },
      },
    });
    const id = await enqueueJob(t.ctx.db, { kind: 'flaky', payload: {} }, clock.now());
    const waitAfterLastAttempt = async () => {
      const [job] = await jobsOf(t.ctx.db, { kind: 'flaky' });
      return new Date(job!.run_after).getTime() - clock.now().getTime();
    };

    await runner.drain();
    expect(await jobsOf(t.ctx.db, { kind: 'flaky' })).toMatchObject([{ id, state: 'queued', attempts: 1, last_error: 'The engine is unavailable (attempt 1)', lease_owner: null }]);
    expect(await waitAfterLastAttempt()).toBeGreaterThanOrEqual(5 * SECOND);
    expect(await waitAfterLastAttempt()).toBeLessThanOrEqual(10 * SECOND);
    // Not due yet: nothing runs.
    await runner.drain();
    expect(attempts).toEqual([1]);

    clock.advance(10 * SECOND);
    await runner.drain();
    expect(attempts).toEqual([1, 2]);
    expect(await waitAfterLastAttempt()).toBeGreaterThanOrEqual(10 * SECOND);
    expect(await waitAfterLastAttempt()).toBeLessThanOrEqual(20 * SECOND);

    clock.advance(20 * SECOND);
    await runner.drain();
    clock.advance(24 * 60 * 60 * SECOND);
    await runner.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await jobsOf(t.ctx.db, { kind: 'flaky' })).toMatchObject([{ id, state: 'failed', attempts: 3, last_error: 'The engine is unavailable (attempt 3)', lease_owner: null }]);
    expect(log.lines.filter((line) => line.level === 'error').map((line) => [line.object.jobId, line.object.kind])).toEqual([[id, 'flaky']]);
    expect(log.lines.filter((line) => line.level === 'warn').map((line) => line.object.jobId)).toEqual([id, id]);
  });

  it("claims a job again once its instance's lease has expired, not while a heartbeat renews it, and the stalled instance stops on losing it", async () => {
    const started = deferred();
    const stalledOutcome = deferred<string>();
    const stalled = runnerWith({
      voice: {
        leaseMs: LEASE_MS,
        run: (_payload, job) =>
          new Promise<void>((_resolve, reject) => {
            started.resolve();
            job.signal.addEventListener('abort', () => {
              stalledOutcome.resolve('aborted');
              reject(new Error('aborted'));
            });
          }),
      },
    });
    const id = await enqueueJob(t.ctx.db, { kind: 'voice', payload: { recording: 'r1' } }, stalled.clock.now());
    const stalledDrain = stalled.runner.drain();
    await started.promise;
    expect(await jobsOf(t.ctx.db, { kind: 'voice' })).toMatchObject([{ id, state: 'running', attempts: 1, lease_owner: stalled.runner.instanceId }]);

    const ranHere: string[] = [];
    const rescuer = runnerWith({ voice: { leaseMs: LEASE_MS, run: async (_payload, job) => void ranHere.push(`${job.id}#${job.attempt}`) } }, heldClock(stalled.clock.now()));
    await rescuer.runner.drain();
    expect(ranHere).toEqual([]);

    // 50 s on, the running instance's heartbeat pushes its lease to 110 s: at 61 s it is still held.
    stalled.clock.advance(50 * SECOND);
    await stalled.runner.heartbeat();
    rescuer.clock.advance(61 * SECOND);
    await rescuer.runner.drain();
    expect(ranHere).toEqual([]);

    // Then the instance stops renewing (it died, or stalls): past 110 s anyone may claim it.
    rescuer.clock.advance(50 * SECOND);
    await rescuer.runner.drain();
    expect(ranHere).toEqual([`${id}#2`]);
    expect(await jobsOf(t.ctx.db, { kind: 'voice' })).toMatchObject([{ id, state: 'done', attempts: 2, lease_owner: null }]);

    // The stalled instance's next heartbeat finds the job no longer its own, aborts its handler and writes nothing.
    await stalled.runner.heartbeat();
    expect(await stalledOutcome.promise).toBe('aborted');
    await stalledDrain;
    expect(await jobsOf(t.ctx.db, { kind: 'voice' })).toMatchObject([{ id, state: 'done', attempts: 2, last_error: null }]);
    expect(stalled.log.lines.filter((line) => line.level === 'warn').map((line) => [line.object.jobId, line.message])).toEqual([[id, expect.stringContaining('lost its lease')]]);
  });

  it('fails a job whose last attempt never finished (its instance died during it) rather than running it again', async () => {
    const started = deferred();
    const dying = runnerWith({ fatal: { maxAttempts: 1, run: () => (started.resolve(), new Promise<void>(() => undefined)) } });
    const id = await enqueueJob(t.ctx.db, { kind: 'fatal', payload: {} }, dying.clock.now());
    void dying.runner.drain();
    await started.promise;
    let ranAgain = false;
    const next = runnerWith({ fatal: { maxAttempts: 1, run: async () => void (ranAgain = true) } }, heldClock(new Date(dying.clock.now().getTime() + LEASE_MS + SECOND)));
    await next.runner.drain();
    expect(ranAgain).toBe(false);
    expect(await jobsOf(t.ctx.db, { kind: 'fatal' })).toMatchObject([{ id, state: 'failed', attempts: 2, last_error: expect.stringContaining('stopped before it finished') }]);
    expect(next.log.lines.filter((line) => line.level === 'error').map((line) => [line.object.jobId, line.object.kind])).toEqual([[id, 'fatal']]);
  });

  it('answers the queued job of the same kind and key instead of a second one, until it has run', async () => {
    const first = await enqueueJob(t.ctx.db, { kind: 'transcribe-once', payload: { n: 1 }, key: 'comment:42' });
    const again = await enqueueJob(t.ctx.db, { kind: 'transcribe-once', payload: { n: 2 }, key: 'comment:42' });
    const otherKey = await enqueueJob(t.ctx.db, { kind: 'transcribe-once', payload: { n: 3 }, key: 'comment:43' });
    const otherKind = await enqueueJob(t.ctx.db, { kind: 'email-once', payload: { n: 4 }, key: 'comment:42' });
    expect(again).toBe(first);
    expect(new Set([first, otherKey, otherKind]).size).toBe(3);
    expect((await jobsOf(t.ctx.db, { kind: 'transcribe-once' })).map((job) => job.payload)).toEqual([{ n: 1 }, { n: 3 }]);

    const seen: JobPayload[] = [];
    await runnerWith({ 'transcribe-once': { concurrency: 2, run: async (payload) => void seen.push(payload) } }).runner.drain();
    expect(seen.sort((a, b) => Number(a.n) - Number(b.n))).toEqual([{ n: 1 }, { n: 3 }]);
    // Done frees the key: a new recording of the same comment is a new job.
    const afterDone = await enqueueJob(t.ctx.db, { kind: 'transcribe-once', payload: { n: 5 }, key: 'comment:42' });
    expect(afterDone).not.toBe(first);
    expect((await jobsOf(t.ctx.db, { kind: 'transcribe-once', state: 'queued' })).map((job) => job.id)).toEqual([afterDone]);
  });

  it('leaves alone a job of a kind this instance has no handler for', async () => {
    const id = await enqueueJob(t.ctx.db, { kind: 'book', payload: { pages: 200 } });
    await runnerWith({ greet: { run: async () => undefined } }).runner.drain();
    expect(await jobsOf(t.ctx.db, { kind: 'book' })).toMatchObject([{ id, state: 'queued', attempts: 0, lease_owner: null }]);
  });

  it('runs a job not before its runAfter', async () => {
    const ran: string[] = [];
    const { runner, clock } = runnerWith({ later: { run: async (_payload, job) => void ran.push(job.id) } });
    const id = await enqueueJob(t.ctx.db, { kind: 'later', payload: {}, runAfter: new Date(clock.now().getTime() + 60 * SECOND) }, clock.now());
    await runner.drain();
    expect(ran).toEqual([]);
    clock.advance(60 * SECOND);
    await runner.drain();
    expect(ran).toEqual([id]);
  });

  it('on stop, aborts a job still running after the grace and gives it back to the queue with its attempt uncounted', async () => {
    const started = deferred();
    const stopping = runnerWith({
      archive: {
        run: (_payload, job) =>
          new Promise<void>((_resolve, reject) => {
            started.resolve();
            job.signal.addEventListener('abort', () => reject(job.signal.reason as Error));
          }),
      },
    });
    const id = await enqueueJob(t.ctx.db, { kind: 'archive', payload: {} }, stopping.clock.now());
    stopping.runner.start();
    await started.promise;
    await stopping.runner.stop(10);
    expect(await jobsOf(t.ctx.db, { kind: 'archive' })).toMatchObject([{ id, state: 'queued', attempts: 0, lease_owner: null, lease_expires_at: null, last_error: null }]);
    // Another instance runs it at once, without waiting for a lease.
    const finished: number[] = [];
    await runnerWith({ archive: { run: async (_payload, job) => void finished.push(job.attempt) } }, heldClock(stopping.clock.now())).runner.drain();
    expect(finished).toEqual([1]);
  });

  it('removes done jobs after three days and keeps failed ones with their error', async () => {
    const { runner, clock } = runnerWith({
      'prune-ok': { run: async () => undefined },
      'prune-bad': { maxAttempts: 1, run: async () => Promise.reject(new Error('Bad audio')) },
    });
    await enqueueJob(t.ctx.db, { kind: 'prune-ok', payload: {} }, clock.now());
    const bad = await enqueueJob(t.ctx.db, { kind: 'prune-bad', payload: {} }, clock.now());
    await runner.drain();
    const later = runnerWith({}, heldClock(new Date(clock.now().getTime() + 3 * 24 * 60 * 60 * SECOND - SECOND)));
    await later.runner.drain();
    expect(await jobsOf(t.ctx.db, { kind: 'prune-ok' })).toHaveLength(1);
    const afterThreeDays = runnerWith({}, heldClock(new Date(clock.now().getTime() + 3 * 24 * 60 * 60 * SECOND + SECOND)));
    await afterThreeDays.runner.drain();
    expect(await jobsOf(t.ctx.db, { kind: 'prune-ok' })).toEqual([]);
    expect(await jobsOf(t.ctx.db, { kind: 'prune-bad' })).toMatchObject([{ id: bad, state: 'failed', last_error: 'Bad audio' }]);
  });
});

describe.each(dialects)("the app's own runner on %s", (dialect) => {
  it('starts when the app is ready and runs what is enqueued, with no drain', async () => {
    const ran = deferred<JobPayload>();
    const t = await makeTestApp(dialect, { startJobs: true, jobHandlers: { welcome: { run: async (payload) => ran.resolve(payload) } } });
    try {
      const id = await enqueueJob(t.ctx.db, { kind: 'welcome', payload: { to: 'Rose' } });
      expect(await ran.promise).toEqual({ to: 'Rose' });
      await t.jobs.drain();
      expect(await jobsOf(t.ctx.db, { kind: 'welcome' })).toMatchObject([{ id, state: 'done', attempts: 1 }]);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('a started runner on %s', (dialect) => {
  it('runs a job enqueued in this process at once (woken), not at its next poll an hour later', async () => {
    const t = await makeTestApp(dialect);
    const ran = deferred<string>();
    const runner = new JobRunner({ db: t.ctx.db, dialect, log: keptLog(), pollMs: 60 * 60 * SECOND, handlers: { woken: { run: async (_payload, job) => ran.resolve(job.id) } } });
    try {
      runner.start();
      // Its first poll, which found nothing, is over: the next is an hour away.
      await runner.drain();
      const id = await enqueueJob(t.ctx.db, { kind: 'woken', payload: {} });
      expect(await ran.promise).toBe(id);
      await runner.stop();
      expect(await jobsOf(t.ctx.db, { kind: 'woken' })).toMatchObject([{ id, state: 'done' }]);
    } finally {
      await runner.stop();
      await t.close();
    }
  });
});
