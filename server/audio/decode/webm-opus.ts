// WebM with Opus, as Chrome and Firefox record it, read here: a flat walk over the Matroska
// elements hands the Opus packets to libopus (@audio/decode-opus's WebAssembly build).
// @audio/decode-webm took 10 minutes over a 5-minute ffmpeg-made WebM here (and under a
// second for the same minute cut out), so it is kept only for what this walk does not read:
// other codecs, laced blocks, multichannel Opus.
import { createOpusDecoder } from '@audio/decode-opus/core';
import { AudioDecodeError } from './errors.js';
import type { DecodedAudio } from './wav.js';

const ID = {
  segment: 0x18538067,
  cluster: 0x1f43b675,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  codecId: 0x86,
  codecPrivate: 0x63a2,
  blockGroup: 0xa0,
  block: 0xa1,
  simpleBlock: 0xa3,
} as const;

/** Elements whose children are walked into (the rest are skipped or read whole). */
const MASTERS = new Set<number>([ID.segment, ID.cluster, ID.tracks, ID.trackEntry, ID.blockGroup]);

interface Track {
  number?: number;
  codec?: string;
  opusHead?: Uint8Array;
}

/** An EBML variable-length integer at `at`: its value (marker bit removed unless `keepMarker`) and length. */
function readVint(bytes: Uint8Array, at: number, keepMarker = false): { value: number; length: number; unknown: boolean } {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new AudioDecodeError('This WebM file is damaged.');
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) throw new AudioDecodeError('This WebM file ends in the middle of an element.');
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** The Opus packets of a WebM's Opus track and its OpusHead, or null when this walk cannot read it simply. */
export function demuxWebmOpus(bytes: Uint8Array): { head: Uint8Array; packets: Uint8Array[] } | null {
  const tracks: Track[] = [];
  const packets: Uint8Array[] = [];
  let opusTrack: Track | undefined;
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    const size = readVint(bytes, at + id.length);
    const body = at + id.length + size.length;
    if (MASTERS.has(id.value)) {
      if (id.value === ID.trackEntry) tracks.push({});
      at = body; // walk into it: its children follow
      continue;
    }
    // Only masters may have an unknown size (MediaRecorder writes Segment and Cluster so).
    if (size.unknown) return null;
    const end = Math.min(body + size.value, bytes.length);
    const track = tracks.at(-1);
    if (id.value === ID.trackNumber && track) track.number = readUint(bytes, body, end);
    if (id.value === ID.codecId && track) track.codec = new TextDecoder().decode(bytes.subarray(body, end));
    if (id.value === ID.codecPrivate && track) track.opusHead = bytes.subarray(body, end);
    if (id.value === ID.simpleBlock || id.value === ID.block) {
      opusTrack ??= tracks.find((t) => t.codec === 'A_OPUS');
      if (!opusTrack) return null;
      const trackNumber = readVint(bytes, body);
      if (trackNumber.value === opusTrack.number) {
        const flags = bytes[body + trackNumber.length + 2] ?? 0;
        if ((flags & 0x06) !== 0) return null; // laced: several packets in one block
        packets.push(bytes.subarray(body + trackNumber.length + 3, end));
      }
    }
    at = body + size.value;
  }
  const head = (opusTrack ?? tracks.find((t) => t.codec === 'A_OPUS'))?.opusHead;
  // Channel mapping family 0 only: mono or stereo, which is what browsers record.
  if (!head || head.length < 19 || head[18] !== 0) return null;
  return { head, packets };
}

function readUint(bytes: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** The WebM's Opus audio at 48 kHz, or null when it is not the plain Opus this file reads. */
export async function decodeWebmOpus(bytes: Uint8Array): Promise<DecodedAudio | null> {
  const demuxed = demuxWebmOpus(bytes);
  if (!demuxed) return null;
  const { head, packets } = demuxed;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const decoder = await createOpusDecoder();
  try {
    // OpusHead: channels at 9, pre-skip (the encoder's priming samples, trimmed) at 10.
    decoder.configure({ sampleRate: 48_000, channels: head[9]!, preSkip: view.getUint16(10, true) });
    const { channelData, sampleRate } = decoder.decodeFrames(packets);
    return { channelData, sampleRate };
  } finally {
    decoder.free();
  }
}
