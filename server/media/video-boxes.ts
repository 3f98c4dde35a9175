// The ISO base media walk of video-metadata.ts (MP4, M4V, QuickTime .mov: ISO/IEC 14496-12
// §4.2 and Apple's QuickTime File Format share the box layout). A box is [size u32][type],
// size 1 meaning a u64 size follows, size 0 meaning "to the end of the file"; a `uuid` box
// has its 16-byte user type after that.
//
// Where metadata lives: `moov/udta` (QuickTime `©xyz` "+48.8577+002.2950/", `©mak`, `©mod`,
// `©swr`, and `meta`/`ilst` inside it), `moov/meta` (Apple's `keys`/`ilst`:
// com.apple.quicktime.location.ISO6709, .make, .model, .software), the same two in each
// `trak`, XMP in a top-level `uuid` box, camera makers' EXIF (GPS included) in `uuid` boxes
// inside `moov` (Canon's CMT1–CMT4). Playback needs none of them.
import type { Body, Plan, Walker } from './video-metadata.js';

/** Boxes overwritten wherever the walk goes (the file, `moov`, each `trak`). */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid']);
/** Google's spherical video V1 box (in `trak`): how a 360° video is shown; no place, no device. */
const SPHERICAL_UUID = 'ffcc8263f8554a938814587a02521fdd';
/** The boxes walked into, by the box they sit in ('' for the file itself). */
const CONTAINERS: Record<string, ReadonlySet<string>> = { '': new Set(['moov']), moov: new Set(['trak']) };

const passRest: Plan = { header: null, body: { action: 'pass-rest' } };

export function isoWalker(): Walker {
  /** The boxes the walk is inside, innermost last, with the offset each one ends at. */
  const open: { type: string; end: number }[] = [];
  return {
    plan(head, offset) {
      while (open.length > 0 && open[open.length - 1]!.end <= offset) open.pop();
      const parent = open[open.length - 1];
      if (head.length < 8) return { need: 8 };
      const size32 = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let headerLength = 8;
      let size = size32;
      if (size32 === 1) {
        if (head.length < 16) return { need: 16 };
        const large = head.readBigUInt64BE(8);
        if (large > BigInt(Number.MAX_SAFE_INTEGER)) return passRest;
        size = Number(large);
        headerLength = 16;
      }
      if (type === 'uuid') {
        if (head.length < headerLength + 16) return { need: headerLength + 16 };
        headerLength += 16;
      }
      const toEnd = size32 === 0;
      // A box that cannot be where it says it is: the walk stops and the rest goes unchanged.
      if (toEnd ? parent !== undefined : size < headerLength || offset + size > (parent?.end ?? Infinity)) return passRest;
      const rest = (action: 'pass' | 'zero'): Body => (toEnd ? { action: `${action}-rest` } : { action, length: size - headerLength });

      const userType = type === 'uuid' ? head.toString('hex', headerLength - 16, headerLength) : null;
      if (METADATA_BOXES.has(type) && userType !== SPHERICAL_UUID) return { header: freeHeader(head, headerLength), body: rest('zero') };
      if (CONTAINERS[parent?.type ?? '']?.has(type)) {
        open.push({ type, end: toEnd ? Infinity : offset + size });
        return { header: null, body: { action: 'descend' } };
      }
      return { header: null, body: rest('pass') };
    },
  };
}

/** The header of a `free` box of the same size (ISO/IEC 14496-12 §8.1.2): contents ignored by every reader. */
function freeHeader(head: Buffer, headerLength: number): Buffer {
  const header = Buffer.alloc(headerLength);
  head.copy(header, 0, 0, 4);
  header.write('free', 4, 'latin1');
  // A large size stays; a `uuid` box's user type becomes part of the zeroed contents.
  if (head.readUInt32BE(0) === 1) head.copy(header, 8, 8, 16);
  return header;
}
