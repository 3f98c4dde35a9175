// @vitest-environment jsdom
// Issue 26: a part of the app whose code did not arrive is asked for again until it comes, its
// fallback shown meanwhile: after a pause on a weak signal, as soon as the connection returns
// when there is none. React.lazy alone kept the failure and took the app down.
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_RETRY_MS } from '../../../common/limits';
import { lazyLoaded, usePartReady, type LazyPart } from './lazyLoaded';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

/** A loader that fails `failures` times, then gives the part; and how often it was asked. */
function flakyLoader(failures: number) {
  const asked = { count: 0 };
  const load = async () => {
    asked.count += 1;
    if (asked.count <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return function Part() {
      return <p>The part is here</p>;
    };
  };
  return { load, asked };
}

function renderPart(Part: React.ComponentType) {
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Part />
    </Suspense>,
  );
}

/** Lets the loader's promises settle, with no time passing. */
const settle = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setOnline(true);
});

describe('lazyLoaded', () => {
  it('on a weak signal, asks again after a pause and shows the part once it comes', async () => {
    setOnline(true);
    const { load, asked } = flakyLoader(2);
    renderPart(lazyLoaded(load));
    await settle();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(asked.count).toBe(1);

    await act(async () => vi.advanceTimersByTime(CODE_RETRY_MS - 1));
    expect(asked.count).toBe(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(asked.count).toBe(2);
    expect(screen.getByText('Loading...')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(CODE_RETRY_MS));
    expect(asked.count).toBe(3);
    await settle();
    expect(screen.getByText('The part is here')).toBeTruthy();
  });

  it('with no connection, waits for it to return rather than asking on a timer', async () => {
    setOnline(false);
    const { load, asked } = flakyLoader(1);
    renderPart(lazyLoaded(load));
    await settle();
    await act(async () => vi.advanceTimersByTime(10 * CODE_RETRY_MS));
    expect(asked.count).toBe(1);
    expect(screen.getByText('Loading...')).toBeTruthy();

    setOnline(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(asked.count).toBe(2);
    await settle();
    expect(screen.getByText('The part is here')).toBeTruthy();
  });

  it('once preloaded, renders the part in its first render, with no fallback for React to hold', async () => {
    const { load, asked } = flakyLoader(0);
    const Part = lazyLoaded(load);
    await Part.preload();
    renderPart(Part);
    expect(screen.getByText('The part is here')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(asked.count).toBe(1);
  });

  it('a preload that fails leaves the part to ask again when it mounts', async () => {
    setOnline(true);
    const { load, asked } = flakyLoader(1);
    const Part = lazyLoaded(load);
    await expect(Part.preload()).rejects.toThrow('Failed to fetch');
    renderPart(Part);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await settle();
    expect(asked.count).toBe(2);
    expect(screen.getByText('The part is here')).toBeTruthy();
  });
});

/** A dialog's host: the part shown only while wanted, once usePartReady says its code is here. */
function Host({ part: Part, wanted }: { part: LazyPart<object>; wanted: boolean }) {
  const ready = usePartReady(Part, wanted);
  if (!wanted || !ready) return null;
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <Part />
    </Suspense>
  );
}

describe('usePartReady', () => {
  it('fetches nothing until wanted, then shows the part once its code is here, never a fallback', async () => {
    const { load, asked } = flakyLoader(0);
    const Part = lazyLoaded(load);
    const { rerender } = render(<Host part={Part} wanted={false} />);
    await settle();
    expect(asked.count).toBe(0);

    rerender(<Host part={Part} wanted />);
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByText('The part is here')).toBeNull();
    await settle();
    expect(screen.getByText('The part is here')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(asked.count).toBe(1);
  });

  it('when the fetch fails, mounts the part all the same, which asks again behind its fallback', async () => {
    setOnline(true);
    const { load, asked } = flakyLoader(2);
    const Part = lazyLoaded(load);
    render(<Host part={Part} wanted />);
    await settle();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(asked.count).toBe(2);
    await act(async () => vi.advanceTimersByTime(CODE_RETRY_MS));
    await settle();
    expect(asked.count).toBe(3);
    expect(screen.getByText('The part is here')).toBeTruthy();
  });
});
