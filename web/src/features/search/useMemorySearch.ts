// memories §5, §8, §9: what the typed words and the filters find. Typing settles for 500 ms
// before a search goes out; an answer is kept for a minute, so the same search again is
// instant; a failed search finds nothing, as the spec says.
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SEARCH_CACHE_MS, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '../../../../common/limits';
import type { Memory } from '../../../../common/memories';
import { searchWords } from '../../../../common/search';
import { api, type SearchFilter } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
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
  /** The memories found, newest first; undefined until the first answer. */
  results: Memory[] | undefined;
  /** The words the results were found by, for highlighting. */
  words: string[];
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
  const query = useQuery({
    queryKey: queryKeys.search(filter),
    queryFn: () => api.memories.search(filter),
    enabled: settled.length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_CACHE_MS,
    gcTime: SEARCH_CACHE_MS,
    // Issue 22: a found memory whose words are on their way shows them when they come.
    refetchInterval: pollWhileWordsAwaited((memories: Memory[]) => memories.some(memoryAwaitsWords)),
  });
  useEffect(() => {
    if (query.error) console.error('Search failed', query.error);
  }, [query.error]);

  return {
    tooShort: typed.length < SEARCH_MIN_LENGTH,
    searching: typed !== settled || query.isFetching,
    results: query.isError ? [] : query.data,
    words: searchWords(settled),
  };
}
