// Photos scaled to print, one at a time: each is streamed from the media store to a file in the
// render's folder, and the renderer's child scales it (scale.ts) to a JPEG at PRINT_DPI for the
// size it prints. Typst then decodes only these small copies (STACK-NOTES: it keeps every
// decoded image for a whole compile; 3000 px originals took it to 3.7 GB).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaStore } from '../../providers/storage/index.js';
import type { BookPhoto } from '../document.js';
import type { PrintPhoto } from './protocol.js';
import type { RenderChildren } from './run-child.js';

export type { PrintPhoto } from './protocol.js';

/**
 * Scales `photo` to print inside `box`, or answers null when it cannot be printed (gone from
 * the store, or not an image libvips reads): a book is still worth having without one photo.
 * A store that fails fails the book, for the job to try again.
 */
export async function preparePhoto(
  media: MediaStore,
  children: RenderChildren,
  photo: BookPhoto,
  box: { widthPt: number; heightPt: number },
  workDir: string,
  name: string,
  signal?: AbortSignal,
): Promise<PrintPhoto | null> {
  signal?.throwIfAborted();
  const original = join(workDir, `${name}.original`);
  try {
    const stored = await media.get(photo.storageKey);
    if (!stored) return null;
    await pipeline(stored.body, createWriteStream(original), { signal });
    const scaled = await children.run({ type: 'scale', original, output: join(workDir, `${name}.jpg`), box }, 'scaled');
    return scaled.photo;
  } finally {
    await rm(original, { force: true });
  }
}
