// @vitest-environment jsdom
// memories §4, §9: the timeline tooltip appears 1.5 s after the stored memory count was 0
// and is now at least 1, and never otherwise; 'Got it!' dismisses it.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { MEMORY_COUNT_KEY, TimelineTooltip } from './TimelineTooltip';

const tooltip = () => screen.queryByRole('dialog', { name: 'Your timeline' });
/** Mantine's Transition mounts its child on timers of its own, started once `mounted` turns true. */
const finishTransition = () => act(() => vi.advanceTimersByTime(250));

function renderWith(count: number | null) {
  const view = renderWithMantine(<TimelineTooltip memoryCount={count} />);
  return (next: number | null) => view.rerender(<TimelineTooltip memoryCount={next} />);
}

beforeEach(() => {
  installBrowserStandIns();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the timeline tooltip', () => {
  it('appears 1.5 s after the count goes from a stored 0 to 1, not before', () => {
    const rerender = renderWith(0);
    expect(localStorage.getItem(MEMORY_COUNT_KEY)).toBe('0');
    rerender(1);
    act(() => vi.advanceTimersByTime(1_400));
    expect(tooltip()).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    finishTransition();
    expect(tooltip()).not.toBeNull();
    expect(localStorage.getItem(MEMORY_COUNT_KEY)).toBe('1');
  });

  it('appears when home opens with memories after a visit that had none', () => {
    localStorage.setItem(MEMORY_COUNT_KEY, '0');
    renderWith(1);
    act(() => vi.advanceTimersByTime(1_500));
    finishTransition();
    expect(tooltip()).not.toBeNull();
  });

  it('stays away when the stored count was already at least 1', () => {
    localStorage.setItem(MEMORY_COUNT_KEY, '1');
    renderWith(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(tooltip()).toBeNull();
  });

  it('stays away on a first visit that already has memories (nothing stored yet)', () => {
    renderWith(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(tooltip()).toBeNull();
    expect(localStorage.getItem(MEMORY_COUNT_KEY)).toBe('1');
  });

  it('waits while the count is unknown', () => {
    localStorage.setItem(MEMORY_COUNT_KEY, '0');
    renderWith(null);
    act(() => vi.advanceTimersByTime(5_000));
    expect(tooltip()).toBeNull();
    expect(localStorage.getItem(MEMORY_COUNT_KEY)).toBe('0');
  });

  it("'Got it!' dismisses it, and it does not come back", () => {
    const rerender = renderWith(0);
    rerender(1);
    act(() => vi.advanceTimersByTime(1_500));
    finishTransition();
    fireEvent.click(screen.getByRole('button', { name: 'Got it!' }));
    act(() => vi.advanceTimersByTime(500));
    expect(tooltip()).toBeNull();
    rerender(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(tooltip()).toBeNull();
  });
});
