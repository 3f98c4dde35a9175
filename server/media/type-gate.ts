// The gate every uploaded file streams through (photos, avatars, recordings, videos): it
// counts the bytes and refuses past the limit while they flow, and lets nothing on until the
// first bytes prove an accepted type (DESIGN "Media": the type from the bytes, never the name
// or the declared type). Each kind says only what it accepts and in which words it refuses.
// The type is handed out as a promise, so a storage key whose extension follows the type can
// be made before the bytes reach the store.
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { SNIFF_BYTES } from '../../common/media-sniff.js';

/** file-type needs at most this many leading bytes; the browser reads as many of a chosen file. */
export { SNIFF_BYTES };

export interface GateOptions<T> {
  /** What the sniffed type (file-type's mime, or null) is accepted as, or null to refuse. */
  accept(mime: string | null): T | null;
  /** A file of more than this many bytes is refused with `tooLarge`. */
  maxBytes: number;
  tooLarge(): Error;
  wrongType(): Error;
}

export class TypeGate<T> extends Transform {
  private seen = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private known: T | null = null;
  private settle!: { resolve(type: T): void; reject(error: Error): void };
  /** Resolves with the accepted type once the first bytes are known; rejects if the gate fails first. */
  readonly type: Promise<T>;

  constructor(private readonly options: GateOptions<T>) {
    super();
    this.type = new Promise<T>((resolve, reject) => (this.settle = { resolve, reject }));
    // Whoever awaits the stream hears the failure; this only keeps an unawaited type quiet.
    this.type.catch(() => undefined);
  }

  /** What the bytes were accepted as, once known. */
  get accepted(): T | null {
    return this.known;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  /** Bytes passed so far. */
  get size(): number {
    return this.seen;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    // Fails before the stream ends, so the store never renames a cut-off file into place.
    if (this.seen > this.options.maxBytes) return done(this.options.tooLarge());
    if (this.known !== null) return done(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.known !== null) return done();
    this.release(done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.settle.reject(error ?? new Error('The upload ended before its type was known'));
    done(error);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    fileTypeFromBuffer(head).then((found) => {
      const accepted = this.options.accept(found?.mime ?? null);
      if (accepted === null) return done(this.options.wrongType());
      this.known = accepted;
      this.settle.resolve(accepted);
      done(null, head);
    }, done);
  }
}
