// The Matroska/WebM walk of video-metadata.ts (RFC 9559). An element is its ID (a variable-
// length integer of 1–4 bytes, read with its marker bit), its size (1–8 bytes, marker bit
// dropped; all ones: unknown, as live WebM writes Segment and Cluster) and its data.
//
// Metadata lives in `Tags` (title, artist, dates, and where a camera writes it, place and
// device), at the Segment's level, before or after the Clusters. Each is overwritten by a
// `Void` element of the same total size (RFC 9559 §5.1.7: "used to void data"), whose data
// are zeros. The walk goes into the Segment and into Clusters of unknown size (whose end is
// only found by reading their children), and steps over everything else whole.
import type { Plan, Walker } from './video-metadata.js';

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TAGS = 0x1254c367;
const VOID = 0xec;

const passRest: Plan = { header: null, body: { action: 'pass-rest' } };
const descend: Plan = { header: null, body: { action: 'descend' } };

/** How many bytes a variable-length integer starting with `first` takes (0: none, malformed). */
const vintLength = (first: number): number => (first === 0 ? 0 : Math.clz32(first) - 23);

export function matroskaWalker(): Walker {
  return {
    plan(head) {
      const idLength = vintLength(head[0]!);
      if (idLength === 0 || idLength > 4) return passRest;
      if (head.length < idLength + 1) return { need: idLength + 1 };
      const sizeLength = vintLength(head[idLength]!);
      if (sizeLength === 0) return passRest;
      const headerLength = idLength + sizeLength;
      if (head.length < headerLength) return { need: headerLength };

      const id = head.readUIntBE(0, idLength);
      let size = BigInt(head[idLength]! & (0xff >> sizeLength));
      for (let i = idLength + 1; i < headerLength; i++) size = (size << 8n) | BigInt(head[i]!);
      const unknown = size === (1n << BigInt(7 * sizeLength)) - 1n;
      if (id === SEGMENT || (id === CLUSTER && unknown)) return descend;
      // Any other element of unknown size, or of a size past any file we keep: the rest unchanged.
      if (unknown || size > BigInt(Number.MAX_SAFE_INTEGER)) return passRest;
      const length = Number(size);
      const header = id === TAGS ? voidHeader(headerLength, length) : null;
      if (header) return { header, body: { action: 'zero', length } };
      return { header: null, body: { action: 'pass', length } };
    },
  };
}

/**
 * The header of a Void element spanning `headerLength + length` bytes, written over an
 * element's header of `headerLength` bytes: the Void's 1-byte ID, then its size in as many
 * bytes as fit (a size may be written longer than needed, RFC 9559 §4.4), then zeros that
 * count as its data. Null when the size does not fit (never for a file of up to 250 MB).
 */
function voidHeader(headerLength: number, length: number): Buffer | null {
  const sizeLength = Math.min(8, headerLength - 1);
  const data = BigInt(length + headerLength - 1 - sizeLength);
  if (data >= (1n << BigInt(7 * sizeLength)) - 1n) return null;
  const header = Buffer.alloc(headerLength);
  header[0] = VOID;
  let value = data | (1n << BigInt(7 * sizeLength));
  for (let i = sizeLength; i >= 1; i--) {
    header[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return header;
}
