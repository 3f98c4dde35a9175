// Test support: is decoded audio still the speech it was? Two witnesses: the loudness
// envelope of the decoded samples against jfk.wav's own (cheap, always there), and Debian's
// pocketsphinx with its English model, which must hear the words (absent on a machine
// without it; CI installs it).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

/** whisper.cpp's sample (MIT, licence beside it): 11 s of 16 kHz mono speech. */
export const JFK_WAV = new URL('../../../../shared/fixtures/speech/jfk.wav', import.meta.url).pathname;

/** `samples` as a 16-bit mono WAV file, the format every speech tool reads. */
export async function writeWav16(path: string, samples: Float32Array, sampleRate = 16_000): Promise<void> {
  await writeFile(path, wav16(samples, sampleRate));
}

/** The bytes of a 16-bit mono WAV file holding `samples`. */
export function wav16(samples: Float32Array, sampleRate = 16_000): Buffer<ArrayBuffer> {
  const bytes = Buffer.alloc(44 + samples.length * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + samples.length * 2, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(sampleRate, 24);
  bytes.writeUInt32LE(sampleRate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) {
    bytes.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  }
  return bytes;
}

/** The RMS of each `windowMs` slice: speech's syllables, whatever the codec did to the phase. */
export function loudnessEnvelope(samples: Float32Array, sampleRate = 16_000, windowMs = 20): number[] {
  const window = Math.round((sampleRate * windowMs) / 1000);
  const envelope: number[] = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    let sum = 0;
    for (let i = start; i < start + window; i++) sum += samples[i]! ** 2;
    envelope.push(Math.sqrt(sum / window));
  }
  return envelope;
}

/** Pearson's correlation of two series over their common length. */
export function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  if (n < 2) return 0;
  const mean = (xs: number[]) => xs.slice(0, n).reduce((s, x) => s + x, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let [ab, aa, bb] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** The best correlation of `decoded`'s envelope with `reference`'s when shifted by up to `maxShift` windows either way. */
export function bestEnvelopeMatch(decoded: number[], reference: number[], maxShift: number): number {
  let best = -1;
  for (let shift = -maxShift; shift <= maxShift; shift++) {
    const a = shift >= 0 ? decoded.slice(shift) : decoded;
    const b = shift >= 0 ? reference : reference.slice(-shift);
    best = Math.max(best, correlation(a, b));
  }
  return best;
}

const POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';
const onPath = (name: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${name}`));

/** Which pocketsphinx CLI this machine has: Debian 12's pocketsphinx_continuous, or 13's pocketsphinx. */
export const pocketsphinx: 'continuous' | 'single' | null = !existsSync(POCKETSPHINX_MODEL)
  ? null
  : onPath('pocketsphinx_continuous')
    ? 'continuous'
    : onPath('pocketsphinx')
      ? 'single'
      : null;

/** The words pocketsphinx hears in a 16 kHz mono 16-bit WAV file, lower case, one space apart. */
export async function recognise(wavPath: string): Promise<string> {
  const run = promisify(execFile);
  const { stdout } =
    pocketsphinx === 'continuous'
      ? await run('pocketsphinx_continuous', ['-infile', wavPath, '-logfn', '/dev/null'])
      : await run('pocketsphinx', ['-loglevel', 'FATAL', 'single', wavPath]);
  // pocketsphinx 5 answers one JSON object per utterance, its words in "t".
  const text = pocketsphinx === 'single' ? stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { t: string }).t).join(' ') : stdout;
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * How close `decoded` is to `reference` sample by sample, in dB (signal over difference), at
 * the best shift of up to `maxLag` samples and the best gain (ffmpeg writes a mono source into
 * stereo 3 dB down): for lossless sources, where the waveform itself must come back.
 */
export function waveformSnrDb(decoded: Float32Array, reference: Float32Array, maxLag = 4): number {
  let best = -Infinity;
  // The first and last 20 ms are left out: a cut file's edges are where resamplers differ.
  const [first, last] = [320, Math.min(decoded.length, reference.length) - 320 - maxLag];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let [cross, power, signal] = [0, 0, 0];
    for (let i = first; i < last; i++) {
      cross += decoded[i]! * reference[i + lag]!;
      power += decoded[i]! ** 2;
      signal += reference[i + lag]! ** 2;
    }
    const gain = power > 0 ? cross / power : 0;
    let noise = 0;
    for (let i = first; i < last; i++) noise += (gain * decoded[i]! - reference[i + lag]!) ** 2;
    best = Math.max(best, 10 * Math.log10(signal / Math.max(noise, 1e-20)));
  }
  return best;
}
