// Each container's decoder, loaded only when a file needs it: WebAssembly builds of libopus,
// libvorbis, mpg123 and FAAD2 from npm (the @audio/decode-* family), and WAV and WebM/Opus's
// container read here.
// Nothing comes from the operating system, so `npm install` is all a server needs.
import type { AudioContainer } from './sniff.js';
import { decodeWav, type DecodedAudio } from './wav.js';

type Decode = (bytes: Uint8Array) => Promise<DecodedAudio> | DecodedAudio;

const decoders: Record<AudioContainer, () => Promise<Decode>> = {
  wav: async () => decodeWav,
  // Matroska's CodecDelay and Ogg's pre-skip are honoured by these decoders, and MP4's
  // edit list by decode-mp4, so the length is the recording's, not the encoder's padding.
  webm: async () => {
    const { decodeWebmOpus } = await import('./webm-opus.js');
    return async (bytes) => (await decodeWebmOpus(bytes)) ?? (await import('@audio/decode-webm')).default(bytes);
  },
  'ogg-opus': async () => (await import('@audio/decode-opus')).default,
  'ogg-vorbis': async () => (await import('@audio/decode-vorbis')).default,
  mp4: async () => (await import('@audio/decode-mp4')).default,
  mp3: async () => (await import('@audio/decode-mp3')).default,
};

export async function decodeContainer(container: AudioContainer, bytes: Uint8Array): Promise<DecodedAudio> {
  const decode = await decoders[container]();
  return decode(bytes);
}
