// Uploaded images made into one square copy (avatars): checked by their bytes on the way in
// (DESIGN "Media": the type from the bytes, never the name or the declared type), written whole
// to a temporary file, then decoded in a turn (issue 19, image-spool.ts) and re-encoded by
// sharp, which auto-rotates and leaves every EXIF field, GPS included, behind.
import { Readable } from 'node:stream';
import { SNIFFED_PHOTO_TYPES } from '../../common/media-sniff.js';
import { messages } from '../../common/messages.js';
import { badRequest } from '../http/errors.js';
import type { MediaStore } from '../providers/storage/index.js';
import { unreadable, withSpooledImage } from './image-spool.js';
import { decodeFile, imageTurn, turnsFor } from './sharp.js';
import { TypeGate } from './type-gate.js';

/**
 * HEIC is what iPhones send; it is let through to sharp, which reads it where its libheif
 * can (DESIGN "Edge decisions") and is refused in words otherwise. APNG is a PNG.
 */
/** The photo types let in, the same list the browser checks a chosen file against (common/media-sniff.ts). */
const SNIFFED_TYPES = SNIFFED_PHOTO_TYPES;

export interface ImageOptions {
  /** A file of more than this many bytes is refused with `tooLarge`. */
  maxBytes: number;
  tooLarge: () => Error;
  /** The longest side of the stored copy. */
  size: number;
  /** The file's name as the browser sent it, for a refusal that names it. */
  name?: string;
}

export interface StoredImage {
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

/** Formats whose decoder gives whole pictures (libheif, libnsgif): a large one decodes alone. */
const WHOLE_PICTURE_TYPES = new Set(['image/heic', 'image/heif', 'image/avif', 'image/gif']);

/**
 * Reads `source` through the byte check into a temporary file, then stores its copy under `key`
 * as WebP. On any failure (wrong bytes, too large, too many pixels, unreadable, an aborted
 * upload, a full disk) nothing is left under `key` and the cause is thrown, in words where it
 * is the user's.
 */
export async function storeImage(store: MediaStore, key: string, source: Readable, options: ImageOptions): Promise<StoredImage> {
  const gate = new TypeGate<string>({
    accept: (mime) => (mime && SNIFFED_TYPES.has(mime) ? mime : null),
    maxBytes: options.maxBytes,
    tooLarge: options.tooLarge,
    wrongType: () => badRequest(messages.imageTypeRefused),
  });
  const mayBeUndecodable = (type: string) => type === 'image/heic' || type === 'image/heif';
  return withSpooledImage(source, gate, { name: options.name, mayBeUndecodable }, async (upload) => {
    const copy = await imageTurn(
      () =>
        decodeFile(upload.path)
          // Square-ish and never enlarged: a large photo is cropped to a centred square, a
          // small one kept as it is (avatars are shown in circles).
          .resize(options.size, options.size, { fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true })
          .catch(() => Promise.reject(unreadable(mayBeUndecodable(upload.type)))),
      turnsFor(WHOLE_PICTURE_TYPES.has(upload.type), upload.metadata),
    );
    try {
      const { size } = await store.put(key, Readable.from([copy.data]), { contentType: 'image/webp' });
      return { mimeType: 'image/webp', size, width: copy.info.width, height: copy.info.height };
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      throw error;
    }
  });
}
