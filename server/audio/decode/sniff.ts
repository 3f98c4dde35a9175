// What a recording is, by its first bytes, never by its name or the browser's word for it:
// Safari calls MP4 "audio/mp4", Firefox calls Ogg "audio/ogg" or WebM "video/webm", and an
// upload may be renamed on the way.

export type AudioContainer = 'wav' | 'webm' | 'ogg-opus' | 'ogg-vorbis' | 'mp4' | 'mp3';

/** How many bytes `sniffContainer` needs: the Ogg page header plus its first packet's signature. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));

/** The container (and for Ogg the codec) of a file that begins with `head`, or null. */
export function sniffContainer(head: Uint8Array): AudioContainer | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  // EBML magic: WebM and Matroska alike (Chrome and Firefox MediaRecorder).
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(head, 4, 'ftyp')) return 'mp4';
  if (ascii(head, 0, 'OggS')) return oggCodec(head);
  if (ascii(head, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame sync with a layer (ADTS AAC has the same sync but layer 0).
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && (((head[1] ?? 0) >> 1) & 3) !== 0) return 'mp3';
  return null;
}

/** The codec of an Ogg stream, by the signature of the first packet of its first page. */
function oggCodec(head: Uint8Array): AudioContainer | null {
  const segments = head[26];
  if (segments === undefined) return null;
  const packet = 27 + segments;
  if (ascii(head, packet, 'OpusHead')) return 'ogg-opus';
  if (head[packet] === 1 && ascii(head, packet + 1, 'vorbis')) return 'ogg-vorbis';
  return null;
}
