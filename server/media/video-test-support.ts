// Videos written by hand for the tests of video-metadata.ts: MP4 boxes and Matroska elements
// built from Buffers, holding a place and a device the way phones and cameras write them,
// and readers that list what a stored file holds.

/** Where the Eiffel Tower stands, as QuickTime's ©xyz and Apple's ISO 6709 key write it. */
export const PLACE = '+48.8577+002.2950/';
export const DEVICE = 'iPhone 15 Pro';

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** An ISO-BMFF box; `large` writes its size as size 1 and a u64, as big `mdat`s are. */
export function box(type: string, contents: Buffer[] = [], { large = false } = {}): Buffer {
  const body = Buffer.concat(contents);
  if (!large) return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + body.length));
  return Buffer.concat([u32(1), Buffer.from(type, 'latin1'), size, body]);
}

/** A QuickTime user-data text item (©xyz, ©mak, ©mod): u16 length, u16 language, text. */
const userText = (type: string, text: string) => box(type, [Buffer.from([0, text.length, 0x15, 0xc7]), Buffer.from(text)]);
const fullBox = (type: string, contents: Buffer[]) => box(type, [Buffer.from([0, 0, 0, 0]), ...contents]);
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** Bytes standing for coded frames: every byte differs from its neighbours, so a shift shows. */
export const frames = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31 + 7) % 251));

/**
 * An MP4 as a phone writes it: `ftyp`, then `mdat` (64-bit size) and `moov` in either order,
 * the place and the device in `moov/udta` (©xyz, ©mak, ©mod), in `moov/meta` (Apple's keys),
 * in the track's `udta`, and in a top-level XMP `uuid` box. `stco` names the first frame's
 * offset in the file, as a player reads it.
 */
export function mp4WithPlace({ moovFirst = false, frameBytes = 200_000 } = {}): { file: Buffer; frames: Buffer } {
  const ftyp = box('ftyp', [Buffer.from('isom'), u32(0x200), Buffer.from('isomiso2mp41')]);
  const media = frames(frameBytes);
  const udta = box('udta', [userText('©xyz', PLACE), userText('©mak', 'Apple'), userText('©mod', DEVICE)]);
  const meta = fullBox('meta', [
    fullBox('hdlr', [u32(0), Buffer.from('mdta'), Buffer.alloc(13)]),
    fullBox('keys', [u32(1), box('mdta', [Buffer.from('com.apple.quicktime.location.ISO6709')])]),
    box('ilst', [box('\0\0\0\x01', [box('data', [u32(1), u32(0), Buffer.from(PLACE)])])]),
  ]);
  const xmp = box('uuid', [XMP_UUID, Buffer.from(`<x:xmpmeta><exif:GPSLatitude>48,51.46N</exif:GPSLatitude><tiff:Model>${DEVICE}</tiff:Model></x:xmpmeta>`)]);
  const moovOf = (offset: number) =>
    box('moov', [
      fullBox('mvhd', [Buffer.alloc(96, 1)]),
      udta,
      meta,
      box('trak', [
        fullBox('tkhd', [Buffer.alloc(80, 2)]),
        box('udta', [userText('©mod', DEVICE)]),
        box('mdia', [box('minf', [box('stbl', [fullBox('stco', [u32(1), u32(offset)])])])]),
      ]),
    ]);
  const mdatHeader = 16;
  // The moov's length does not depend on the offset it holds, so it is measured first.
  const moovLength = moovOf(0).length;
  const firstFrame = ftyp.length + (moovFirst ? moovLength + xmp.length : 0) + mdatHeader;
  const moov = moovOf(firstFrame);
  const mdat = box('mdat', [media], { large: true });
  const file = moovFirst ? Buffer.concat([ftyp, moov, xmp, mdat]) : Buffer.concat([ftyp, mdat, moov, xmp]);
  return { file, frames: media };
}

export interface ReadBox {
  type: string;
  start: number;
  size: number;
  headerLength: number;
}

/** The boxes from `start` to `end`, by their sizes; throws if they do not tile the span exactly. */
export function boxesIn(file: Buffer, start = 0, end = file.length): ReadBox[] {
  const boxes: ReadBox[] = [];
  let at = start;
  while (at < end) {
    const size32 = file.readUInt32BE(at);
    const large = size32 === 1;
    const size = large ? Number(file.readBigUInt64BE(at + 8)) : size32;
    if (size < 8 || at + size > end) throw new Error(`a box at ${at} of size ${size} does not fit before ${end}`);
    boxes.push({ type: file.toString('latin1', at + 4, at + 8), start: at, size, headerLength: large ? 16 : 8 });
    at += size;
  }
  return boxes;
}

/** The children of the first box of `type` among `boxes`. */
export function childrenOf(file: Buffer, boxes: ReadBox[], type: string): ReadBox[] {
  const parent = boxes.find((candidate) => candidate.type === type);
  if (!parent) throw new Error(`no ${type} box`);
  return boxesIn(file, parent.start + parent.headerLength, parent.start + parent.size);
}

/** A Matroska element: its ID's bytes, its size in `sizeLength` bytes (or unknown), its data. */
export function element(id: number, contents: Buffer[] = [], { sizeLength = 0, unknownSize = false } = {}): Buffer {
  const data = Buffer.concat(contents);
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 === 1 ? `0${hex}` : hex, 'hex');
  const length = unknownSize ? 8 : sizeLength || (data.length < 127 ? 1 : data.length < 16383 ? 2 : 4);
  let value = unknownSize ? (1n << BigInt(7 * length)) - 1n : BigInt(data.length);
  value |= 1n << BigInt(7 * length);
  const size = Buffer.alloc(length);
  for (let i = length - 1; i >= 0; i--) {
    size[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return Buffer.concat([idBytes, size, data]);
}

const tagsWith = (name: string, value: string, sizeLength = 0) =>
  element(0x1254c367, [element(0x7373, [element(0x67c8, [element(0x45a3, [Buffer.from(name)]), element(0x4487, [Buffer.from(value)])])])], { sizeLength });

/**
 * A WebM as a live recorder writes it: the Segment and its Clusters of unknown size, Tags
 * before the Clusters (with a size written in 8 bytes, as libwebm does) and after them.
 */
export function webmWithPlace(): { file: Buffer; blocks: Buffer[] } {
  const blocks = [frames(3000), frames(5000).reverse()];
  const cluster = (block: Buffer) => element(0x1f43b675, [element(0xe7, [Buffer.from([0])]), element(0xa3, [block])], { unknownSize: true });
  const file = Buffer.concat([
    element(0x1a45dfa3, [element(0x4282, [Buffer.from('webm')])]),
    element(
      0x18538067,
      [
        element(0x1549a966, [element(0x2ad7b1, [Buffer.from([0x0f, 0x42, 0x40])])]),
        element(0x1654ae6b, [element(0xae, [element(0xd7, [Buffer.from([1])]), element(0x86, [Buffer.from('V_VP8')])])]),
        tagsWith('LOCATION', PLACE, 8),
        ...blocks.map(cluster),
        tagsWith('ENCODER', DEVICE),
      ],
      { unknownSize: true },
    ),
  ]);
  return { file, blocks };
}
