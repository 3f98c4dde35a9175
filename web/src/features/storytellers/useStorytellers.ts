import { useQuery } from '@tanstack/react-query';
import type { Storyteller } from '../../../../common/storytellers';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

const none = new Map<string, Storyteller>();

/** A timeline's storytellers by user id, asked for only when its member list holds one. */
export function useStorytellers(timelineId: string, enabled = true): Map<string, Storyteller> {
  const query = useQuery({
    queryKey: queryKeys.storytellers(timelineId),
    queryFn: () => api.storytellers.list(timelineId),
    enabled,
    select: (storytellers) => new Map(storytellers.map((storyteller) => [storyteller.id, storyteller])),
  });
  return query.data ?? none;
}
