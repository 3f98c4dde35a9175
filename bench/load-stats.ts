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
    max: ms.length > 0 ? Math.max(...ms) : Number.NaN,
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

/** A reading of the server's resident memory, `at` seconds into the load, and of the requests then unanswered. */
export interface RssSample {
  at: number;
  bytes: number;
  inFlight: number;
}

/**
 * The least-squares line through the samples from `from` seconds on: its slope (bytes per
 * second) and what it grows by across that stretch. A straight fit, since single readings
 * rise and fall by several MB with each garbage collection.
 */
export function rssTrend(samples: RssSample[], from: number): { slope: number; growth: number; growthError: number; span: number; count: number } {
  const chosen = samples.filter((sample) => sample.at >= from);
  if (chosen.length < 3) return { slope: Number.NaN, growth: Number.NaN, growthError: Number.NaN, span: 0, count: chosen.length };
  const meanT = chosen.reduce((sum, sample) => sum + sample.at, 0) / chosen.length;
  const meanB = chosen.reduce((sum, sample) => sum + sample.bytes, 0) / chosen.length;
  let covariance = 0;
  let variance = 0;
  for (const sample of chosen) {
    covariance += (sample.at - meanT) * (sample.bytes - meanB);
    variance += (sample.at - meanT) ** 2;
  }
  const slope = covariance / variance;
  const span = chosen.at(-1)!.at - chosen[0]!.at;
  // The fit's standard error, as if the readings were independent. They are not (a burst of
  // uploads spans several), so the true uncertainty is larger still.
  const residuals = chosen.reduce((sum, sample) => sum + (sample.bytes - meanB - slope * (sample.at - meanT)) ** 2, 0);
  const slopeError = Math.sqrt(residuals / (chosen.length - 2) / variance);
  return { slope, growth: slope * span, growthError: slopeError * span, span, count: chosen.length };
}

/** CPU seconds a process has used so far, user and system (fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
