// @vitest-environment jsdom
// Preview addresses for chosen files: kept through StrictMode's effect replay, released on
// unmount and when the files change. jsdom has no object URLs, so they are scripted.
import { cleanup, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useObjectUrls } from './useObjectUrls';

let made = 0;
const revoked: string[] = [];
const createObjectURL = vi.fn((_blob: Blob) => `blob:test/${++made}`);
const revokeObjectURL = vi.fn((url: string) => void revoked.push(url));

// Whatever the environment had (jsdom lacks revokeObjectURL) is put back afterwards.
const names = ['createObjectURL', 'revokeObjectURL'] as const;
const originals = names.map((name) => Object.getOwnPropertyDescriptor(URL, name));

beforeEach(() => {
  made = 0;
  revoked.length = 0;
  vi.useFakeTimers();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  // Unmount first so the deferred releases still find the stubs.
  cleanup();
  vi.runAllTimers();
  vi.useRealTimers();
  names.forEach((name, index) => {
    const original = originals[index];
    if (original) Object.defineProperty(URL, name, original);
    else Reflect.deleteProperty(URL, name);
  });
  vi.clearAllMocks();
});

const photo = (name: string) => new File([name], `${name}.png`, { type: 'image/png' });

describe('useObjectUrls', () => {
  it('keeps the addresses through StrictMode remounting the effect', () => {
    const blobs = [photo('garden'), photo('lake')];
    const { result } = renderHook(() => useObjectUrls(blobs), { wrapper: StrictMode });
    const urls = result.current;
    expect(urls).toHaveLength(2);
    expect(createObjectURL).toHaveBeenCalledWith(blobs[0]);
    // A release done at once, not a task later, would have revoked these during the replay.
    vi.runAllTimers();
    expect(revoked.filter((url) => urls.includes(url))).toEqual([]);
    expect(result.current).toBe(urls);
  });

  it('revokes the addresses a task after unmounting', () => {
    const { result, unmount } = renderHook(() => useObjectUrls([photo('garden')]), { wrapper: StrictMode });
    const urls = result.current;
    unmount();
    expect(revoked).toEqual([]);
    vi.runAllTimers();
    expect(revoked).toEqual(urls);
  });

  it.each([
    ['alone', undefined],
    ['under StrictMode', StrictMode],
  ])('revokes the old addresses, and only those, when the files change (%s)', (_label, wrapper) => {
    const { result, rerender } = renderHook(({ blobs }) => useObjectUrls(blobs), {
      initialProps: { blobs: [photo('garden'), photo('lake')] },
      wrapper,
    });
    const before = result.current;
    rerender({ blobs: [photo('beach')] });
    const after = result.current;
    expect(after).toHaveLength(1);
    expect(after.some((url) => before.includes(url))).toBe(false);
    vi.runAllTimers();
    expect(revoked).toEqual(expect.arrayContaining(before));
    expect(revoked.filter((url) => after.includes(url))).toEqual([]);
  });

  it('makes no new addresses while the same files are shown', () => {
    const blobs = [photo('garden')];
    const { result, rerender } = renderHook(() => useObjectUrls(blobs));
    const urls = result.current;
    rerender();
    vi.runAllTimers();
    expect(result.current).toBe(urls);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(revoked).toEqual([]);
  });
});
