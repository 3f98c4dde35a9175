// An upright JPEG original's metadata left out without decoding it (issue 19 "Memory and size"):
// re-encoding it held every coefficient of the picture with optimised Huffman tables (389 MB at
// 64 megapixels) or wrote a file a fifth larger without them, and lost quality either way. A JPEG
// keeps EXIF and XMP (APP1), IPTC (APP13), MPF (APP2) and comments (COM) in segments of their own
// before its first scan (ITU T.81 B.2), so the picture's segments are copied as they are and the
// rest left behind, with anything after the end of the picture (a second image, a gain map).
// Only for an upright picture: one with a rotation flag is still re-encoded upright.

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const isApp = (marker: number) => marker >= 0xe0 && marker <= 0xef;

/** Whether a segment before the first scan stays: JFIF, the colour profile, Adobe's colour transform, and every table and frame header. */
function isPicture(marker: number, body: Buffer): boolean {
  const says = (tag: string) => body.toString('latin1', 0, tag.length) === tag;
  if (marker === 0xe0) return says('JFIF\0');
  if (marker === 0xe2) return says('ICC_PROFILE\0');
  if (marker === 0xee) return says('Adobe');
  return !isApp(marker) && marker !== COM;
}

/**
 * The same JPEG with only its picture's segments (and colour profile), or null when the bytes are
 * not a whole JPEG or carry metadata between their scans, for the caller to re-encode instead.
 */
export function jpegWithoutMetadata(file: Buffer): Buffer | null {
  if (file.length < 4 || file[0] !== 0xff || file[1] !== SOI) return null;
  const kept: Buffer[] = [file.subarray(0, 2)];
  let offset = 2;
  for (;;) {
    if (offset + 4 > file.length || file[offset] !== 0xff) return null;
    const marker = file[offset + 1]!;
    // A marker may be preceded by any number of fill bytes (0xFF).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const end = offset + 2 + file.readUInt16BE(offset + 2);
    if (end > file.length || end < offset + 4) return null;
    if (isPicture(marker, file.subarray(offset + 4, end))) kept.push(file.subarray(offset, end));
    offset = end;
    if (marker === SOS) break;
  }
  // The scans: entropy-coded bytes (0xFF only as 0xFF00 or a restart marker), with the tables
  // and scan headers of a progressive picture between them, up to the end of the picture.
  const scans = offset;
  for (let at = file.indexOf(0xff, offset); at >= 0 && at + 1 < file.length; at = file.indexOf(0xff, at + 1)) {
    const marker = file[at + 1]!;
    if (marker === 0x00 || marker === 0xff || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === EOI) return Buffer.concat([...kept, file.subarray(scans, at + 2)]);
    if (isApp(marker) || marker === COM || at + 4 > file.length) return null;
    // A segment between scans: its length says where the next bytes to look at begin.
    at += 1 + file.readUInt16BE(at + 2);
  }
  // No end of picture: cut short.
  return null;
}
