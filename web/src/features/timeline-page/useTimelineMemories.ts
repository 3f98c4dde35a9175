// GET /api/timelines/{id}/memories in pages of 20 (DESIGN "API": cursor and limit), and the
// days that hold memories for the calendar.
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MemoryPage } from '../../../../common/memories';
import { TIMELINE_PAGE_SIZE } from '../../../../common/limits';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { memoryAwaitsWords, pollWhileWordsAwaited } from '../../lib/wordsPolling';
import { refetchIfCountMoved } from '../notifications';

export function useTimelineMemories(timelineId: string, filter: { start?: string; end?: string }) {
  const client = useQueryClient();
  return useInfiniteQuery({
    // Issue 20 "Always current": coming back after the unread count moved fetches from the first page again.
    refetchOnMount: refetchIfCountMoved(client),
    queryKey: queryKeys.timelineMemories(timelineId, filter),
    queryFn: ({ pageParam }) => api.timelines.memoryPage(timelineId, { cursor: pageParam, limit: TIMELINE_PAGE_SIZE, ...filter }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Issue 22: words on their way to a memory shown here arrive without a reload.
    refetchInterval: pollWhileWordsAwaited((data: InfiniteData<MemoryPage>) => data.pages.some((page) => page.memories.some(memoryAwaitsWords))),
  });
}

export function useMemoryDays(timelineId: string, enabled: boolean) {
  const query = useQuery({ queryKey: queryKeys.timelineMemoryDays(timelineId), queryFn: () => api.timelines.memoryDays(timelineId), enabled });
  return { days: query.data?.days, isLoading: query.isPending && enabled, isError: query.isError };
}
