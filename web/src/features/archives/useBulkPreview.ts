// memories §4, §7: the preview of the chosen dates. With an active timeline, its memories
// (GET /api/timelines/{id}/memories?start&end, every page); without one, every memory the
// person may view in the range (GET /api/bulk-download/memories).
import { useQuery } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '../../../../common/limits';
import type { Memory } from '../../../../common/memories';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { rangeInstants } from './bulkRange';

async function timelineMemoriesIn(timelineId: string, range: { start: string; end: string }): Promise<Memory[]> {
  const memories: Memory[] = [];
  let cursor: string | null = null;
  do {
    const page = await api.timelines.memoryPage(timelineId, { ...range, cursor, limit: PAGE_LIMIT_MAX });
    memories.push(...page.memories);
    cursor = page.nextCursor;
  } while (cursor);
  return memories;
}

/** The memories between two days (yyyy-MM-dd), or nothing asked while `days` is null. */
export function useBulkPreview(days: { start: string; end: string } | null, timelineId: string | null) {
  return useQuery({
    queryKey: queryKeys.bulkPreview(days?.start ?? '', days?.end ?? '', timelineId),
    queryFn: () => {
      const range = rangeInstants(days!.start, days!.end);
      return timelineId ? timelineMemoriesIn(timelineId, range) : api.archives.memoriesInRange(range.start, range.end);
    },
    enabled: days !== null,
    // What others shared since counts too: read afresh for each new look.
    staleTime: 0,
  });
}
