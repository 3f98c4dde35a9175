// The media store every feature writes bytes through (STYLE: one abstract store, drivers,
// one compliance suite per driver). Shaped for both drivers: `local` (a folder under
// DATA_DIR) and `s3` (any S3-compatible bucket), so nothing here may assume a disk.
import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP `Range: bytes=start-end` and S3's GetObject name it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** The type checked from the bytes; S3 keeps it as the object's Content-Type. */
  contentType: string;
}

export interface StoredObject {
  /** The bytes asked for: the whole object, or just `range`. */
  body: Readable;
  /** The size of the whole object, for Content-Range and Content-Length. */
  size: number;
  range: ByteRange | null;
}

export interface MediaStat {
  size: number;
}

/** One stored object, as `list` finds it. */
export interface ListedObject {
  key: string;
  size: number;
  /** When the object was written (the file's mtime, S3's LastModified). */
  modifiedAt: Date;
}

export interface PresignedPostOptions {
  /** Signed into the policy: the form must name exactly this Content-Type. */
  contentType: string;
  /** The largest file the policy takes (its content-length-range); the store refuses a larger one. */
  maxBytes: number;
  /** Seconds the policy stays valid. */
  expiresIn: number;
}

/** A browser form upload (S3 POST Object): send `fields` in order, then the file as `file`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface PresignedGetOptions {
  /** Seconds the address stays valid. */
  expiresIn: number;
  /** The Content-Type and Content-Disposition the store answers with (the checked type). */
  contentType: string;
  disposition: string;
  /** The Cache-Control the store answers with (S3 ResponseCacheControl). */
  cacheControl?: string;
}

export interface MediaStore {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` under `key`. The object appears whole or not at all: when `body` fails
   * or ends early, put rejects and nothing is left under `key` or anywhere else.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<MediaStat>;
  /** The bytes of `key` (only `range` when given; the caller checks it against `stat`), or null. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  stat(key: string): Promise<MediaStat | null>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored object whose name is a media key, in no promised order (backups, the
   * sweep of files no row holds). Anything else in the store (temp files) is left out.
   */
  list(): AsyncIterable<ListedObject>;
  /**
   * Moves the object at `from` to `to` (a key the server just made), so whatever could still
   * write to `from` (a direct upload's address, valid for an hour) no longer reaches it.
   * Answers the moved object's size, or null when nothing is at `from`; `from` is gone after.
   */
  move(from: string, to: string): Promise<MediaStat | null>;
  /**
   * Stores that browsers can reach themselves (S3) offer signed addresses, so video bytes
   * go straight to the bucket and back (DESIGN "Media bytes", "Edge decisions"). Uploads go
   * by a signed POST form rather than a PUT address, since only a POST policy can cap the
   * size (issue 19). The local store has none: its bytes go through the app.
   */
  presignedPost?(key: string, options: PresignedPostOptions): Promise<PresignedPost>;
  presignedGetUrl?(key: string, options: PresignedGetOptions): Promise<string>;
  /**
   * Removes what writes begun before `writtenBefore` left half-done, where the driver keeps
   * such things itself (the local store's temp files; S3 drops incomplete multipart uploads
   * by the bucket's lifecycle rule).
   */
  sweepTemp?(writtenBefore: Date): Promise<void>;
  /** Releases what the driver holds open (the S3 client's kept-alive connections). */
  close?(): void;
}

/** A key that is not one the server makes: refused before any driver touches storage. */
export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}
