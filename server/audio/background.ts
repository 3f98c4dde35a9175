// Recordings transcribed after what holds them is saved (DESIGN "AI": "voice comments are
// transcribed after they are saved"; "Voice is never dropped": spoken follow-up answers too).
// The row is already committed and answered; the words arrive later, and the feature that
// asked decides where they go. A failure is logged and the row stays as it is: the recording
// is what was said, the text only a help.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { transcribeRecording } from './service.js';

/**
 * How long closing the app waits for transcriptions under way. A service may take up to
 * TRANSCRIPTION_TIMEOUT_MS (2 minutes), longer than a graceful shutdown should; one cut
 * short only leaves its row without words, which is the failure path anyway.
 */
const CLOSE_WAIT_MS = 10_000;

export interface BackgroundJob {
  /** The stored recording to transcribe. */
  audioKey: string;
  /** Puts the words where they belong; runs once, after the service answered. */
  save(text: string): Promise<void>;
  /** Logged beside a failure, to tell which row kept its recording without words. */
  about: Record<string, string>;
  /** What the log says when it fails. */
  failure: string;
}

export class BackgroundTranscriptions {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly ctx: Pick<AppContext, 'media' | 'ai'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Without TRANSCRIBE_URL (the 'none' driver) nothing is sent anywhere. */
  get configured(): boolean {
    return this.ctx.ai.transcriber.driver !== 'none';
  }

  /** Starts the job unless no service is configured; never throws. */
  start(job: BackgroundJob): void {
    if (!this.configured) return;
    const work = this.transcribe(job).catch((error: unknown) => {
      this.log.warn({ err: error, ...job.about }, job.failure);
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /**
   * Waits, up to `limitMs`, for every transcription under way: the app is closing, and they
   * should write their words before the database goes.
   */
  async settle(limitMs = CLOSE_WAIT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limitMs);
    });
    const allDone = (async () => {
      while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    })();
    await Promise.race([allDone, givenUp]);
    clearTimeout(timer);
  }

  private async transcribe(job: BackgroundJob): Promise<void> {
    const stored = await this.ctx.media.get(job.audioKey);
    // Deleted meanwhile, with what held it: nothing left to transcribe.
    if (!stored) return;
    // Through the same byte gate and temp file as POST /api/audio/transcribe, so a 50 MB
    // recording is streamed to the service, never held in memory.
    const text = await transcribeRecording({ transcriber: this.ctx.ai.transcriber, log: this.log }, stored.body);
    await job.save(text);
  }
}
