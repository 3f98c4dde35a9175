// The figures of the mixed-load benchmark (bench/mixed-load.ts): latency per kind of request,
// the server's memory over time and its CPU time, from what the clients recorded.
import { readFileSync } from 'node:fs';

/** What a client asked for; reads are the kinds the p95 target is about. */
export type Kind = 'unread-count' | 'notifications' | 'timeline-page' | 'memory' | 'comments' | 'thumbnail' | 'image' | 'upload' | 'archive';

export const READ_KINDS: readonly Kind[] = ['unread-count', 'notifications', 'timeline-page', 'memory', 'comments'];
export const ALL_KINDS: readonly Kind[] = [...READ_KINDS, 'thumbnail', 'image', 'upload', 'archive'];

/** One answered request: when it started (ms since the phase began), how long until its last byte, its size. */
export interface Sample {
  kind: Kind;
  at: number;
  ms: number;
  bytes: number;
}

/** A request that failed: a status other than 2xx, a network error or a wrong answer. */
export interface Failure {
  kind: Kind;
  at: number;
  what: string;
}

/** The nearest-rank percentile `q` (0 to 1) of `values`, NaN for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)]!;
}

export interface Latency {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

export function latencyOf(samples: Sample[], kinds: readonly Kind[], seconds: number): Latency {
  const chosen = samples.filter((sample) => kinds.includes(sample.kind));
  const ms = chosen.map((sample) => sample.ms);
  return {
    count: chosen.length,
    perSecond: chosen.length / seconds,
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    // A loop, not Math.max(...ms): a long run's hundreds of thousands of samples overflow the call stack.
    max: ms.length > 0 ? ms.reduce((most, value) => Math.max(most, value), -Infinity) : Number.NaN,
    bytes: chosen.reduce((sum, sample) => sum + sample.bytes, 0),
  };
}

/** The failures grouped by kind and cause, most frequent first. */
export function groupFailures(failures: Failure[]): { kind: Kind; what: string; count: number; firstAt: number }[] {
  const groups = new Map<string, { kind: Kind; what: string; count: number; firstAt: number }>();
  for (const failure of failures) {
    const key = `${failure.kind} ${failure.what}`;
    const group = groups.get(key) ?? { kind: failure.kind, what: failure.what, count: 0, firstAt: failure.at };
    group.count++;
    group.firstAt = Math.min(group.firstAt, failure.at);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** A reading of the server's resident memory, `at` seconds into the load, with the requests then unanswered and the uploads among them. */
export interface RssSample {
  at: number;
  bytes: number;
  inFlight: number;
  uploads: number;
}

export interface RssTrend {
  /** Bytes a second, the memory held by uploads in flight set aside. */
  slope: number;
  /** What the line rises by across the stretch, ± one standard error. */
  growth: number;
  growthError: number;
  /** The bytes each upload in flight held, by the same fit. */
  perUpload: number;
  /** The plain line through the readings, uploads not set aside: its rise and error. */
  plainGrowth: number;
  plainGrowthError: number;
  span: number;
  count: number;
}

/**
 * The trend of the server's RSS from `from` seconds on: the least-squares fit of
 * bytes = a + slope × at + perUpload × uploads.
 *
 * A photo being decoded holds some 15–18 MB of pixels until its copies are written, so a reading
 * taken while three uploads are in flight sits some 50 MB above one taken while none is; that
 * swing, not the trend, dominates single readings. Fitting the uploads alongside time keeps it
 * out of the slope, which is what a leak would raise.
 */
export function rssTrend(samples: RssSample[], from: number): RssTrend {
  const chosen = samples.filter((sample) => sample.at >= from);
  const at = chosen.map((sample) => sample.at);
  const bytes = chosen.map((sample) => sample.bytes);
  const uploads = chosen.map((sample) => sample.uploads);
  const span = chosen.length > 0 ? chosen.at(-1)!.at - chosen[0]!.at : 0;
  const fitted = lineThrough(at, bytes, uploads);
  const plain = lineThrough(at, bytes, null);
  return {
    slope: fitted.slope,
    growth: fitted.slope * span,
    growthError: fitted.slopeError * span,
    perUpload: fitted.covariateSlope,
    plainGrowth: plain.slope * span,
    plainGrowthError: plain.slopeError * span,
    span,
    count: chosen.length,
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** `values` less their least-squares line on `by` (less their mean when `by` is absent or constant). */
function residualsOn(values: number[], by: number[] | null): number[] {
  const centred = values.map((value) => value - mean(values));
  if (!by) return centred;
  const byCentred = by.map((value) => value - mean(by));
  const variance = byCentred.reduce((sum, value) => sum + value * value, 0);
  if (variance === 0) return centred;
  const slope = byCentred.reduce((sum, value, index) => sum + value * centred[index]!, 0) / variance;
  return centred.map((value, index) => value - slope * byCentred[index]!);
}

/**
 * The slope of `y` on `x` with `covariate` held constant (Frisch–Waugh: both residualised on
 * it first), its standard error and the covariate's own slope.
 *
 * Readings 0.1 s apart are alike, so the residuals' variance is worth fewer independent
 * readings than were taken; the error is widened by 1 + 2 Σ ρk, the residuals' autocorrelations
 * summed until they first stop being positive.
 */
function lineThrough(x: number[], y: number[], covariate: number[] | null): { slope: number; slopeError: number; covariateSlope: number } {
  const parameters = covariate ? 3 : 2;
  if (x.length <= parameters + 1) return { slope: Number.NaN, slopeError: Number.NaN, covariateSlope: Number.NaN };
  const xr = residualsOn(x, covariate);
  const yr = residualsOn(y, covariate);
  const xx = xr.reduce((sum, value) => sum + value * value, 0);
  const slope = xr.reduce((sum, value, index) => sum + value * yr[index]!, 0) / xx;
  const residuals = yr.map((value, index) => value - slope * xr[index]!);
  const squares = residuals.reduce((sum, value) => sum + value * value, 0);
  let correlation = 0;
  for (let lag = 1; lag < residuals.length / 4; lag++) {
    let product = 0;
    for (let index = lag; index < residuals.length; index++) product += residuals[index]! * residuals[index - lag]!;
    const rho = squares > 0 ? product / squares : 0;
    if (rho <= 0) break;
    correlation += rho;
  }
  const slopeError = Math.sqrt((squares / (x.length - parameters) / xx) * (1 + 2 * correlation));
  let covariateSlope = Number.NaN;
  if (covariate) {
    // What is left of y once the time trend is taken off, against the covariate.
    const detrended = y.map((value, index) => value - slope * x[index]!);
    const centred = covariate.map((value) => value - mean(covariate));
    const variance = centred.reduce((sum, value) => sum + value * value, 0);
    const rest = residualsOn(detrended, null);
    if (variance > 0) covariateSlope = centred.reduce((sum, value, index) => sum + value * rest[index]!, 0) / variance;
  }
  return { slope, slopeError, covariateSlope };
}

/**
 * The RSS through a run in a few numbers: the reading at each 5 s mark, or for a run of more than
 * two minutes each minute's mean, which a long run's list would otherwise drown in.
 */
export function rssOverTime(samples: RssSample[], seconds: number): { every: '5 s' | 'minute'; bytes: number[] } {
  if (seconds <= 120) {
    const chosen: number[] = [];
    for (const sample of samples) if (sample.at >= chosen.length * 5) chosen.push(sample.bytes);
    return { every: '5 s', bytes: chosen };
  }
  const minutes: number[][] = [];
  for (const sample of samples) (minutes[Math.floor(sample.at / 60)] ??= []).push(sample.bytes);
  return { every: 'minute', bytes: minutes.filter((minute) => minute.length > 0).map(mean) };
}

/** CPU seconds a process has used so far, user and system (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
