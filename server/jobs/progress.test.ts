// A long job's progress (the book, the archive): throttled whole percents below 100, one write
// at a time, a vanished row told once, a failed write logged and not thrown.
import { describe, expect, it } from 'vitest';
import { progressWriter } from './progress.js';
import { heldClock, keptLog } from './test-support.js';

function recorder(answers: (percent: number) => boolean | Promise<boolean> = () => true) {
  const clock = heldClock(new Date('2026-11-26T12:00:00Z'));
  const written: number[] = [];
  let gone = 0;
  const log = keptLog();
  const writer = progressWriter({
    now: clock.now,
    write: async (percent) => {
      written.push(percent);
      return answers(percent);
    },
    onGone: () => gone++,
    log,
    about: { bookId: 'b1' },
  });
  return { clock, written, writer, log, gone: () => gone };
}

describe('progressWriter', () => {
  it('writes a step of two points at once, a smaller one only after half a second, never 100 nor backwards', async () => {
    const { clock, written, writer } = recorder();
    await writer.report(0.005);
    await writer.report(0.03);
    await writer.report(0.04);
    clock.advance(499);
    await writer.report(0.041);
    clock.advance(1);
    await writer.report(0.041);
    await writer.report(0.02);
    await writer.report(1);
    expect(written).toEqual([3, 4, 99]);
  });

  it('tells onGone when the row is gone, and logs a failed write without throwing', async () => {
    const gone = recorder(() => false);
    await gone.writer.report(0.5);
    expect(gone.gone()).toBe(1);

    const failing = recorder(() => {
      throw new Error('database is locked');
    });
    await expect(failing.writer.report(0.5)).resolves.toBeUndefined();
    await failing.writer.settled();
    expect(failing.log.lines.map((line) => [line.level, line.object.bookId, line.message])).toEqual([['warn', 'b1', 'A job could not write its progress']]);
  });
});
