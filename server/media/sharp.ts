// sharp as the server uses it: every image module imports it from here, so these settings
// hold wherever an image is decoded.
import sharp from 'sharp';

// libvips keeps recent operations and their pixels (up to 50 MB) for a program that opens the
// same file again. Every upload is a new image, so the cache never hits and only holds memory:
// a server under a stream of photo uploads grew its RSS by tens of MB a minute with it
// (bench/README.md, mixed load).
sharp.cache(false);

/**
 * How many images are turned into copies at once. Each job holds a decoder's buffers and one
 * of libuv's four threads, which serving files and writing uploads share: four family members
 * sending several photos each would otherwise take every thread and the memory of a dozen
 * decodes together, on a home server with two cores. Later photos wait their turn, their
 * upload held back meanwhile (the request's stream is simply not read).
 */
export const IMAGE_JOBS_AT_ONCE = 2;

let running = 0;
const queue: Array<() => void> = [];

/** Runs `job` once fewer than IMAGE_JOBS_AT_ONCE image jobs are running, first come first served. */
export async function imageJob<T>(job: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_JOBS_AT_ONCE) await new Promise<void>((resolve) => queue.push(resolve));
  else running += 1;
  try {
    return await job();
  } finally {
    // The slot passes straight to the next in line, so a newcomer cannot overtake it.
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Image jobs running and waiting, for tests. */
export const imageJobsNow = () => ({ running, waiting: queue.length });

export default sharp;
export type { Metadata, OutputInfo, Sharp } from 'sharp';
