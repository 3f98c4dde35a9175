// @vitest-environment jsdom
// Issue 20 "Always current": the bell's 30 s count poll is how a page hears of change. When the
// count moves, the list is asked once and what its new notifications name is invalidated; home
// and the timeline page fetch again on their return when the count moved. A fake clock runs
// the poll.
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../../common/notifications';
import { UNREAD_POLL_MS } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { refetchIfCountMoved, useUnreadCount } from './useUnreadCount';

const note = (id: string, type: Notification['type'], relatedMemoryId: string | null): Notification => ({
  id,
  type,
  title: 't',
  message: 'm',
  isRead: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  relatedMemoryId,
});

let count = 0;
let list: Notification[] = [];
let client: QueryClient;
const shown: number[] = [];

function Bell() {
  shown.push(useUnreadCount());
  return null;
}

const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
/** The cache as a page left it: every query answered and current. */
function fillCache() {
  for (const key of [
    queryKeys.memory('m1'),
    queryKeys.comments('m1'),
    queryKeys.memory('m2'),
    queryKeys.comments('m2'),
    queryKeys.memorySpotlight,
    queryKeys.timelineMemories('t1'),
    queryKeys.timelines,
    queryKeys.timelineMembers('t1'),
  ])
    client.setQueryData(key, 'x');
}
/** One poll, and the few milliseconds the answers and React's renders after it take. */
async function poll() {
  await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
  await act(() => vi.advanceTimersByTimeAsync(10));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  count = 0;
  list = [];
  shown.length = 0;
  vi.spyOn(api.notifications, 'unreadCount').mockImplementation(() => Promise.resolve({ count }));
  vi.spyOn(api.notifications, 'list').mockImplementation(() => Promise.resolve(list));
  client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity } } });
  fillCache();
});
afterEach(() => {
  cleanup();
  client.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function mountBell() {
  render(
    <QueryClientProvider client={client}>
      <Bell />
    </QueryClientProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('the unread count poll keeps the page current', () => {
  it('asks nothing more while the count stays where it was', async () => {
    count = 1;
    await mountBell();
    expect(shown.at(-1)).toBe(1);
    await poll();
    await poll();
    expect(api.notifications.unreadCount).toHaveBeenCalledTimes(3);
    expect(api.notifications.list).not.toHaveBeenCalled();
    expect(invalidated(queryKeys.memory('m1'))).toBe(false);
  });

  it('a comment the poll brings invalidates its memory, its comments and the lists, not another memory', async () => {
    await mountBell();
    count = 1;
    list = [note('n1', 'comment_added', 'm1')];
    await poll();
    expect(shown.at(-1)).toBe(1);
    expect(api.notifications.list).toHaveBeenCalledTimes(1);
    expect(invalidated(queryKeys.memory('m1'))).toBe(true);
    expect(invalidated(queryKeys.comments('m1'))).toBe(true);
    expect(invalidated(queryKeys.memorySpotlight)).toBe(true);
    expect(invalidated(queryKeys.timelineMemories('t1'))).toBe(true);
    expect(invalidated(queryKeys.memory('m2'))).toBe(false);
    expect(invalidated(queryKeys.timelines)).toBe(false);
  });

  it('acts only on notifications it has not seen: one already acted on names nothing again', async () => {
    await mountBell();
    count = 1;
    list = [note('n1', 'comment_added', 'm1')];
    await poll();
    fillCache(); // every query fetched again since
    count = 2;
    list = [note('n2', 'memory_shared', 'm2'), note('n1', 'comment_added', 'm1')];
    await poll();
    expect(api.notifications.list).toHaveBeenCalledTimes(2);
    expect(invalidated(queryKeys.memory('m2'))).toBe(true);
    expect(invalidated(queryKeys.memory('m1'))).toBe(false);
    expect(invalidated(queryKeys.comments('m1'))).toBe(false);
  });

  it('someone joining invalidates the timelines and their members, no memory', async () => {
    await mountBell();
    count = 1;
    list = [note('n1', 'family_joined', null)];
    await poll();
    expect(invalidated(queryKeys.timelines)).toBe(true);
    expect(invalidated(queryKeys.timelineMembers('t1'))).toBe(true);
    expect(invalidated(queryKeys.memorySpotlight)).toBe(false);
  });

  it('the panel opening on its own list answer applies the same rule', async () => {
    count = 1;
    await mountBell();
    list = [note('n1', 'comment_added', 'm1')];
    await act(() => client.fetchQuery({ queryKey: queryKeys.notifications, queryFn: api.notifications.list, staleTime: 0 }));
    expect(invalidated(queryKeys.comments('m1'))).toBe(true);
  });

  it('a list fetched before the count moved is fetched again on its return; one fetched after is not', async () => {
    await mountBell();
    const refetch = refetchIfCountMoved(client);
    const before = { state: { dataUpdatedAt: Date.now() } };
    expect(refetch(before as never)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    count = 3;
    await poll();
    expect(refetch(before as never)).toBe('always');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refetch({ state: { dataUpdatedAt: Date.now() } } as never)).toBe(true);
  });
});
