// Runs the jobs of the kinds this instance has handlers for (DESIGN "Work that outlives a
// request"): claims due jobs one kind at a time up to each handler's concurrency, renews each
// running job's lease while it runs, and settles it: done, queued again after a back-off, or
// failed for good with its error. Any instance may claim a job whose lease expired, so a job
// whose process died is run again: at least once, never lost; handlers must be idempotent.
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Db, Dialect } from '../db/index.js';
import { backoffMs } from './backoff.js';
import { onJobEnqueued, type JobPayload } from './enqueue.js';
import { claimJob, pruneDoneJobs, releaseLeases, renewLeases, settleJob, type StoredJob } from './queries.js';

export interface JobHandler {
  run(payload: JobPayload, job: { id: string; attempt: number; signal: AbortSignal }): Promise<void>;
  /** Attempts before the job is failed for good (default 5); a job's own maxAttempts wins. */
  maxAttempts?: number;
  /** How long a claim holds without a heartbeat (default 60 s); renewed every third of it while the handler runs. */
  leaseMs?: number;
  /** Jobs of this kind run at once in this instance (default 1: heavy work such as speech takes the machine). */
  concurrency?: number;
  /**
   * Told once when the job fails for good (its last attempt threw, or the instance running it
   * died), before it is settled, so the row it is about can say so. A failure here is logged.
   */
  failed?(payload: JobPayload, error: string): Promise<void>;
}

/** What the runner writes to the log: Fastify's logger (pino) fits. */
export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  /** Optional: the claim reads the dialect off the database handle (db/skip-locked.ts). */
  dialect?: Dialect;
  log: JobLog;
  handlers: Record<string, JobHandler>;
  /** The clock of run_after and leases; tests move it instead of sleeping. */
  now?: () => Date;
  /** Names this runner's leases (default: a random id, one per process start). */
  instanceId?: string;
  /** How often due jobs are looked for when nothing woke the runner (jobs enqueued by other instances, back-offs ending). */
  pollMs?: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 2_000;
/** Done jobs are kept a few days (what ran, for a person looking into a problem), then removed. */
const DONE_KEPT_MS = 3 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** A job enqueued inside a transaction is visible only after its commit, moments after the wake: look once more then. */
const WAKE_AGAIN_MS = 200;
/** After a stop's grace, how long aborted handlers get to return before their jobs are given back. */
const ABORT_SETTLE_MS = 1_000;

interface RunningJob {
  kind: string;
  leaseMs: number;
  controller: AbortController;
  finished: Promise<void>;
}

/** The reason a running handler's signal is aborted with; `giveBack`: the job returns to the queue when this instance stops. */
class JobInterrupted extends Error {
  constructor(message: string, readonly giveBack: boolean) {
    super(message);
  }
}

export class JobRunner {
  readonly instanceId: string;
  private readonly db: Db;
  private readonly log: JobLog;
  private readonly handlers: Record<string, JobHandler>;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly running = new Map<string, RunningJob>();
  /** Counts every job begun or ended here: a drain asks again after a round during which either happened. */
  private comingsAndGoings = 0;
  /** Jobs interrupted by stop() whose handler returned unsettled: given back with the rest. */
  private readonly interrupted = new Set<string>();
  private started = false;
  private stopping = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private wakeAgainTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  private claimRound: Promise<void> | null = null;
  private claimAgain = false;
  private lastPruneAt = -Infinity;

  constructor({ db, log, handlers, now = () => new Date(), instanceId = randomUUID(), pollMs = DEFAULT_POLL_MS }: JobRunnerOptions) {
    this.db = db;
    this.log = log;
    this.handlers = handlers;
    this.now = now;
    this.instanceId = instanceId;
    this.pollMs = pollMs;
  }

  /** Claims due jobs now and every pollMs, and whenever a job is enqueued in this process. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.stopListening = onJobEnqueued(() => this.wake());
    void this.poll();
  }

  /** Looks for due jobs at once (a job was just enqueued, or a slot freed). */
  wake(): void {
    if (!this.started || this.stopping) return;
    this.claimNow();
    this.wakeAgainTimer ??= setTimeout(() => {
      this.wakeAgainTimer = undefined;
      if (this.started) this.claimNow();
    }, WAKE_AGAIN_MS).unref();
  }

  private claimNow(): void {
    void this.claim().catch((error: unknown) => this.log.warn({ err: error }, 'Claiming jobs failed; trying again at the next poll'));
  }

  /**
   * Stops claiming, lets running jobs finish for `graceMs`, then aborts their signals and
   * gives the jobs still unfinished back to the queue (due at once, the attempt not counted),
   * so another instance, or this one's next start, runs them without waiting for the lease.
   */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.started = false;
    clearTimeout(this.pollTimer);
    clearTimeout(this.wakeAgainTimer);
    this.stopListening?.();
    await this.claimRound?.catch(() => undefined);
    const allFinished = () => Promise.allSettled([...this.running.values()].map((job) => job.finished));
    if (this.running.size > 0) await Promise.race([allFinished(), delay(graceMs, undefined, { ref: false })]);
    if (this.running.size > 0) {
      for (const job of this.running.values()) job.controller.abort(new JobInterrupted('This instance is stopping', true));
      await Promise.race([allFinished(), delay(ABORT_SETTLE_MS, undefined, { ref: false })]);
    }
    const unfinished = [...this.running.keys(), ...this.interrupted];
    if (unfinished.length === 0) return;
    const released = await releaseLeases(this.db, unfinished, this.instanceId, this.now());
    this.log.info({ jobIds: unfinished }, `Stopping: ${released} unfinished jobs given back to the queue`);
  }

  /** For tests and scripts: runs jobs until none is due and none is running. */
  async drain(): Promise<void> {
    for (;;) {
      const before = this.comingsAndGoings;
      await this.claim();
      const finishing = [...this.running.values()].map((job) => job.finished);
      if (finishing.length > 0) await Promise.race(finishing);
      // Nothing running is not enough: a job may have ended while the round went through the
      // kinds, having enqueued work of a kind the round had already asked for.
      else if (this.comingsAndGoings === before) return;
    }
  }

  /** Renews the lease of every job this runner is running (each also renews its own every third of its lease). */
  async heartbeat(): Promise<void> {
    await Promise.all([...this.running.keys()].map((id) => this.renew(id)));
  }

  private async poll(): Promise<void> {
    try {
      await this.claim();
    } catch (error) {
      this.log.warn({ err: error }, 'Claiming jobs failed; trying again at the next poll');
    } finally {
      if (this.started) this.pollTimer = setTimeout(() => void this.poll(), this.pollMs).unref();
    }
  }

  /** One claim round at a time in this runner, so no kind is claimed past its concurrency; a call meanwhile runs another round after it. */
  private claim(): Promise<void> {
    if (this.claimRound) {
      this.claimAgain = true;
      return this.claimRound;
    }
    this.claimRound = (async () => {
      try {
        do {
          this.claimAgain = false;
          await this.claimRoundOnce();
        } while (this.claimAgain && !this.stopping);
      } finally {
        this.claimRound = null;
      }
    })();
    return this.claimRound;
  }

  private async claimRoundOnce(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = now.getTime();
      await pruneDoneJobs(this.db, new Date(now.getTime() - DONE_KEPT_MS));
    }
    for (const [kind, handler] of Object.entries(this.handlers)) {
      const leaseMs = handler.leaseMs ?? DEFAULT_LEASE_MS;
      while (!this.stopping && this.runningOf(kind) < (handler.concurrency ?? 1)) {
        const at = this.now();
        const job = await claimJob(this.db, { kind, owner: this.instanceId, now: at, leaseExpiresAt: new Date(at.getTime() + leaseMs) });
        if (!job) break;
        this.begin(job, handler, leaseMs);
      }
    }
  }

  private runningOf(kind: string): number {
    let count = 0;
    for (const job of this.running.values()) if (job.kind === kind) count++;
    return count;
  }

  private begin(job: StoredJob, handler: JobHandler, leaseMs: number): void {
    const controller = new AbortController();
    const running: RunningJob = { kind: job.kind, leaseMs, controller, finished: Promise.resolve() };
    this.running.set(job.id, running);
    this.comingsAndGoings += 1;
    running.finished = this.run(job, handler, running).finally(() => {
      this.running.delete(job.id);
      this.comingsAndGoings += 1;
      // A slot is free: the next job of the kind starts now rather than at the next poll.
      if (this.started) this.wake();
    });
  }

  private async run(job: StoredJob, handler: JobHandler, running: RunningJob): Promise<void> {
    const maxAttempts = job.max_attempts ?? handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    const context = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    if (job.attempts > maxAttempts) {
      // Claimed again after its last attempt's lease expired: the instance died during it (maybe because of it).
      const error = job.last_error ?? `The instance running attempt ${maxAttempts} stopped before it finished`;
      await this.tellFailed(job, handler, error);
      await this.settle(job, { state: 'failed', error });
      this.log.error({ ...context, error }, `Job ${job.kind} ${job.id} failed for good after ${maxAttempts} attempts`);
      return;
    }
    const heartbeat = setInterval(() => void this.renew(job.id), Math.max(1, Math.floor(running.leaseMs / 3))).unref();
    try {
      await handler.run(JSON.parse(job.payload) as JobPayload, { id: job.id, attempt: job.attempts, signal: running.controller.signal });
      clearInterval(heartbeat);
      await this.settle(job, { state: 'done' });
    } catch (thrown) {
      clearInterval(heartbeat);
      const reason: unknown = running.controller.signal.reason;
      if (reason instanceof JobInterrupted) {
        // Stopped by this instance, or its lease lost to another: not the job's failure.
        if (reason.giveBack) this.interrupted.add(job.id);
        return;
      }
      const error = thrown instanceof Error ? thrown.message : String(thrown);
      if (job.attempts >= maxAttempts) {
        await this.tellFailed(job, handler, error);
        await this.settle(job, { state: 'failed', error });
        this.log.error({ ...context, err: thrown }, `Job ${job.kind} ${job.id} failed for good after ${job.attempts} attempts`);
        return;
      }
      const runAfter = new Date(this.now().getTime() + backoffMs(job.attempts));
      await this.settle(job, { state: 'queued', error, runAfter });
      this.log.warn({ ...context, err: thrown, runAfter: runAfter.toISOString() }, `Job ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${maxAttempts}); it runs again after a pause`);
    }
  }

  private async tellFailed(job: StoredJob, handler: JobHandler, error: string): Promise<void> {
    try {
      await handler.failed?.(JSON.parse(job.payload) as JobPayload, error);
    } catch (thrown) {
      this.log.error({ jobId: job.id, kind: job.kind, err: thrown }, `Job ${job.kind} ${job.id} failed for good, and telling its handler failed too`);
    }
  }

  /** Writes a job's outcome; a failure to write is logged, and the expired lease brings the job back later. */
  private async settle(job: StoredJob, outcome: { state: 'done' | 'failed' | 'queued'; error?: string; runAfter?: Date }): Promise<void> {
    try {
      const held = await settleJob(this.db, { id: job.id, owner: this.instanceId, now: this.now(), ...outcome });
      if (!held) this.log.warn({ jobId: job.id, kind: job.kind }, `Job ${job.kind} ${job.id} ended here after its lease had passed to another instance; its outcome here is not written`);
    } catch (error) {
      this.log.error({ jobId: job.id, kind: job.kind, err: error }, `Writing the outcome of job ${job.kind} ${job.id} failed; it runs again once its lease expires`);
    }
  }

  private async renew(id: string): Promise<void> {
    const running = this.running.get(id);
    if (!running) return;
    const now = this.now();
    try {
      const renewed = await renewLeases(this.db, [id], this.instanceId, new Date(now.getTime() + running.leaseMs), now);
      if (renewed.length === 0 && this.running.has(id)) {
        // Another instance took it after the lease expired (this one stalled): stop working on it.
        this.log.warn({ jobId: id, kind: running.kind }, `Job ${running.kind} ${id} lost its lease to another instance; stopping it here`);
        running.controller.abort(new JobInterrupted('Its lease passed to another instance', false));
      }
    } catch (error) {
      this.log.warn({ jobId: id, kind: running.kind, err: error }, `Renewing the lease of job ${running.kind} ${id} failed; trying again`);
    }
  }
}
