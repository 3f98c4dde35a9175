// @vitest-environment jsdom
// Issue 22: the comments of a memory ask again every 3 s while a voice comment's words are on
// their way, so they arrive without a reload, and stop asking once they are there.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../common/comments';
import { api } from '../../api/endpoints';
import { useComments } from './useComments';

const voiceComment = (overrides: Partial<Comment>): Comment => ({
  id: 'c1',
  memoryId: 'm1',
  userId: 'u2',
  content: null,
  transcription: null,
  transcriptionStatus: 'queued',
  audioUrl: '/uploads/comment.webm',
  createdAt: '2026-11-26T06:00:00.000Z',
  user: { id: 'u2', displayName: 'Bea', firstName: null, lastName: null, email: 'bea@example.org', profileImageUrl: null, isStoryteller: false },
  abilities: { canDelete: false },
  ...overrides,
});

function renderComments() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useComments('m1'), { wrapper });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the comments query', () => {
  it('asks again every 3 s while a voice comment awaits its words, and stops when they arrive', async () => {
    const answers = [
      [voiceComment({ transcriptionStatus: 'queued' })],
      [voiceComment({ transcriptionStatus: 'working' })],
      [voiceComment({ transcriptionStatus: 'done', transcription: 'What a day.' })],
    ];
    const list = vi.spyOn(api.comments, 'list').mockImplementation(async () => answers[Math.min(list.mock.calls.length - 1, 2)]!);
    const { result } = renderComments();
    await wait(0);
    expect(list).toHaveBeenCalledTimes(1);
    await wait(2_999);
    expect(list).toHaveBeenCalledTimes(1);
    await wait(1);
    expect(list).toHaveBeenCalledTimes(2);
    await wait(3_000);
    expect(list).toHaveBeenCalledTimes(3);
    // The answer settles and React Query tells its observers over the next ticks.
    await wait(100);
    expect(result.current.data?.[0]?.transcription).toBe('What a day.');
    await wait(30_000);
    expect(list).toHaveBeenCalledTimes(3);
  });

  it('does not ask again when no words are on their way', async () => {
    const list = vi.spyOn(api.comments, 'list').mockResolvedValue([voiceComment({ transcriptionStatus: 'failed' }), voiceComment({ id: 'c2', audioUrl: null, content: 'Hi', transcriptionStatus: 'none' })]);
    renderComments();
    await wait(30_000);
    expect(list).toHaveBeenCalledTimes(1);
  });
});
