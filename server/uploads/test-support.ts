// Test helpers for direct uploads: video bytes file-type recognises, and big bodies made
// on the fly.
import { Readable } from 'node:stream';

/**
 * The start of an MP4 file: an `ftyp` box with the `isom` brand (all file-type needs),
 * then `length` bytes of filler standing for the movie.
 */
export function mp4Bytes(length = 4000): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  return Buffer.concat([ftyp, Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256))]);
}

/** An MP4 body of `mebibytes` MiB, made a chunk at a time so no test holds it whole. */
export function mp4Stream(mebibytes: number): Readable {
  const filler = Buffer.alloc(1024 * 1024, 0x61);
  return Readable.from(
    (function* () {
      const first = Buffer.from(filler);
      mp4Bytes(0).copy(first);
      yield first;
      for (let i = 1; i < mebibytes; i++) yield filler;
    })(),
  );
}
