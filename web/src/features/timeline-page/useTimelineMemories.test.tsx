// @vitest-environment jsdom
// Issue 22: the timeline's pages ask again every 3 s while a memory on them awaits its words,
// so the words arrive without a reload, and stop once none does.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryPage } from '../../../../common/memories';
import { api } from '../../api/endpoints';
import { voicedMemory } from '../../test/voicedMemory';
import { useTimelineMemories } from './useTimelineMemories';

function renderTimeline() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useTimelineMemories('t1', {}), { wrapper });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const page = (...memories: MemoryPage['memories']): MemoryPage => ({ memories, nextCursor: null });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the timeline pages', () => {
  it('ask again every 3 s while a memory awaits its words, and stop when they arrive', async () => {
    const quiet = voicedMemory({ id: 'm0', transcriptionStatus: 'none' });
    const answers = [
      page(quiet, voicedMemory({ transcriptionStatus: 'working' })),
      page(quiet, voicedMemory({ transcriptionStatus: 'done', transcription: 'We ate outside.' })),
    ];
    const memoryPage = vi.spyOn(api.timelines, 'memoryPage').mockImplementation(async () => answers[Math.min(memoryPage.mock.calls.length - 1, 1)]!);
    const { result } = renderTimeline();
    await wait(0);
    expect(memoryPage).toHaveBeenCalledTimes(1);
    await wait(3_000);
    expect(memoryPage).toHaveBeenCalledTimes(2);
    await wait(100);
    expect(result.current.data?.pages[0]?.memories[1]?.transcription).toBe('We ate outside.');
    await wait(30_000);
    expect(memoryPage).toHaveBeenCalledTimes(2);
  });

  it('do not ask again when nothing awaits its words', async () => {
    const memoryPage = vi.spyOn(api.timelines, 'memoryPage').mockResolvedValue(page(voicedMemory({ transcriptionStatus: 'failed' })));
    renderTimeline();
    await wait(30_000);
    expect(memoryPage).toHaveBeenCalledTimes(1);
  });
});
