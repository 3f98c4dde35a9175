// Recordings are known by their bytes (DESIGN "Media": never by the name or declared type).
// AudioGate passes a recording through once its first bytes prove an accepted type, and
// refuses it past the size limit while it streams, so nothing is read whole.
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { AudioType } from '../../common/audio.js';

/** file-type needs at most this many leading bytes to recognise any audio container. */
const SNIFF_BYTES = 4100;

export interface DetectedAudio {
  type: AudioType;
  /** The extension a speech-to-text server expects for these bytes (OpenAI decodes by it). */
  extension: 'webm' | 'ogg' | 'm4a' | 'mp4' | 'mp3' | 'wav';
}

/**
 * DESIGN "Edge decisions": WebM, Ogg, MP4/M4A, MPEG, WAV. file-type names a WebM file
 * video/webm whatever it holds (Chrome and Firefox record audio into it), and an MP4 by
 * its brand (Safari records audio into a plain mp4). Ogg holding video, Matroska, AAC and
 * the rest are refused.
 */
const ACCEPTED: Record<string, DetectedAudio> = {
  'video/webm': { type: 'audio/webm', extension: 'webm' },
  'audio/ogg; codecs=opus': { type: 'audio/ogg', extension: 'ogg' },
  'audio/ogg': { type: 'audio/ogg', extension: 'ogg' },
  'audio/x-m4a': { type: 'audio/mp4', extension: 'm4a' },
  'audio/mp4': { type: 'audio/mp4', extension: 'm4a' },
  'video/mp4': { type: 'audio/mp4', extension: 'mp4' },
  'audio/mpeg': { type: 'audio/mpeg', extension: 'mp3' },
  'audio/wav': { type: 'audio/wav', extension: 'wav' },
};

/** The accepted audio type of these leading bytes, or null. */
export async function detectAudio(head: Uint8Array): Promise<DetectedAudio | null> {
  const found = await fileTypeFromBuffer(head);
  return (found && ACCEPTED[found.mime]) ?? null;
}

export class AudioGate extends Transform {
  private seen = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  /** What the bytes showed, once known. */
  detected: DetectedAudio | null = null;

  constructor(
    private readonly limits: {
      /** More bytes than this are refused with `tooLarge`. */
      maxBytes: number;
      tooLarge: () => Error;
      wrongType: () => Error;
    },
  ) {
    super();
  }

  /** Bytes passed so far. */
  get size(): number {
    return this.seen;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    // Fails mid-stream, before more of an oversized upload is written anywhere.
    if (this.seen > this.limits.maxBytes) return done(this.limits.tooLarge());
    if (this.detected) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.detected) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    detectAudio(head).then((detected) => {
      if (!detected) return done(this.limits.wrongType());
      this.detected = detected;
      done(null, head);
    }, done);
  }
}
