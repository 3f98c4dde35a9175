// How the memories are split into parts, each compiled by Typst on its own: Typst holds every
// decoded photo of a compile until it ends, so a part's photos, not the book's, bound the
// child's memory. Each memory starts on a fresh page, so parts join without a seam.
import { PRINT_DPI } from './layout.js';
import type { TemplateMemory } from './model.js';

/** Decoded pixels a part may hold: about nine photos across the page, some 60 MB in Typst. */
export const PART_PIXELS_MAX = 12_000_000;
/** Memories a part may hold, so a book of words alone still reports progress as it goes. */
export const PART_MEMORIES_MAX = 40;

/** A photo's decoded pixels, at the PRINT_DPI it was scaled to (an upper bound). */
const pixelsOf = (photo: { widthPt: number; heightPt: number }) =>
  Math.ceil((photo.widthPt / 72) * PRINT_DPI) * Math.ceil((photo.heightPt / 72) * PRINT_DPI);

export function planParts(memories: TemplateMemory[]): TemplateMemory[][] {
  const parts: TemplateMemory[][] = [];
  let part: TemplateMemory[] = [];
  let pixels = 0;
  for (const memory of memories) {
    const own = memory.photos.reduce((sum, photo) => sum + pixelsOf(photo), 0);
    if (part.length > 0 && (part.length >= PART_MEMORIES_MAX || pixels + own > PART_PIXELS_MAX)) {
      parts.push(part);
      part = [];
      pixels = 0;
    }
    part.push(memory);
    pixels += own;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
