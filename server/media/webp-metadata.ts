// A WebP original's metadata left out without decoding it (issue 19 "Memory and size"): libwebp
// encodes whole pictures only, so re-encoding a 64-megapixel WebP to strip its EXIF took 527 MB
// and 48 s (measured). A WebP keeps EXIF and XMP in chunks of their own (Google's "WebP
// Container Specification"), so the picture's chunks are copied as they are, its pixels
// untouched, and the rest left behind. Only for an upright picture: WebP has no rotation flag
// but EXIF's, so one that must be turned is still re-encoded.

/** The chunks a picture is made of, and its colour profile, which a cleaned original keeps. */
const PICTURE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X's flags of the chunks left out: EXIF (bit 3) and XMP (bit 2). */
const METADATA_FLAGS = 0x08 | 0x04;

/**
 * The same WebP with only its picture's chunks (and colour profile), or null when the bytes are
 * not a whole WebP container, for the caller to re-encode instead.
 */
export function webpWithoutMetadata(file: Buffer): Buffer | null {
  if (file.length < 20 || file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') return null;
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset < file.length) {
    if (offset + 8 > file.length) return null;
    const fourcc = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (offset + 8 + size > file.length) return null;
    // Chunks are padded to an even size; a writer may leave the last one's padding out, and the
    // copy, zero-filled, puts it back.
    const padded = 8 + size + (size & 1);
    if (PICTURE_CHUNKS.has(fourcc)) {
      const chunk = Buffer.alloc(padded);
      file.copy(chunk, 0, offset, Math.min(offset + padded, file.length));
      if (fourcc === 'VP8X') chunk[8] = chunk[8]! & ~METADATA_FLAGS;
      kept.push(chunk);
    }
    offset += padded;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
