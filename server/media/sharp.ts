// sharp as the server uses it: every image module imports it from here, so these settings
// hold wherever an image is decoded, and every decode waits for one of the process's turns.
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_DECODE_ALONE_PX, IMAGE_DECODES_AT_ONCE, IMAGE_MAX_INPUT_PIXELS } from '../../common/limits.js';

// libvips keeps recent operations and their pixels (up to 50 MB) for a program that opens the
// same file again. Every upload is a new image, so the cache never hits and only holds memory:
// a server under a stream of photo uploads grew its RSS by tens of MB a minute with it
// (bench/README.md, mixed load).
sharp.cache(false);

/**
 * An uploaded image, read from its temporary file: upright, refused past the pixel limit and on
 * any damage. A file, not a stream, so libvips shrinks a JPEG or WebP while decoding it
 * (shrink-on-load: a display copy of 8000 × 8000 decodes at 4000 × 4000, its thumbnail at
 * 1000 × 1000) and reads it in strips.
 */
export const decodeFile = (path: string): Sharp =>
  sharp(path, { failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS, sequentialRead: true }).autoOrient();

let turnsTaken = 0;
let decoding = 0;
let mostTurnsTaken = 0;
const waiting: Array<{ turns: number; start: () => void }> = [];

/**
 * Runs `job` (every decode of one image) once `turns` of the IMAGE_DECODES_AT_ONCE turns are
 * free, first come first served: a later job waits even when it would fit, so a photo that
 * needs every turn is not overtaken for ever. issue 19: three 64-megapixel photos sent at once
 * raised the RSS by 1.8 GB, 214 MB since (bench/README.md, hostile images); commit 914053a
 * dropped an earlier limit because turns were held while uploads arrived, so a job starts only
 * once its upload is whole on disk (image-spool.ts).
 */
export async function imageTurn<T>(job: () => Promise<T>, turns = 1): Promise<T> {
  const wanted = Math.min(Math.max(1, turns), IMAGE_DECODES_AT_ONCE);
  if (waiting.length > 0 || turnsTaken + wanted > IMAGE_DECODES_AT_ONCE) {
    await new Promise<void>((start) => waiting.push({ turns: wanted, start }));
  } else {
    take(wanted);
  }
  try {
    return await job();
  } finally {
    turnsTaken -= wanted;
    decoding -= 1;
    // The turns pass straight to those next in line, so a newcomer cannot overtake them.
    while (waiting.length > 0 && turnsTaken + waiting[0]!.turns <= IMAGE_DECODES_AT_ONCE) {
      const next = waiting.shift()!;
      take(next.turns);
      next.start();
    }
  }
}

/**
 * The turns an image's job takes: every one for a large image whose whole picture is held in
 * memory on the way (a decoder or encoder that takes whole pictures, or one turned upright at
 * full size); 64 megapixels turned upright took 201 MB by themselves (measured for issue 19).
 */
export const turnsFor = (holdsWholePicture: boolean, { width = 0, height = 0 }: Metadata): number =>
  holdsWholePicture && width * height > IMAGE_DECODE_ALONE_PX ? IMAGE_DECODES_AT_ONCE : 1;

function take(turns: number): void {
  turnsTaken += turns;
  decoding += 1;
  mostTurnsTaken = Math.max(mostTurnsTaken, turnsTaken);
}

/** The turns now: images decoding, turns they hold, jobs waiting, and the most turns ever held at once (for tests). */
export const imageTurnsNow = () => ({ decoding, turnsTaken, waiting: waiting.length, mostTurnsTaken });

export default sharp;
export type { Metadata, OutputInfo, Sharp } from 'sharp';
