// The resampler low-passes before it decimates: a tone above 8 kHz in a 48 kHz recording
// must vanish at 16 kHz, not fold back into the speech band as a false tone (which is what
// taking the nearest sample does).
import { describe, expect, it } from 'vitest';
import { downmix, resample } from './resample.js';

const tone = (hz: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);
/** The middle of a signal, away from the filter's edges. */
const middle = (samples: Float32Array) => samples.subarray(Math.floor(samples.length / 4), Math.floor((3 * samples.length) / 4));

describe('resample', () => {
  it('keeps a 1 kHz tone from 48 kHz at its level and its frequency', () => {
    const out = resample(tone(1000, 48_000, 1), 48_000, 16_000);
    expect(out.length).toBe(16_000);
    expect(rms(middle(out))).toBeCloseTo(0.5 / Math.SQRT2, 2);
    const expected = tone(1000, 16_000, 1);
    const error = middle(out).reduce((worst, x, i) => Math.max(worst, Math.abs(x - expected[i + 4000]!)), 0);
    expect(error).toBeLessThan(0.01);
  });

  it('removes a 12 kHz tone from 48 kHz instead of folding it to 4 kHz (more than 60 dB down)', () => {
    const out = resample(tone(12_000, 48_000, 1), 48_000, 16_000);
    expect(rms(middle(out)) / (0.5 / Math.SQRT2)).toBeLessThan(0.001);
  });

  it('removes a 9 kHz tone from 44.1 kHz (a rate with no whole ratio to 16 kHz)', () => {
    const out = resample(tone(9000, 44_100, 1), 44_100, 16_000);
    expect(out.length).toBe(16_000);
    expect(rms(middle(out)) / (0.5 / Math.SQRT2)).toBeLessThan(0.01);
  });

  it('raises 8 kHz to 16 kHz with the tone intact', () => {
    const out = resample(tone(440, 8000, 1), 8000, 16_000);
    expect(out.length).toBe(16_000);
    const expected = tone(440, 16_000, 1);
    const error = middle(out).reduce((worst, x, i) => Math.max(worst, Math.abs(x - expected[i + 4000]!)), 0);
    expect(error).toBeLessThan(0.01);
  });

  it('hands 16 kHz back untouched', () => {
    const input = tone(300, 16_000, 0.1);
    expect(resample(input, 16_000, 16_000)).toBe(input);
  });
});

describe('downmix', () => {
  it('averages the channels', () => {
    expect([...downmix([Float32Array.of(1, 0.5), Float32Array.of(0, -0.5)])]).toEqual([0.5, 0]);
  });
});
