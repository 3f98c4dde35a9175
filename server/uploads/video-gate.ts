// The bytes of a direct upload, checked on their way to the store (DESIGN "Media": the type
// from the bytes, never the name or the declared type; video 250 MB, 413 above).
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { DirectUploadVideoType } from '../../common/uploads.js';
import { MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { badRequest, HttpError } from '../http/errors.js';

/** file-type's own advice: 4100 leading bytes recognise every format it knows. */
const SNIFF_BYTES = 4100;

/**
 * MP4 and QuickTime are one container family (ISO base media): phones name a file by its
 * extension, and a `.mov` with an MP4 brand plays the same. WebM is Matroska.
 */
const familyOf: Record<string, 'iso-bmff' | 'matroska' | undefined> = {
  'video/mp4': 'iso-bmff',
  'video/quicktime': 'iso-bmff',
  'video/webm': 'matroska',
};

export const videoTooLarge = () => new HttpError(413, messages.videoTooLarge);

/**
 * Passes bytes through once the first ones prove a video of `declared`'s family; fails the
 * stream (so the store keeps nothing) past MEMORY_VIDEO_MAX_BYTES or on other bytes.
 */
export class VideoGate extends Transform {
  private seen = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private proven = false;

  constructor(
    private readonly declared: DirectUploadVideoType,
    readonly maxBytes = MEMORY_VIDEO_MAX_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    // Counted while streaming, before the store sees the chunk: a body without (or lying
    // about) Content-Length is cut off at the limit, and nothing is renamed into place.
    if (this.seen > this.maxBytes) return done(videoTooLarge());
    if (this.proven) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.proven) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    fileTypeFromBuffer(head).then((type) => {
      const family = type && familyOf[type.mime];
      if (!family || family !== familyOf[this.declared]) return done(badRequest(messages.videoTypeRefused));
      this.proven = true;
      done(null, head);
    }, done);
  }
}
