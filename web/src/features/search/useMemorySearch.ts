// memories §5, §8, §9: what the typed words and the filters find. Typing settles for 500 ms
// before a search goes out; an answer is kept for a minute, so the same search again is
// instant; a failed search finds nothing, as the spec says. The results come a page at a
// time (SEARCH_PAGE_SIZE), so a broad word over a large family asks for 20, not 45 000.
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { SEARCH_CACHE_MS, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE } from '../../../../common/limits';
import type { Memory, MemoryPage } from '../../../../common/memories';
import { searchWords } from '../../../../common/search';
import { api, type SearchFilter } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { uniqueMemories } from '../../lib/memoryPages';
import { memoryAwaitsWords, pollWhileWordsAwaited } from '../../lib/wordsPolling';

/** The dialog's filters beside the text: days yyyy-MM-dd (either may be open), photos, timelines. */
export interface SearchFilters {
  dates: [string | null, string | null];
  withImages: boolean;
  timelineIds: string[];
}

export interface MemorySearch {
  /** Fewer than 2 characters typed (memories §5): the hint shows, nothing is asked. */
  tooShort: boolean;
  /** Waiting for the typing to settle or for the answer. */
  searching: boolean;
  /** The memories found so far, newest first; undefined until the first answer. */
  results: Memory[] | undefined;
  /** The words the results were found by, for highlighting. */
  words: string[];
  /** More pages remain after the results shown. */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** The next page failed; the results shown stay, and loadMore asks again. */
  loadMoreFailed: boolean;
  loadMore: () => void;
}

export function useMemorySearch(text: string, filters: SearchFilters): MemorySearch {
  const typed = text.trim();
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [start, end] = filters.dates;
  const filter: SearchFilter = {
    q: settled,
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    withImages: filters.withImages,
    timelineIds: filters.timelineIds,
  };
  const query = useInfiniteQuery({
    queryKey: queryKeys.search(filter),
    queryFn: ({ pageParam }) => api.memories.search(filter, { cursor: pageParam, limit: SEARCH_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: settled.length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
    // Issue 22: a found memory whose words are on their way shows them when they come.
    refetchInterval: pollWhileWordsAwaited((data: InfiniteData<MemoryPage>) => data.pages.some((page) => page.memories.some(memoryAwaitsWords))),
  });
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (error) console.error('Search failed', error);
  }, [error]);
  const found = useMemo(() => (data ? uniqueMemories(data.pages) : undefined), [data]);
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  // A failed first answer finds nothing (memories §8); a failed next page keeps what was found.
  const failed = query.isError && !query.isFetchNextPageError;

  return {
    tooShort: typed.length < SEARCH_MIN_LENGTH,
    searching: typed !== settled || (query.isFetching && !isFetchingNextPage),
    results: failed ? [] : found,
    words: searchWords(settled),
    hasMore: !failed && hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore,
  };
}

