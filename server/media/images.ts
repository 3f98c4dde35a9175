// Uploaded images, streamed: checked by their bytes on the way in (DESIGN "Media": the type
// from the bytes, never the name or the declared type), then decoded and re-encoded by
// sharp, which auto-rotates and leaves every EXIF field, GPS included, behind.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type OutputInfo } from './sharp.js';
import { IMAGE_MAX_INPUT_PIXELS } from '../../common/limits.js';
import { ACCEPTED_IMAGE_TYPES } from '../../common/media.js';
import { messages } from '../../common/messages.js';
import { badRequest, HttpError } from '../http/errors.js';
import type { MediaStore } from '../providers/storage/index.js';
import { TypeGate } from './type-gate.js';

/**
 * HEIC is what iPhones send; it is let through to sharp, which reads it where its libheif
 * can (DESIGN "Edge decisions") and is refused in words otherwise. APNG is a PNG.
 */
const SNIFFED_TYPES = new Set<string>([...ACCEPTED_IMAGE_TYPES, 'image/apng', 'image/heic', 'image/heif']);

export interface ImageOptions {
  /** A file of more than this many bytes is refused with `tooLarge`. */
  maxBytes: number;
  tooLarge: () => Error;
  /** The longest side of the stored copy. */
  size: number;
}

export interface StoredImage {
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

/**
 * Streams `source` through the byte check and sharp into `store` under `key` as WebP.
 * On any failure (wrong bytes, too large, unreadable, an aborted upload, a full disk)
 * nothing is left under `key` and the cause is thrown, in words where it is the user's.
 */
export async function storeImage(store: MediaStore, key: string, source: Readable, options: ImageOptions): Promise<StoredImage> {
  const gate = new TypeGate<string>({
    accept: (mime) => (mime && SNIFFED_TYPES.has(mime) ? mime : null),
    maxBytes: options.maxBytes,
    tooLarge: options.tooLarge,
    wrongType: () => badRequest(messages.imageTypeRefused),
  });
  const encoder = sharp({ failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS, sequentialRead: true })
    .autoOrient()
    // Square-ish and never enlarged: a large photo is cropped to a centred square, a
    // small one kept as it is (avatars are shown in circles).
    .resize(options.size, options.size, { fit: 'cover', withoutEnlargement: true })
    .webp({ quality: 82 });
  let decodeError: unknown;
  encoder.once('error', (error) => (decodeError = error));
  let info: OutputInfo | undefined;
  encoder.once('info', (output: OutputInfo) => (info = output));

  const output = new PassThrough();
  const [processed, stored] = await Promise.allSettled([
    pipeline(source, gate, encoder, output),
    store.put(key, output, { contentType: 'image/webp' }),
  ]);
  if (processed.status === 'rejected' || stored.status === 'rejected') {
    await store.delete(key).catch(() => undefined);
    throw explain(processed.status === 'rejected' ? processed.reason : null, stored.status === 'rejected' ? stored.reason : null);
  }
  if (!info) throw new Error('sharp gave no output information');
  return { mimeType: 'image/webp', size: stored.value.size, width: info.width, height: info.height };

  function explain(processing: unknown, storing: unknown): unknown {
    // The user's own mistakes first: the gate's refusals are already in words.
    if (processing instanceof HttpError) return processing;
    if (processing && processing === decodeError) {
      // HEIC that this sharp cannot decode is, for the user, a type we do not take.
      const heic = gate.accepted === 'image/heic' || gate.accepted === 'image/heif';
      return badRequest(heic ? messages.imageTypeRefused : messages.imageUnreadable);
    }
    return storing ?? processing;
  }
}
