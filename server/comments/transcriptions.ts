// Voice comments transcribed after they are saved (DESIGN "AI": "voice comments are
// transcribed after they are saved"). The comment is already committed and answered; the
// words arrive later in comments.transcription. A failure is logged and the comment stays
// as it is, with transcription null: the recording is what was said, the text only a help.
import type { FastifyBaseLogger } from 'fastify';
import { transcribeRecording } from '../audio/index.js';
import type { AppContext } from '../context.js';
import * as queries from './queries.js';

/**
 * How long closing the app waits for transcriptions under way. A service may take up to
 * TRANSCRIPTION_TIMEOUT_MS (2 minutes), longer than a graceful shutdown should; one cut
 * short only leaves its comment without words, which is the failure path anyway.
 */
const CLOSE_WAIT_MS = 10_000;

export class CommentTranscriptions {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'media' | 'ai'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Without TRANSCRIBE_URL (the 'none' driver) nothing is sent anywhere. */
  get configured(): boolean {
    return this.ctx.ai.transcriber.driver !== 'none';
  }

  /** Starts transcribing the recording under `audioKey` into comment `commentId`; never throws. */
  start(commentId: string, audioKey: string): void {
    if (!this.configured) return;
    const work = this.transcribe(commentId, audioKey).catch((error: unknown) => {
      this.log.warn({ err: error, commentId }, 'Voice comment transcription failed; the comment keeps its recording');
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

  private async transcribe(commentId: string, audioKey: string): Promise<void> {
    const stored = await this.ctx.media.get(audioKey);
    // Deleted meanwhile, with its comment: nothing left to transcribe.
    if (!stored) return;
    // Through the same byte gate and temp file as POST /api/audio/transcribe, so a 50 MB
    // recording is streamed to the service, never held in memory.
    const text = await transcribeRecording({ transcriber: this.ctx.ai.transcriber, log: this.log }, stored.body);
    await queries.setTranscription(this.ctx.db, commentId, text);
  }
}
