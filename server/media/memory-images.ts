// A memory's photo, streamed once into three files (DESIGN "Media"): the original, a display
// copy of at most 2048 px and a thumbnail of at most 480 px. The copies are WebP made by sharp,
// which turns them upright and leaves every EXIF field, GPS included, behind. The original is
// kept byte for byte when it carries nothing to strip; otherwise (EXIF, XMP, IPTC, comments or
// a rotation flag, as every phone photo has) it is re-encoded upright in its own format,
// keeping only the colour profile. images.ts does one square copy (avatars), hence this.
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata, type OutputInfo, type Sharp } from './sharp.js';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_MAX_INPUT_PIXELS, IMAGE_THUMBNAIL_MAX_PX, MEMORY_IMAGE_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newMediaKey, type MediaStore } from '../providers/storage/index.js';
import { discardFiles, firstFailure, noop, type StagedFile } from './staged.js';
import { TypeGate } from './type-gate.js';

interface ImageFormat {
  mimeType: string;
  extension: string;
  /** Re-encodes a copy of the original without its metadata. */
  clean(image: Sharp): Sharp;
  cleanedAs?: { mimeType: string; extension: string };
}

/** DESIGN "Edge decisions": JPEG, PNG, WebP, GIF, AVIF; HEIC where sharp decodes it; never SVG. */
const IMAGE_FORMATS: Record<string, ImageFormat> = {
  'image/jpeg': { mimeType: 'image/jpeg', extension: 'jpg', clean: (image) => image.jpeg({ quality: 95 }) },
  'image/png': { mimeType: 'image/png', extension: 'png', clean: (image) => image.png() },
  'image/apng': { mimeType: 'image/png', extension: 'png', clean: (image) => image.png() },
  'image/webp': { mimeType: 'image/webp', extension: 'webp', clean: (image) => image.webp({ quality: 95 }) },
  'image/gif': { mimeType: 'image/gif', extension: 'gif', clean: (image) => image.gif() },
  'image/avif': { mimeType: 'image/avif', extension: 'avif', clean: (image) => image.avif({ quality: 80 }) },
  // Browsers cannot show HEIC, and sharp writes no HEIC: a cleaned copy becomes a JPEG.
  'image/heic': heic(),
  'image/heif': heic(),
};

function heic(): ImageFormat {
  return {
    mimeType: 'image/heic',
    extension: 'heic',
    clean: (image) => image.jpeg({ quality: 95 }),
    cleanedAs: { mimeType: 'image/jpeg', extension: 'jpg' },
  };
}

/** The three files of one photo. */
export interface StagedImage {
  original: StagedFile;
  display: StagedFile;
  thumbnail: StagedFile;
}

const decoder = () => sharp({ failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS, sequentialRead: true }).autoOrient();
const resized = (from: Sharp, size: number, quality: number) =>
  from.clone().resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality });

/** A memory's photo or a video's frame: one of IMAGE_FORMATS by its bytes, at most 25 MB. */
const imageGate = () =>
  new TypeGate<ImageFormat>({
    accept: (mime) => (mime ? (IMAGE_FORMATS[mime] ?? null) : null),
    maxBytes: MEMORY_IMAGE_MAX_BYTES,
    tooLarge: () => new HttpError(413, messages.memoryImageTooLarge),
    wrongType: () => badRequest(messages.imageTypeRefused),
  });

export async function stageImage(ctx: Pick<AppContext, 'media'>, source: Readable): Promise<StagedImage> {
  const gate = imageGate();
  const raw = new PassThrough();
  const decode = decoder();
  const display = resized(decode, IMAGE_DISPLAY_MAX_PX, 82);
  const thumbnail = resized(decode, IMAGE_THUMBNAIL_MAX_PX, 75);
  const outputs = [raw, decode, display, thumbnail];
  // Their errors reach whoever reads them; a stream failed before anyone reads must not crash.
  for (const stream of outputs) stream.on('error', noop);
  const decodeErrors = new Set<unknown>();
  for (const copy of [display, thumbnail]) copy.once('error', (error) => decodeErrors.add(error));
  const flowing = pipeline(source, gate, new Tee([raw, decode]));
  // A clone waits for its parent's input to finish: when the input fails, nothing else ends them.
  flowing.catch((error: Error) => outputs.forEach((stream) => stream.destroy(error)));
  const metadata = decode.metadata();
  metadata.catch(noop);

  const written: string[] = [];
  try {
    const format = await gate.type;
    const originalKey = newMediaKey('images', format.extension);
    const base = originalKey.slice(0, originalKey.lastIndexOf('.'));
    written.push(originalKey, `${base}-display.webp`, `${base}-thumb.webp`);
    const [piped, ...copies] = await Promise.allSettled([
      flowing,
      ctx.media.put(originalKey, raw, { contentType: format.mimeType }).then(({ size }): StagedFile => ({ key: originalKey, mimeType: format.mimeType, size, width: null, height: null })),
      storeWithInfo(ctx.media, `${base}-display.webp`, display),
      storeWithInfo(ctx.media, `${base}-thumb.webp`, thumbnail),
    ]);
    const failures = copies.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    // The upload's own failure (refused, cut off) first, unless it only says a copy broke.
    if (piped.status === 'rejected' && !(piped.reason instanceof CopyFailed && failures.length > 0)) throw piped.reason;
    if (failures.some((failure) => decodeErrors.has(failure))) {
      // HEIC that this sharp cannot decode is, for the user, a type we do not take.
      throw badRequest(format.mimeType === 'image/heic' ? messages.imageTypeRefused : messages.imageUnreadable);
    }
    if (failures.length > 0) throw failures[0];
    const [original, shown, thumb] = copies.map((result) => (result as PromiseFulfilledResult<StagedFile>).value) as [StagedFile, StagedFile, StagedFile];

    // The input has all arrived, so its metadata is there to read.
    const info = await metadata;
    let kept: StagedFile = { ...original, width: info.autoOrient?.width ?? info.width ?? null, height: info.autoOrient?.height ?? info.height ?? null };
    if (carriesMetadata(info)) {
      kept = await storeCleanOriginal(ctx.media, originalKey, base, format);
      written.push(kept.key);
      await ctx.media.delete(originalKey);
    }
    return { original: kept, display: shown, thumbnail: thumb };
  } catch (error) {
    await flowing.catch(noop);
    await discardFiles(ctx.media, written);
    throw error;
  }
}

/**
 * A video's thumbnail: the frame the browser captured (memories §2), checked by its bytes
 * like any photo and kept only as a WebP of at most 480 px, upright and without metadata.
 */
export async function stageVideoThumbnail(ctx: Pick<AppContext, 'media'>, source: Readable): Promise<StagedFile> {
  const gate = imageGate();
  const thumbnail = decoder().resize(IMAGE_THUMBNAIL_MAX_PX, IMAGE_THUMBNAIL_MAX_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 });
  let decodeError: unknown;
  thumbnail.once('error', (error) => (decodeError ??= error));
  const key = newMediaKey('videos', 'webp', 'thumb');
  const [piped, stored] = await Promise.allSettled([pipeline(source, gate, thumbnail), storeWithInfo(ctx.media, key, thumbnail)]);
  if (piped.status === 'fulfilled' && stored.status === 'fulfilled') return stored.value;
  await discardFiles(ctx.media, [key]);
  const failures = [piped, stored].flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const failure = firstFailure(...failures);
  // A refusal in words stands; otherwise a frame sharp could not read is the user's to fix.
  throw !(failure instanceof HttpError) && decodeError !== undefined && failures.includes(decodeError) ? badRequest(messages.imageUnreadable) : failure;
}

/** Anything that could say where or when a photo was taken, or by whom; or a rotation flag. */
function carriesMetadata(info: Metadata): boolean {
  return Boolean(info.exif || info.xmp || info.iptc || info.tifftagPhotoshop || info.comments?.length || (info.orientation ?? 1) !== 1);
}

/** Stores a sharp output, with the size and dimensions sharp reports for it. */
async function storeWithInfo(store: MediaStore, key: string, image: Sharp, mimeType = 'image/webp'): Promise<StagedFile> {
  let info: OutputInfo | undefined;
  image.once('info', (output: OutputInfo) => (info = output));
  const { size } = await store.put(key, image, { contentType: mimeType });
  if (!info) throw new Error('sharp gave no output information');
  return { key, mimeType, size, width: info.width, height: info.height };
}

/** Reads the original back from the store and writes it again upright, keeping only its colour profile. */
async function storeCleanOriginal(store: MediaStore, rawKey: string, base: string, format: ImageFormat): Promise<StagedFile> {
  const object = await store.get(rawKey);
  if (!object) throw new Error(`The original ${rawKey} went missing`);
  const target = format.cleanedAs ?? format;
  const key = `${base}-original.${target.extension}`;
  const encoder = format.clean(decoder().keepIccProfile());
  object.body.once('error', (error) => encoder.destroy(error));
  object.body.pipe(encoder);
  try {
    return await storeWithInfo(store, key, encoder, target.mimeType);
  } catch (error) {
    object.body.destroy();
    await store.delete(key).catch(noop);
    throw error;
  }
}

/** A target of the tee stopped taking bytes; its own failure says why. */
class CopyFailed extends Error {
  constructor() {
    super('A copy of the upload closed early');
  }
}

/**
 * Writes every chunk to each target and waits until all have taken it, so the slowest sets
 * the pace and nothing piles up in memory. A target that fails fails the whole tee.
 */
class Tee extends Writable {
  constructor(private readonly targets: Writable[]) {
    super();
    for (const target of targets) {
      target.on('error', (error) => this.destroy(error));
      target.on('close', () => {
        if (!target.writableFinished) this.destroy(new CopyFailed());
      });
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    let pending = this.targets.length;
    const taken = () => {
      if (--pending === 0) done();
    };
    for (const target of this.targets) {
      if (target.write(chunk)) taken();
      else target.once('drain', taken);
    }
  }

  override _final(done: (error?: Error | null) => void): void {
    for (const target of this.targets) target.end();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    for (const target of this.targets) if (!target.writableFinished) target.destroy(error ?? undefined);
    done(error);
  }
}
