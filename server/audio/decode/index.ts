// Any recording a browser makes (WebM/Opus from Chrome and Firefox, MP4/AAC from Safari, Ogg,
// MP3, WAV) as whisper takes it: 16 kHz mono Float32 (DESIGN "Words for every voice").
// Decoding a long recording keeps a core busy for a while: the local engine calls this in
// its child process, never on the server's event loop.
import { readFile } from 'node:fs/promises';
import { decodeContainer } from './codecs.js';
import { AudioDecodeError } from './errors.js';
import { downmix, resample, WHISPER_SAMPLE_RATE } from './resample.js';
import { sniffContainer, type AudioContainer } from './sniff.js';

export { AudioDecodeError } from './errors.js';
export { sniffContainer, SNIFF_BYTES, type AudioContainer } from './sniff.js';
export { WHISPER_SAMPLE_RATE } from './resample.js';

/** The recording at `path` as 16 kHz mono samples in [-1, 1]; AudioDecodeError when it cannot be read as audio. */
export async function decodeToMono16k(path: string): Promise<Float32Array> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new AudioDecodeError(`The recording could not be read (${error.code ?? error.message}).`);
  });
  return decodeBytesToMono16k(bytes);
}

/** As decodeToMono16k, for bytes already in memory. */
export async function decodeBytesToMono16k(bytes: Uint8Array): Promise<Float32Array> {
  const container = sniffContainer(bytes);
  if (!container) throw new AudioDecodeError('This file is not a recording we can read (WebM, Ogg, MP4, MP3 or WAV).');
  const { channelData, sampleRate } = await decodeOrExplain(container, bytes);
  const frames = channelData[0]?.length ?? 0;
  if (frames === 0 || !(sampleRate > 0)) throw new AudioDecodeError(`This ${container} file holds no audio.`);
  return resample(downmix(channelData), sampleRate, WHISPER_SAMPLE_RATE);
}

async function decodeOrExplain(container: AudioContainer, bytes: Uint8Array) {
  try {
    return await decodeContainer(container, bytes);
  } catch (error) {
    if (error instanceof AudioDecodeError) throw error;
    // The decoders' own words ("No audio track found in MP4", a WebAssembly trap) say why.
    throw new AudioDecodeError(`This ${container} file could not be decoded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
