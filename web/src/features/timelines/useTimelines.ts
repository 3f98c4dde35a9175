import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

export function useTimelines() {
  const query = useQuery({ queryKey: queryKeys.timelines, queryFn: api.timelines.list });
  return { timelines: query.data ?? [], isLoading: query.isPending, error: query.error };
}
