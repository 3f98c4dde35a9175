// @vitest-environment jsdom
// Answers held until the first screen is painted (issue 26 "First load"): released by the frame
// after the first commit, or after a second at most (a hidden tab paints none), and never held
// where the app's own start did not ask for it.
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_HOLD_MAX_MS } from '../../../common/limits';

import { FirstPaintMark, holdUntilFirstPaint, useFirstPaintDone } from './firstPaint';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The module's state is the page's: this first test sees it before anything held, and each
// test after lets go of what it held.
describe('useFirstPaintDone', () => {
  it('is done at once where nothing asked to hold (a test, another page)', () => {
    expect(renderHook(() => useFirstPaintDone()).result.current).toBe(true);
  });

  it('holds from the start until the frame after the first commit has been painted', async () => {
    holdUntilFirstPaint();
    const hook = renderHook(() => useFirstPaintDone());
    expect(hook.result.current).toBe(false);

    render(<FirstPaintMark />);
    expect(hook.result.current).toBe(false);
    // The frame's animation callback runs before its paint: still held.
    await act(async () => vi.advanceTimersToNextFrame());
    expect(hook.result.current).toBe(false);
    // The task it queued runs once that frame is painted (a zero delay set from inside a timer's
    // callback is a millisecond to the fake clock).
    await act(async () => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(true);
  });

  it('lets go after a second when no frame comes (a tab opened in the background)', async () => {
    holdUntilFirstPaint();
    const hook = renderHook(() => useFirstPaintDone());
    await act(async () => vi.advanceTimersByTime(FIRST_PAINT_HOLD_MAX_MS - 1));
    expect(hook.result.current).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(hook.result.current).toBe(true);
  });
});
