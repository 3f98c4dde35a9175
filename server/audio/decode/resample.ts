// Channels to one, and any rate to whisper's 16 kHz, by band-limited interpolation: each
// output sample is the input weighted by a Kaiser-windowed sinc whose cutoff sits below the
// lower of the two Nyquist frequencies. Picking the nearest input sample would fold
// everything above 8 kHz of a 48 kHz recording back into the speech band as noise.

/** Whisper's input rate. */
export const WHISPER_SAMPLE_RATE = 16_000;

/** Zero crossings of the sinc on each side: the filter's length, and its steepness. */
const ZERO_CROSSINGS = 16;
/** The cutoff as a share of the lower Nyquist frequency (7.6 kHz for 16 kHz output). */
const ROLLOFF = 0.95;
/** Kaiser's shape: about 80 dB of stopband. */
const KAISER_BETA = 8;
/** Table points per zero crossing; values between them are interpolated linearly. */
const TABLE_RESOLUTION = 512;

/** The average of the channels (the way ffmpeg downmixes), as one array. */
export function downmix(channels: Float32Array[]): Float32Array {
  const [first, ...rest] = channels;
  if (!first) return new Float32Array(0);
  if (rest.length === 0) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    const length = Math.min(channel.length, mono.length);
    for (let i = 0; i < length; i++) mono[i]! += channel[i]!;
  }
  const scale = 1 / channels.length;
  for (let i = 0; i < mono.length; i++) mono[i]! *= scale;
  return mono;
}

/** `input` at `fromRate` as samples at `toRate`, of length round(input.length × toRate / fromRate). */
export function resample(input: Float32Array, fromRate: number, toRate = WHISPER_SAMPLE_RATE): Float32Array {
  if (fromRate === toRate) return input;
  const ratio = toRate / fromRate;
  const output = new Float32Array(Math.round(input.length * ratio));
  // The filter in input samples: cutoff `scale` cycles per two samples, `reach` samples wide each side.
  const scale = Math.min(1, ratio) * ROLLOFF;
  const reach = ZERO_CROSSINGS / scale;
  const table = kernelTable();
  const last = input.length - 1;
  for (let j = 0; j < output.length; j++) {
    const centre = j / ratio;
    const from = Math.max(0, Math.ceil(centre - reach));
    const to = Math.min(last, Math.floor(centre + reach));
    let sum = 0;
    let weights = 0;
    for (let k = from; k <= to; k++) {
      const position = Math.abs(k - centre) * scale * TABLE_RESOLUTION;
      const index = Math.floor(position);
      const below = table[index]!;
      const weight = below + (position - index) * (table[index + 1]! - below);
      sum += input[k]! * weight;
      weights += weight;
    }
    // Dividing by the weights keeps the gain exactly 1 at every phase and at the ends.
    output[j] = weights > 0 ? sum / weights : 0;
  }
  return output;
}

let table: Float64Array | null = null;

/** sinc(x) × Kaiser(x / ZERO_CROSSINGS) for x from 0 to ZERO_CROSSINGS, plus one zero past the end. */
function kernelTable(): Float64Array {
  if (table) return table;
  const size = ZERO_CROSSINGS * TABLE_RESOLUTION;
  table = new Float64Array(size + 2);
  const norm = besselI0(KAISER_BETA);
  for (let i = 0; i <= size; i++) {
    const x = i / TABLE_RESOLUTION;
    const sinc = i === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const r = x / ZERO_CROSSINGS;
    table[i] = (sinc * besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - r * r)))) / norm;
  }
  return table;
}

/** The modified Bessel function of the first kind, order 0, by its power series. */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50 && term > sum * 1e-16; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}
