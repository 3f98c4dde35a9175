// A long job's progress as its row shows it (the family book, the archive of everything): a
// fraction written as a whole percent below 100 (100 is the row's 'ready'), throttled, one write
// at a time, so a job reporting every chunk it reads costs the database a few writes a second.
import type { JobLog } from './runner.js';

/** Progress is written at most this often, unless it moved at least PROGRESS_STEP points. */
const PROGRESS_EVERY_MS = 500;
const PROGRESS_STEP = 2;

export interface ProgressRow {
  now(): Date;
  /** Writes the percent to the row; false when the row is gone (deleted meanwhile). */
  write(percent: number): Promise<boolean>;
  /** Told once a write finds no row: the job throws its work away. */
  onGone(): void;
  log: Pick<JobLog, 'warn'>;
  /** Named in the log beside a failed write. */
  about: Record<string, unknown>;
}

export interface ProgressWriter {
  /** 0–1; the promise settles once this report's write (if it made one) is done. */
  report(fraction: number): Promise<void>;
  /** Every write asked for so far done. */
  settled(): Promise<void>;
}

export function progressWriter({ now, write, onGone, log, about }: ProgressRow): ProgressWriter {
  let written = 0;
  let writtenAt = now().getTime();
  let writing: Promise<void> = Promise.resolve();
  return {
    report(fraction) {
      const percent = Math.min(99, Math.max(0, Math.floor(fraction * 100)));
      const at = now().getTime();
      if (percent <= written || (percent - written < PROGRESS_STEP && at - writtenAt < PROGRESS_EVERY_MS)) return writing;
      written = percent;
      writtenAt = at;
      writing = writing.then(async () => {
        try {
          if (!(await write(percent))) onGone();
        } catch (error) {
          // Progress is a courtesy: a failed write of it does not fail the work.
          log.warn({ err: error, ...about }, 'A job could not write its progress');
        }
      });
      return writing;
    },
    settled: () => writing,
  };
}
