// Words for every recording, written by a job (issue 22 "Every recording gets its words";
// DESIGN "Words for every voice", "Work that outlives a request"). A feature that keeps a
// recording (a memory's voice, a spoken answer, a voice comment) says how to find it and where
// its words go; this module turns that into a job handler: find the recording, have the engine
// write its words, put them in place, or say they failed once every attempt has. The row's own
// transcription_status tells a job whether the words are still its to write, so a person's edit
// (which sets 'done') is never overwritten by a job that finishes later.
import type { TranscriptionStatus } from '../../common/audio.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { enqueueJob, type JobHandler, type JobPayload } from '../jobs/index.js';
import { transcribeRecording } from './service.js';

const SERVICE_CONCURRENCY = 2;

/** One kind of recording: how its job finds it and where its words go. `id` is the row's. */
export interface WordsTarget {
  /** The job's kind, named for the row it writes ('memory.words', …). */
  kind: string;
  /**
   * The recording still waiting for words, marked 'working'; null when there is nothing left
   * to do (the row is gone, or a person's words stand).
   */
  begin(ctx: AppContext, id: string): Promise<{ audioKey: string } | null>;
  /** Puts the words in place, only while a job still owns them. */
  save(ctx: AppContext, id: string, words: string): Promise<void>;
  /** Every attempt failed: the recording is kept and says its words are not coming. */
  fail(ctx: AppContext, id: string): Promise<void>;
}

/** The two writes a recording kept in one row needs: take its words in hand, and settle them. */
export interface WordsRow {
  /** The row's recording, marked 'working', while its words are a job's to write; undefined otherwise. */
  begin(db: Db, id: string): Promise<string | undefined>;
  /** The words and their status, only while a job still owns them. */
  settle(db: Db, id: string, settled: { words?: string; status: 'done' | 'failed' }): Promise<unknown>;
}

/** The target of a recording whose words go in one column of its own row (a memory's voice, a voice comment). */
export function wordsInRow(kind: string, row: WordsRow): WordsTarget {
  return {
    kind,
    async begin(ctx, id) {
      const audioKey = await row.begin(ctx.db, id);
      return audioKey ? { audioKey } : null;
    },
    save: (ctx, id, words) => row.settle(ctx.db, id, { words, status: 'done' }).then(() => undefined),
    fail: (ctx, id) => row.settle(ctx.db, id, { status: 'failed' }).then(() => undefined),
  };
}

/** Whether an engine writes words here (TRANSCRIBE chose local or service). */
export const engineConfigured = (ctx: Pick<AppContext, 'ai'>) => ctx.ai.transcriber.driver !== 'none';

/**
 * The status a recording is saved with, and whether its job is to be queued: words given are
 * 'done'; without words, 'queued' when an engine is configured, else 'none' (a later start with
 * an engine, or `npm run transcribe:missing`, queues it).
 */
export function statusOfNewRecording(ctx: Pick<AppContext, 'ai'>, hasWords: boolean): TranscriptionStatus {
  if (hasWords) return 'done';
  return engineConfigured(ctx) ? 'queued' : 'none';
}

/**
 * Queues the job of one recording, in the caller's transaction (the job exists exactly when
 * the row does). Keyed by the row, so queueing twice runs it once.
 */
export function queueWords(db: Db, kind: string, id: string): Promise<string> {
  return enqueueJob(db, { kind, payload: { id }, key: id });
}

const idOf = (payload: JobPayload): string => {
  if (typeof payload.id !== 'string') throw new Error(`A words job without a row id: ${JSON.stringify(payload)}`);
  return payload.id;
};

/**
 * The job handler of a kind of recording. The engine's failures are thrown, so the runner
 * tries again after a pause; the last failure marks the recording 'failed'.
 */
export function wordsJobHandler(ctx: AppContext, target: WordsTarget): JobHandler {
  return {
    // Local speech takes the machine: TRANSCRIBE_CONCURRENCY says how many at once. A service
    // does the work elsewhere; two at a time keeps a backlog moving without flooding it.
    concurrency: ctx.config.localTranscribe?.concurrency ?? SERVICE_CONCURRENCY,
    async run(payload) {
      const id = idOf(payload);
      const recording = await target.begin(ctx, id);
      if (!recording) return;
      const stored = await ctx.media.get(recording.audioKey);
      // Deleted meanwhile with what held it: nothing left to transcribe.
      if (!stored) return;
      const words = await transcribeRecording({ transcriber: ctx.ai.transcriber }, stored.body);
      await target.save(ctx, id, words);
    },
    async failed(payload) {
      await target.fail(ctx, idOf(payload));
    },
  };
}
