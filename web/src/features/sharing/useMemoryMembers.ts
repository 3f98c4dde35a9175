// memories §7: GET /api/timelines/{id}/members once per timeline of the memory; the lists are
// merged and de-duplicated (§2); a list that fails says which timeline (§8).
import { useQueries } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { mergeMembers } from './shareRules';

export function useMemoryMembers(timelineIds: readonly string[], currentUserId: string, enabled: boolean) {
  const results = useQueries({
    queries: timelineIds.map((timelineId) => ({
      queryKey: queryKeys.timelineMembers(timelineId),
      queryFn: () => api.timelines.members(timelineId),
      enabled,
      // Members change as people join: read afresh each time the dialog opens.
      staleTime: 0,
    })),
  });

  const failed = timelineIds.filter((_, index) => results[index]?.isError);
  const failedKey = failed.join(',');
  const reported = useRef(new Set<string>());
  useEffect(() => {
    for (const timelineId of failedKey ? failedKey.split(',') : []) {
      if (reported.current.has(timelineId)) continue;
      reported.current.add(timelineId);
      toast.error(messages.shareMembersFetchFailed(timelineId));
    }
  }, [failedKey]);

  // A few dozen people at most: merged afresh on each render.
  const members = mergeMembers(
    results.map((result) => result.data),
    currentUserId,
  );
  return { members, isLoading: results.some((result) => result.isPending && result.fetchStatus !== 'idle') };
}
