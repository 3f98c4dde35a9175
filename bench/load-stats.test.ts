import { describe, expect, it } from 'vitest';
import { latencyOf, rssOverTime, rssTrend, type RssSample } from './load-stats.js';

const MB = 1e6;

/** Repeatable dice, so a failure here can be replayed. */
function dice(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Thirty seconds of readings every 0.1 s: `base(at)` plus 15 MB per upload in flight plus noise. */
function readings(options: { base: (at: number) => number; uploads: (at: number, roll: number) => number; noiseMB: number; hold?: number }): RssSample[] {
  const roll = dice(7);
  const samples: RssSample[] = [];
  let noise = 0;
  for (let index = 0; index <= 300; index++) {
    const at = 30 + index / 10;
    // `hold` readings share one draw of noise, as readings close in time do.
    if (index % (options.hold ?? 1) === 0) noise = (roll() - 0.5) * 2 * options.noiseMB * MB;
    const uploads = options.uploads(at, roll());
    samples.push({ at, bytes: options.base(at) + uploads * 15 * MB + noise, inFlight: uploads, uploads });
  }
  return samples;
}

describe('rssTrend', () => {
  it('keeps the memory of uploads in flight out of the growth, even when more are in flight late in the run', () => {
    // Flat memory, but uploads pile up towards the end: a plain line would call that growth.
    const samples = readings({ base: () => 300 * MB, uploads: (at, roll) => Math.floor(roll * (1 + (at - 30) / 10)), noiseMB: 2 });
    const trend = rssTrend(samples, 30);
    expect(Math.abs(trend.growth)).toBeLessThan(2 * MB);
    expect(trend.perUpload / MB).toBeCloseTo(15, 0);
    expect(trend.plainGrowth).toBeGreaterThan(20 * MB);
    expect(trend.count).toBe(301);
    expect(trend.span).toBeCloseTo(30, 5);
  });

  it('finds a leak under the uploads swing', () => {
    const samples = readings({ base: (at) => 300 * MB + (at - 30) * 0.5 * MB, uploads: (_, roll) => Math.floor(roll * 4), noiseMB: 2 });
    const trend = rssTrend(samples, 30);
    expect(trend.growth / MB).toBeGreaterThan(14);
    expect(trend.growth / MB).toBeLessThan(16);
    expect(trend.slope * 60).toBeCloseTo(30 * MB, -6);
  });

  it('takes only the readings from `from` on', () => {
    const samples = readings({ base: (at) => (at < 45 ? 250 * MB : 300 * MB), uploads: () => 0, noiseMB: 0 });
    const trend = rssTrend(samples, 45);
    expect(trend.count).toBe(151);
    expect(Math.abs(trend.growth)).toBeLessThan(0.001 * MB);
  });

  it('widens the error when neighbouring readings are alike, as readings 0.1 s apart are', () => {
    const independent = rssTrend(readings({ base: () => 300 * MB, uploads: () => 0, noiseMB: 10 }), 30);
    const alike = rssTrend(readings({ base: () => 300 * MB, uploads: () => 0, noiseMB: 10, hold: 10 }), 30);
    // Noise held over 10 readings carries the information of about a tenth as many: about √10 the error.
    expect(alike.growthError / independent.growthError).toBeGreaterThan(2);
    expect(independent.growthError).toBeGreaterThan(0);
  });

  it('answers NaN rather than a line through too few readings', () => {
    const trend = rssTrend([{ at: 0, bytes: MB, inFlight: 0, uploads: 0 }], 0);
    expect(trend.growth).toBeNaN();
    expect(trend.count).toBe(1);
  });
});

describe('latencyOf', () => {
  it('copes with a long run’s samples and answers their nearest-rank figures', () => {
    const samples = Array.from({ length: 1_000_000 }, (_, index) => ({ kind: 'memory' as const, at: index, ms: (index % 1000) + 1, bytes: 10 }));
    const latency = latencyOf(samples, ['memory'], 100);
    expect(latency).toMatchObject({ count: 1_000_000, perSecond: 10_000, p50: 500, p95: 950, max: 1000, bytes: 10_000_000 });
    expect(latencyOf(samples, ['upload'], 100).max).toBeNaN();
  });
});

describe('rssOverTime', () => {
  const steady = (seconds: number, bytesAt: (at: number) => number): RssSample[] =>
    Array.from({ length: seconds * 10 + 1 }, (_, index) => ({ at: index / 10, bytes: bytesAt(index / 10), inFlight: 0, uploads: 0 }));

  it('gives the reading at each 5 s mark for a run of up to two minutes', () => {
    expect(rssOverTime(steady(60, (at) => at * MB), 60)).toEqual({ every: '5 s', bytes: [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60].map((at) => at * MB) });
  });

  it('gives each minute’s mean for a longer run', () => {
    // 100 MB through the first minute, 200 MB through the second, 300 MB in the last reading.
    const overview = rssOverTime(steady(120, (at) => (Math.floor(at / 60) + 1) * 100 * MB), 121);
    expect(overview).toEqual({ every: 'minute', bytes: [100 * MB, 200 * MB, 300 * MB] });
  });
});
