// A memory's photo (DESIGN "Media"): the original, a display copy of at most 2048 px and a
// thumbnail of at most 480 px. The copies are WebP made by sharp, which turns them upright and
// leaves every EXIF field, GPS included, behind. The original is kept byte for byte when it
// carries nothing to strip; otherwise (EXIF, XMP, IPTC, comments or a rotation flag, as every
// phone photo has) it is re-encoded upright in its own format, keeping only the colour profile;
// an upright JPEG or WebP has its metadata segments left out instead, its pixels untouched
// (jpeg-metadata.ts, webp-metadata.ts).
// issue 19: the upload is whole in a temporary file before it waits for a decode turn, each copy
// is decoded from that file (so libvips shrinks while decoding), and the files are stored only
// after the turn is given back. images.ts does one square copy (avatars), hence this.
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_THUMBNAIL_MAX_PX, MEMORY_IMAGE_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newMediaKey, type MediaStore } from '../providers/storage/index.js';
import { unreadable, withSpooledImage, type SpooledImage } from './image-spool.js';
import { decodeFile, imageTurn, turnsFor, type Metadata, type OutputInfo, type Sharp } from './sharp.js';
import { discardFiles, type StagedFile } from './staged.js';
import { jpegWithoutMetadata } from './jpeg-metadata.js';
import { TypeGate } from './type-gate.js';
import { webpWithoutMetadata } from './webp-metadata.js';

interface ImageFormat {
  mimeType: string;
  extension: string;
  /** Re-encodes a copy of the original without its metadata. */
  clean(image: Sharp): Sharp;
  cleanedAs?: { mimeType: string; extension: string };
  /** Its decoder gives whole pictures, never a few lines or a smaller size (libheif, libnsgif). */
  decodesWhole?: true;
  /** Its encoder takes the whole picture at once (libwebp, libaom, cgif). */
  encodesWhole?: true;
  /** Leaves an upright original's metadata out without decoding it; null when it cannot. */
  strip?(file: Buffer): Buffer | null;
}

/**
 * A JPEG turned upright (an upright one is stripped, jpeg-metadata.ts). issue 19: mozjpeg's
 * optimised Huffman tables keep every coefficient of the picture until the end: 389 MB to clean
 * a 64-megapixel original, against 26 MB without them (measured). The pixels are the same; the
 * file is larger (a grainy 12-megapixel photo: 5.6 MB, 4.6 MB with them).
 */
const cleanJpeg = (image: Sharp) => image.jpeg({ quality: 95, optimiseCoding: false });

/** DESIGN "Edge decisions": JPEG, PNG, WebP, GIF, AVIF; HEIC where sharp decodes it; never SVG. */
const IMAGE_FORMATS: Record<string, ImageFormat> = {
  'image/jpeg': { mimeType: 'image/jpeg', extension: 'jpg', clean: cleanJpeg, strip: jpegWithoutMetadata },
  'image/png': { mimeType: 'image/png', extension: 'png', clean: (image) => image.png() },
  'image/apng': { mimeType: 'image/png', extension: 'png', clean: (image) => image.png() },
  'image/webp': { mimeType: 'image/webp', extension: 'webp', clean: (image) => image.webp({ quality: 95 }), encodesWhole: true, strip: webpWithoutMetadata },
  'image/gif': { mimeType: 'image/gif', extension: 'gif', clean: (image) => image.gif(), decodesWhole: true, encodesWhole: true },
  'image/avif': { mimeType: 'image/avif', extension: 'avif', clean: (image) => image.avif({ quality: 80 }), decodesWhole: true, encodesWhole: true },
  // Browsers cannot show HEIC, and sharp writes no HEIC: a cleaned copy becomes a JPEG.
  'image/heic': heic(),
  'image/heif': heic(),
};

function heic(): ImageFormat {
  return { mimeType: 'image/heic', extension: 'heic', clean: cleanJpeg, cleanedAs: { mimeType: 'image/jpeg', extension: 'jpg' }, decodesWhole: true };
}

const isHeic = (format: ImageFormat) => format.mimeType === 'image/heic';

/** The three files of one photo. */
export interface StagedImage {
  original: StagedFile;
  display: StagedFile;
  thumbnail: StagedFile;
}

/** A memory's photo or a video's frame: one of IMAGE_FORMATS by its bytes, at most 25 MB. */
const imageGate = () =>
  new TypeGate<ImageFormat>({
    accept: (mime) => (mime ? (IMAGE_FORMATS[mime] ?? null) : null),
    maxBytes: MEMORY_IMAGE_MAX_BYTES,
    tooLarge: () => new HttpError(413, messages.memoryImageTooLarge),
    wrongType: () => badRequest(messages.imageTypeRefused),
  });

/** A WebP copy of at most `size` px a side, decoded from the file at the smallest scale that gives it. */
const resized = (path: string, size: number, quality: number) =>
  decodeFile(path).resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer({ resolveWithObject: true });

interface MadeCopy {
  data: Buffer;
  info: OutputInfo;
}

interface PhotoCopies {
  display: MadeCopy;
  thumbnail: MadeCopy;
  /** The original without its metadata, in a temporary file; null when it is kept as sent. */
  cleaned: { path: string; info: { width: number; height: number } } | null;
}

/** `name` is the file's name as the browser sent it, for a refusal that names it. */
export async function stageImage(ctx: Pick<AppContext, 'media'>, source: Readable, name?: string): Promise<StagedImage> {
  return withSpooledImage(source, imageGate(), { name, mayBeUndecodable: isHeic }, async (upload) => {
    const cleaning = carriesMetadata(upload.metadata);
    const copies = await imageTurn(() => makeCopies(upload, cleaning), turnsFor(holdsWholePicture(upload, cleaning), upload.metadata));
    return storeCopies(ctx.media, upload, copies);
  });
}

/**
 * A video's thumbnail: the frame the browser captured (memories §2), checked by its bytes
 * like any photo and kept only as a WebP of at most 480 px, upright and without metadata.
 */
export async function stageVideoThumbnail(ctx: Pick<AppContext, 'media'>, source: Readable, name?: string): Promise<StagedFile> {
  return withSpooledImage(source, imageGate(), { name }, async (upload) => {
    const frame = await imageTurn(
      () => resized(upload.path, IMAGE_THUMBNAIL_MAX_PX, 75).catch(() => Promise.reject(unreadable(false))),
      turnsFor(holdsWholePicture(upload, false), upload.metadata),
    );
    const key = newMediaKey('videos', 'webp', 'thumb');
    const [thumbnail] = await storeAll(ctx.media, [{ key, mimeType: 'image/webp', body: Readable.from([frame.data]), width: frame.info.width, height: frame.info.height }]);
    return thumbnail!;
  });
}

/** Every decode of one photo, inside its turn; the files are stored after it. */
async function makeCopies(upload: SpooledImage<ImageFormat>, cleaning: boolean): Promise<PhotoCopies> {
  let display: MadeCopy;
  let thumbnail: MadeCopy;
  try {
    // Each from the file, so each shrinks on load (8000 px decode at 4000 for the display copy,
    // at 1000 for the thumbnail): 34 MB for a 64-megapixel JPEG, against 70 MB decoded whole and
    // 36 MB for one decode serving both (measured for issue 19).
    display = await resized(upload.path, IMAGE_DISPLAY_MAX_PX, 82);
    thumbnail = await resized(upload.path, IMAGE_THUMBNAIL_MAX_PX, 75);
  } catch {
    throw unreadable(isHeic(upload.type));
  }
  if (!cleaning) return { display, thumbnail, cleaned: null };
  const path = upload.scratch('original');
  const stripped = upright(upload.metadata) && upload.type.strip ? upload.type.strip(await readFile(upload.path)) : null;
  if (stripped) {
    await writeFile(path, stripped);
    return { display, thumbnail, cleaned: { path, info: { width: upload.metadata.width ?? 0, height: upload.metadata.height ?? 0 } } };
  }
  const info = await upload.type.clean(decodeFile(upload.path).keepIccProfile()).toFile(path);
  return { display, thumbnail, cleaned: { path, info } };
}

/** Whether a photo's job holds its whole picture: its decoder, or its cleaned original turned upright or encoded. */
function holdsWholePicture({ metadata, type }: SpooledImage<ImageFormat>, cleaning: boolean): boolean {
  return type.decodesWhole === true || (cleaning && (!upright(metadata) || (type.encodesWhole === true && !type.strip)));
}

const upright = (metadata: Metadata) => (metadata.orientation ?? 1) === 1;

async function storeCopies(store: MediaStore, upload: SpooledImage<ImageFormat>, copies: PhotoCopies): Promise<StagedImage> {
  const format = upload.type;
  const originalKey = newMediaKey('images', format.extension);
  const base = originalKey.slice(0, originalKey.lastIndexOf('.'));
  const target = format.cleanedAs ?? format;
  const { width, height } = upload.metadata.autoOrient ?? upload.metadata;
  const original: FileToStore = copies.cleaned
    ? { key: `${base}-original.${target.extension}`, mimeType: target.mimeType, body: createReadStream(copies.cleaned.path), ...sizeOf(copies.cleaned.info) }
    : { key: originalKey, mimeType: format.mimeType, body: createReadStream(upload.path), width: width ?? null, height: height ?? null };
  const [kept, display, thumbnail] = await storeAll(store, [
    original,
    { key: `${base}-display.webp`, mimeType: 'image/webp', body: Readable.from([copies.display.data]), ...sizeOf(copies.display.info) },
    { key: `${base}-thumb.webp`, mimeType: 'image/webp', body: Readable.from([copies.thumbnail.data]), ...sizeOf(copies.thumbnail.info) },
  ]);
  return { original: kept!, display: display!, thumbnail: thumbnail! };
}

interface FileToStore {
  key: string;
  mimeType: string;
  body: Readable;
  width: number | null;
  height: number | null;
}

const sizeOf = (info: { width: number; height: number }) => ({ width: info.width, height: info.height });

/** Stores every file, or none: on any failure those stored are removed and the first failure thrown. */
async function storeAll(store: MediaStore, files: FileToStore[]): Promise<StagedFile[]> {
  const results = await Promise.allSettled(
    files.map(async ({ key, mimeType, body, width, height }): Promise<StagedFile> => ({ key, mimeType, width, height, size: (await store.put(key, body, { contentType: mimeType })).size })),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<StagedFile>).value);
  for (const { body } of files) body.destroy();
  await discardFiles(store, files.map((file) => file.key));
  throw failed.reason;
}

/** Anything that could say where or when a photo was taken, or by whom; or a rotation flag. */
function carriesMetadata(info: Metadata): boolean {
  return Boolean(info.exif || info.xmp || info.iptc || info.tifftagPhotoshop || info.comments?.length || (info.orientation ?? 1) !== 1);
}
