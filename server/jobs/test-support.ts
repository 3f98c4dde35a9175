// What the jobs tests share: a log that keeps its lines, a clock a test moves, a promise a test resolves.
import type { JobLog } from './index.js';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  object: Record<string, unknown>;
  message: string;
}

export function keptLog(): JobLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const keep = (level: LogLine['level']) => (object: object, message: string) => void lines.push({ level, object: object as Record<string, unknown>, message });
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}

/** A clock that stands still until moved. */
export function heldClock(start = new Date()): { now: () => Date; advance(ms: number): void } {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
  };
}

export function deferred<T = void>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
