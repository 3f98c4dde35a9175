// DESIGN "Words for every voice": every browser's recording becomes 16 kHz mono on the
// server, with nothing from the operating system. Each fixture was made once from jfk.wav
// (fixtures/README.md says how); the decoded samples must last as long as the recording
// and still be the speech: the same loudness contour as jfk.wav, and the same words to
// pocketsphinx where it is installed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeToMono16k } from './index.js';
import { bestEnvelopeMatch, JFK_WAV, loudnessEnvelope, pocketsphinx, recognise, waveformSnrDb, writeWav16 } from './test-speech.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

/**
 * Each browser's format: the file, its length in seconds, where in jfk.wav it starts, and
 * whether it is lossless (its very waveform must come back) or a whole sentence long (so
 * pocketsphinx, which needs the sentence around the words, can hear them).
 */
const recordings: Array<{ name: string; what: string; seconds: number; from: number; lossless?: boolean; sentence?: boolean }> = [
  { name: 'jfk-chromium-mediarecorder.webm', what: "WebM/Opus from Chromium's MediaRecorder (no duration in its header)", seconds: 11.46, from: 0, sentence: true },
  { name: 'jfk-opus.webm', what: 'WebM/Opus, 48 kHz mono (Chrome, Firefox)', seconds: 11, from: 0, sentence: true },
  { name: 'jfk-aac.m4a', what: 'MP4/AAC .m4a, 48 kHz mono (Safari)', seconds: 11, from: 0, sentence: true },
  // Safari's MediaRecorder, asked for a chunk every second as our recorders ask, writes fragmented MP4.
  { name: 'jfk-aac-fragmented.mp4', what: "fragmented MP4/AAC, 48 kHz mono, a moof+mdat each second (Safari's MediaRecorder)", seconds: 11, from: 0, sentence: true },
  { name: 'jfk-aac.mp4', what: 'MP4/AAC, 44.1 kHz stereo', seconds: 11, from: 0, sentence: true },
  { name: 'jfk-opus.ogg', what: 'Ogg/Opus, 48 kHz stereo (Firefox)', seconds: 11, from: 0, sentence: true },
  { name: 'jfk-vorbis.ogg', what: 'Ogg/Vorbis, 44.1 kHz stereo', seconds: 11, from: 0, sentence: true },
  { name: 'jfk.mp3', what: 'MPEG layer III, 22.05 kHz', seconds: 11, from: 0, sentence: true },
  { name: 'jfk-s16-22k05.wav', what: 'WAV, 16-bit PCM, 22.05 kHz', seconds: 11, from: 0, lossless: true, sentence: true },
  { name: 'jfk-s16-44k1-stereo.wav', what: 'WAV, 16-bit PCM, 44.1 kHz stereo', seconds: 1.5, from: 5.3, lossless: true },
  { name: 'jfk-s24-48k.wav', what: 'WAV, 24-bit PCM, 48 kHz (extensible, a LIST chunk first)', seconds: 1.5, from: 5.3, lossless: true },
  { name: 'jfk-s32-22k05.wav', what: 'WAV, 32-bit PCM, 22.05 kHz', seconds: 1.5, from: 5.3, lossless: true },
  { name: 'jfk-f32-11k025-stereo.wav', what: 'WAV, 32-bit float, 11.025 kHz stereo', seconds: 1.5, from: 5.3, lossless: true },
];

let reference: Float32Array;
let scratch: string;
beforeAll(async () => {
  reference = await decodeToMono16k(JFK_WAV);
  scratch = await mkdtemp(join(tmpdir(), 'heirloom-decode-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe.each(recordings)('$what', ({ name, seconds, from, lossless, sentence }) => {
  let samples: Float32Array;
  beforeAll(async () => {
    samples = await decodeToMono16k(fixture(name));
  });

  it('decodes to 16 kHz mono of the recording\'s length (±50 ms)', () => {
    expect(samples).toBeInstanceOf(Float32Array);
    expect(Math.abs(samples.length / 16_000 - seconds)).toBeLessThanOrEqual(0.05);
  });

  it("keeps the speech's loudness contour, not noise or a wrong rate", () => {
    const start = Math.round(from * 16_000);
    const original = loudnessEnvelope(reference.subarray(start, start + samples.length));
    // Chromium's recording starts when the recorder does, up to a second into the file it played.
    const match = bestEnvelopeMatch(loudnessEnvelope(samples), original, name.includes('chromium') ? 60 : 5);
    expect(match).toBeGreaterThan(0.9);
  });

  it.skipIf(!lossless)('gives back the waveform itself (40 dB above the difference), resampled without aliasing', () => {
    const start = Math.round(from * 16_000);
    expect(waveformSnrDb(samples, reference.subarray(start, start + samples.length))).toBeGreaterThan(40);
  });

  // pocketsphinx's English model is weak (it hears "and then our my arm arrow" in jfk.wav
  // itself) but "your country" it hears in every faithful decoding, and never in noise.
  it.skipIf(!pocketsphinx || !sentence)('still says "your country" to pocketsphinx', { timeout: 90_000 }, async () => {
    const wav = join(scratch, `${name}.wav`);
    await writeWav16(wav, samples);
    expect(await recognise(wav)).toMatch(/your country/);
  });
});

describe('a file that is not a recording', () => {
  const refusals: Array<[string, () => Promise<string>]> = [
    ['random bytes', () => scratchFile('noise.bin', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
    ['a text file named .webm', () => scratchFile('note.webm', new TextEncoder().encode('grandma said hello'))],
    ['an MP4 with no audio track', () => scratchFile('empty.mp4', Uint8Array.from([0, 0, 0, 16, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new Array(64).fill(0)]))],
    ['a WAV header with no samples', () => scratchFile('header.wav', new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVE'))],
    ['a missing file', async () => join(scratch, 'never-written.webm')],
  ];
  it.each(refusals)('refuses %s with AudioDecodeError', async (_, make) => {
    await expect(decodeToMono16k(await make())).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('refuses the first 300 bytes of a WebM (headers, no audio) with AudioDecodeError', async () => {
    const { readFile } = await import('node:fs/promises');
    const head = (await readFile(fixture('jfk-opus.webm'))).subarray(0, 300);
    await expect(decodeToMono16k(await scratchFile('cut.webm', head))).rejects.toBeInstanceOf(AudioDecodeError);
  });
});

async function scratchFile(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, bytes);
  return path;
}
