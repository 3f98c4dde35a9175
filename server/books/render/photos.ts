// Photos scaled to print, in this process, one at a time: each is streamed from the media store
// to a file in the render's folder, decoded by libvips from that file (shrink-on-load, read in
// strips) and written as a JPEG at PRINT_DPI for the size it prints. Typst then decodes only
// these small copies (STACK-NOTES: it keeps every decoded image for a whole compile; 3000 px
// originals took it to 3.7 GB).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { decodeFile, imageTurn, turnsFor } from '../../media/sharp.js';
import type { MediaStore } from '../../providers/storage/index.js';
import type { BookPhoto } from '../document.js';
import { printSize } from './layout.js';

/** A photo ready for the template: a path inside the render's folder and its printed size. */
export interface PrintPhoto {
  /** From the workspace's root, as Typst's image() takes it: "/photos/3.jpg". */
  path: string;
  widthPt: number;
  heightPt: number;
}

const JPEG_QUALITY = 88;

/**
 * Scales `photo` to print inside `box`, or answers null when it cannot be printed (gone from
 * the store, or not an image libvips reads): a book is still worth having without one photo.
 */
export async function preparePhoto(
  media: MediaStore,
  photo: BookPhoto,
  box: { widthPt: number; heightPt: number },
  workDir: string,
  name: string,
  signal?: AbortSignal,
): Promise<PrintPhoto | null> {
  signal?.throwIfAborted();
  const original = join(workDir, `${name}.original`);
  try {
    // A store that fails is the job's to retry; a photo it no longer holds is left out.
    const stored = await media.get(photo.storageKey);
    if (!stored) return null;
    await pipeline(stored.body, createWriteStream(original), { signal });
    return await scale(original, box, join(workDir, `${name}.jpg`), signal).catch((error: unknown) => {
      if (signal?.aborted) throw signal.reason;
      // Bytes libvips cannot read (damaged, or a type it has no decoder for) cost the photo only;
      // a system error (a full disk: it has a code) fails the book, to be tried again.
      if (error instanceof Error && !('code' in error)) return null;
      throw error;
    });
  } finally {
    await rm(original, { force: true });
  }
}

async function scale(original: string, box: { widthPt: number; heightPt: number }, output: string, signal?: AbortSignal): Promise<PrintPhoto | null> {
  // The header only: cheap, and it says how many of the process's decode turns the scaling takes.
  const metadata = await decodeFile(original).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: its upright width is its height.
  const quarterTurned = (metadata.orientation ?? 1) >= 5;
  const width = quarterTurned ? metadata.height : metadata.width;
  const height = quarterTurned ? metadata.width : metadata.height;
  if (!width || !height) return null;
  const size = printSize(width, height, box);
  // Turning a photo upright holds its whole picture, so a large turned one takes every turn.
  const turns = turnsFor((metadata.orientation ?? 1) > 1, metadata);
  await imageTurn(async () => {
    signal?.throwIfAborted();
    await decodeFile(original)
      .resize(size.widthPx, size.heightPx, { fit: 'fill', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColorspace('srgb')
      .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
      .toFile(output);
  }, turns);
  return { path: `/${basename(output)}`, widthPt: size.widthPt, heightPt: size.heightPt };
}
