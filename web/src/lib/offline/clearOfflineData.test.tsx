// @vitest-environment jsdom
// Issue 26: what the service worker kept on this device is one person's alone.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE, MEDIA_CACHE } from './caches';
import { clearOfflineData, useOfflineDataFor } from './clearOfflineData';

let deleted: string[] = [];
beforeEach(() => {
  deleted = [];
  localStorage.clear();
  vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the offline data of one person', () => {
  it('sign-out deletes the kept answers and photos', async () => {
    await clearOfflineData();
    expect(deleted.sort()).toEqual([API_CACHE, MEDIA_CACHE].sort());
  });

  it('stays for the same person, and goes when another person is signed in on this device', async () => {
    const { rerender } = renderHook(({ id }) => useOfflineDataFor(id), { initialProps: { id: 'rose' } });
    await waitFor(() => expect(localStorage.getItem('heirloom.offline.keptFor')).toBe('rose'));
    expect(deleted).toEqual([]);
    rerender({ id: 'rose' });
    expect(deleted).toEqual([]);
    rerender({ id: 'jack' });
    await waitFor(() => expect(localStorage.getItem('heirloom.offline.keptFor')).toBe('jack'));
    expect(deleted.sort()).toEqual([API_CACHE, MEDIA_CACHE].sort());
  });
});
