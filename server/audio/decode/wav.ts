// RIFF WAVE read by hand: integer PCM of 8 to 32 bits and IEEE float of 32 or 64, plain or
// WAVE_FORMAT_EXTENSIBLE, at any rate and channel count. Samples are read through a DataView
// because chunks before `data` (LIST, fact) leave it at any offset, where a typed array view
// of 24- or 32-bit samples cannot start.
import { AudioDecodeError } from './errors.js';

export interface DecodedAudio {
  /** One array per channel, samples in [-1, 1]. */
  channelData: Float32Array[];
  sampleRate: number;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;

interface WavFormat {
  encoding: 'int' | 'float';
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

export function decodeWav(bytes: Uint8Array): DecodedAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') format = readFormat(view, body, size);
    if (id === 'data') {
      if (!format) throw new AudioDecodeError('This WAV file has no format before its samples.');
      // A recorder stopped mid-write leaves a size larger than what follows: take what is there.
      return readSamples(view, body, Math.min(size, bytes.length - body), format);
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  throw new AudioDecodeError('This WAV file has no samples.');
}

function readFormat(view: DataView, at: number, size: number): WavFormat {
  if (size < 16) throw new AudioDecodeError('This WAV file has a damaged format chunk.');
  let tag = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  // EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (tag === EXTENSIBLE && size >= 40) tag = view.getUint16(at + 24, true);
  const encoding = tag === PCM ? 'int' : tag === IEEE_FLOAT ? 'float' : null;
  const knownWidth = encoding === 'int' ? [8, 16, 24, 32].includes(bitsPerSample) : [32, 64].includes(bitsPerSample);
  if (!encoding || !knownWidth || channels === 0 || sampleRate === 0) {
    throw new AudioDecodeError(`This WAV encoding (format ${tag}, ${bitsPerSample} bits) is not one we read.`);
  }
  return { encoding, channels, sampleRate, bitsPerSample };
}

function readSamples(view: DataView, at: number, size: number, { encoding, channels, sampleRate, bitsPerSample }: WavFormat): DecodedAudio {
  const width = bitsPerSample / 8;
  const frames = Math.floor(size / (width * channels));
  const channelData = Array.from({ length: channels }, () => new Float32Array(frames));
  const read = sampleReader(view, encoding, bitsPerSample);
  for (let frame = 0, offset = at; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++, offset += width) channelData[channel]![frame] = read(offset);
  }
  return { channelData, sampleRate };
}

function sampleReader(view: DataView, encoding: 'int' | 'float', bits: number): (offset: number) => number {
  if (encoding === 'float') return bits === 32 ? (o) => view.getFloat32(o, true) : (o) => view.getFloat64(o, true);
  switch (bits) {
    case 8: // unsigned, centred on 128
      return (o) => (view.getUint8(o) - 128) / 128;
    case 16:
      return (o) => view.getInt16(o, true) / 32768;
    case 24:
      return (o) => ((view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16)) / 8388608);
    default:
      return (o) => view.getInt32(o, true) / 2147483648;
  }
}
